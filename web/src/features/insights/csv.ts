import type { Insight, InsightChart } from './api';
import { plainInsightValue } from './format';

/** A CSV field (RFC 4180): quoted, its quotes doubled, when it holds a comma, a quote or a line break; text a spreadsheet would run as a formula starts with an apostrophe. */
function csvField(text: string): string {
  const inert = /^[=+\-@\t\r]/.test(text) && !/^-?\d/.test(text) ? `'${text}` : text;
  return /[",\r\n]/.test(inert) ? `"${inert.replaceAll('"', '""')}"` : inert;
}

/** A chart's table as CSV: its category and series labels, then a line per row with each value plainly (empty when missing). */
export function chartCsv(chart: InsightChart): string {
  const header = [chart.category, ...chart.series.map((s) => s.label)];
  const rows = chart.rows.map((row) => [row.label, ...chart.series.map((s) => plainInsightValue(row.values[s.key], s.unit))]);
  return [header, ...rows].map((fields) => fields.map(csvField).join(',') + '\r\n').join('');
}

/** The CSV's file name, e.g. volume-byProduct-2026-09-01-2026-11-27.csv. */
export function chartCsvFileName(insight: Pick<Insight, 'metric' | 'from' | 'to'>, chart: InsightChart): string {
  return `${insight.metric}-${chart.key}-${insight.from}-${insight.to}.csv`;
}
