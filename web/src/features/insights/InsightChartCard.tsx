import { Button, Group, Paper, SegmentedControl, Stack, Text, Title } from '@mantine/core';
import { useId, useState } from 'react';
import { saveBlob } from '../../lib/fileTransfer';
import type { Insight, InsightChart, InsightMetric } from './api';
import { chartCsv, chartCsvFileName } from './csv';
import { InsightPlot } from './InsightPlot';
import { InsightTable } from './InsightTable';

export const MSG_NO_ORDERS = 'No orders in this range. Widen the dates or clear a filter.';

/** What an empty chart says when the server gives no words of its own: most metrics count orders. */
const EMPTY_TEXT: Partial<Record<InsightMetric, string>> = {
  receivables: 'No unpaid invoices.',
  'appraiser-pay': 'No appraiser payments in this range.',
};

type View = 'chart' | 'table';

const VIEWS: { value: View; label: string }[] = [
  { value: 'chart', label: 'Chart' },
  { value: 'table', label: 'Table' },
];

export interface InsightChartCardProps {
  chart: InsightChart;
  /** The metric and range the chart belongs to (its empty text and its CSV's file name). */
  insight: Pick<Insight, 'metric' | 'from' | 'to'>;
}

/** One chart of a metric: its title, the plot or its table of numbers, and the numbers as a CSV file. */
export function InsightChartCard({ chart, insight }: InsightChartCardProps) {
  const [view, setView] = useState<View>('chart');
  const titleId = useId();
  const download = () => saveBlob(new Blob([chartCsv(chart)], { type: 'text/csv;charset=utf-8' }), chartCsvFileName(insight, chart));
  const empty = chart.rows.length === 0;
  return (
    <Paper withBorder radius="md" p="md" component="section" aria-labelledby={titleId} miw={0}>
      <Stack gap="sm">
        <Group justify="space-between" align="center" gap="xs">
          <Title order={3} size="h4" id={titleId}>
            {chart.title}
          </Title>
          {empty ? null : (
            <Group gap="xs">
              <SegmentedControl size="xs" aria-label={`Show ${chart.title} as`} data={VIEWS} value={view} onChange={(v) => setView(v as View)} />
              <Button size="compact-sm" variant="default" onClick={download} aria-label={`Download CSV of ${chart.title}`}>
                Download CSV
              </Button>
            </Group>
          )}
        </Group>
        {empty ? (
          <Text c="gray.8">{chart.emptyText || (EMPTY_TEXT[insight.metric] ?? MSG_NO_ORDERS)}</Text>
        ) : view === 'chart' ? (
          <InsightPlot chart={chart} />
        ) : (
          <InsightTable chart={chart} />
        )}
      </Stack>
    </Paper>
  );
}
