import { BarChart, LineChart } from '@mantine/charts';
import { Box } from '@mantine/core';
import type { InsightChart } from './api';
import { formatInsightValue } from './format';

export const CHART_HEIGHT = 280;

/** Theme colours dark enough against white, in the order the series take them. */
const COLORS = ['blue.7', 'orange.8', 'teal.8', 'grape.7', 'red.8', 'gray.7'];
/** Each line's dash pattern, so that lines differ by more than their colour. */
const DASHES = [undefined, '8 4', '2 4', '8 4 2 4', '12 4', '4 8'];

/** Room for the longest tick of the value axis ($12,345.00, 12.5 days). */
const VALUE_AXIS_WIDTH = 80;

/** The key of a data point's category (its row's label), beside the series' keys. */
const CATEGORY = 'category';

/** The lines or bars of a chart: the series in its unit (the table shows the others), each its colour, and each line its dashes. */
export function plotSeries(chart: InsightChart) {
  return chart.series
    .filter((s) => s.unit === chart.unit)
    .map((s, i) => ({ name: s.key, label: s.label, color: COLORS[i % COLORS.length], strokeDasharray: chart.kind === 'line' ? DASHES[i % DASHES.length] : undefined }));
}

/** The height of one category's bars when they lie across, so that every label has its line. */
const ROW_HEIGHT = 28;
/** Room for a category's name beside its bars (a status, a product, an appraiser). */
const CATEGORY_AXIS_WIDTH = 150;

/** A chart's plot: a line chart, bars or stacked bars, with a legend in the series' order and formatted tooltips; a missing value is a gap. Bars of categories (statuses, products, people) lie across, one line each. */
export function InsightPlot({ chart }: { chart: InsightChart }) {
  const data = chart.rows.map((row) => ({ ...row.values, [CATEGORY]: row.label }));
  const series = plotSeries(chart);
  const across = chart.kind !== 'line' && !chart.byTime;
  const common = {
    h: across ? Math.max(CHART_HEIGHT, chart.rows.length * ROW_HEIGHT + 90) : CHART_HEIGHT,
    data,
    dataKey: CATEGORY,
    series,
    withLegend: true,
    legendProps: { itemSorter: (item: { dataKey?: unknown }) => series.findIndex((s) => s.name === item.dataKey) },
    valueFormatter: (value: number) => formatInsightValue(value, chart.unit),
  };
  return (
    <Box component="figure" m={0} role="img" aria-label={chart.title}>
      {chart.kind === 'line' ? (
        <LineChart {...common} yAxisProps={{ width: VALUE_AXIS_WIDTH }} connectNulls={false} />
      ) : (
        <BarChart
          {...common}
          type={chart.kind === 'stacked' ? 'stacked' : 'default'}
          orientation={across ? 'vertical' : 'horizontal'}
          yAxisProps={{ width: across ? CATEGORY_AXIS_WIDTH : VALUE_AXIS_WIDTH }}
        />
      )}
    </Box>
  );
}
