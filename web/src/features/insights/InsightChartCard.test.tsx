import { fireEvent, render, screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { Providers } from '../../app/Providers';
import { createQueryClient } from '../../app/queryClient';
import type { Insight, InsightChart } from './api';
import { InsightChartCard, MSG_NO_ORDERS } from './InsightChartCard';
import { volumeChart, volumeInsight } from './testInsights';

const show = (chart: InsightChart, insight: Pick<Insight, 'metric' | 'from' | 'to'> = volumeInsight) =>
  render(
    <Providers queryClient={createQueryClient()}>
      <InsightChartCard chart={chart} insight={insight} />
    </Providers>,
  );

/** A table row's header and data cells' text. */
const cellTexts = (row: HTMLElement) => Array.from(row.querySelectorAll('th, td'), (c) => c.textContent);

describe('InsightChartCard', () => {
  it('shows the chart under its title, and on Table the same numbers as the response, formatted', () => {
    show(volumeChart);
    const card = screen.getByRole('region', { name: 'Orders per week' });
    expect(within(card).getByRole('img', { name: 'Orders per week' })).toBeInTheDocument();
    expect(within(card).queryByRole('table')).not.toBeInTheDocument();

    fireEvent.click(within(card).getByRole('radio', { name: 'Table' }));
    const table = within(card).getByRole('table', { name: 'Orders per week' });
    expect(within(card).queryByRole('img')).not.toBeInTheDocument();
    const [header, ...rows] = within(table).getAllByRole('row');
    expect(cellTexts(header!)).toEqual(['Week of', 'Received', 'Delivered', 'Cancelled']);
    expect(rows.map(cellTexts)).toEqual([
      ['Aug 31, 2026', '1,203', '2', '0'],
      ['Sep 7, 2026', '4', '—', '1'],
    ]);
  });

  it('shows every series in the table, whatever its unit', () => {
    const quality: InsightChart = {
      key: 'byProduct',
      title: 'Quality by product',
      kind: 'bar',
      unit: 'percent',
      byTime: false,
      category: 'Product',
      series: [
        { key: 'reports', label: 'Reports', unit: 'count' },
        { key: 'onTime', label: 'On time', unit: 'percent' },
      ],
      rows: [{ key: '1', label: '1004 Single Family', values: { reports: 12, onTime: 91.66 } }],
    };
    show(quality, { metric: 'quality', from: '2026-09-01', to: '2026-11-27' });
    fireEvent.click(screen.getByRole('radio', { name: 'Table' }));
    const [, row] = within(screen.getByRole('table', { name: 'Quality by product' })).getAllByRole('row');
    expect(cellTexts(row!)).toEqual(['1004 Single Family', '12', '91.7%']);
  });

  it('downloads the CSV of the numbers, named by metric, chart and range', async () => {
    const saved: { name: string; blob: Blob }[] = [];
    Object.assign(URL, { createObjectURL: (blob: Blob) => (saved.push({ name: '', blob }), 'blob:test/1'), revokeObjectURL: () => {} });
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      saved[saved.length - 1]!.name = this.download;
    });
    show(volumeChart);
    fireEvent.click(screen.getByRole('button', { name: 'Download CSV of Orders per week' }));
    expect(click).toHaveBeenCalledOnce();
    expect(saved[0]!.name).toBe('volume-volume-2026-09-01-2026-11-27.csv');
    expect(await saved[0]!.blob.text()).toBe('Week of,Received,Delivered,Cancelled\r\n"Aug 31, 2026",1203,2,0\r\n"Sep 7, 2026",4,,1\r\n');
  });

  it.each([
    ['volume', null, MSG_NO_ORDERS],
    ['receivables', null, 'No unpaid invoices.'],
    ['appraiser-pay', null, 'No appraiser payments in this range.'],
    ['volume', 'No orders of this product yet.', 'No orders of this product yet.'],
  ] as const)('a %s chart without rows (empty text %s) says %s, with nothing to plot or download', (metric, emptyText, text) => {
    show({ ...volumeChart, rows: [], emptyText }, { metric, from: '2026-09-01', to: '2026-11-27' });
    expect(screen.getByText(text)).toBeInTheDocument();
    expect(screen.queryByRole('img')).not.toBeInTheDocument();
    expect(screen.queryByRole('radiogroup')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Download CSV/ })).not.toBeInTheDocument();
  });
});
