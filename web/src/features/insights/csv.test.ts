import { describe, expect, it } from 'vitest';
import type { InsightChart } from './api';
import { chartCsv, chartCsvFileName } from './csv';

const revenueByClient: InsightChart = {
  key: 'byClient',
  title: 'Revenue by client',
  kind: 'bar',
  unit: 'cents',
  category: 'Client',
  byTime: false,
  series: [
    { key: 'invoiced', label: 'Invoiced', unit: 'cents' },
    { key: 'orders', label: 'Orders', unit: 'count' },
    { key: 'onTime', label: 'On "time"', unit: 'percent' },
    { key: 'turnTime', label: 'Turn time', unit: 'businessDays' },
  ],
  rows: [
    { key: '3', label: 'Acme Lending, LLC', values: { invoiced: 123456, orders: 1204, onTime: 87.25, turnTime: 3.5 } },
    { key: '4', label: 'Bluebird Bank', values: { invoiced: 5, orders: 1, onTime: null, turnTime: null } },
  ],
};

describe('chartCsv', () => {
  it("writes the table's numbers: category and series labels, a line per row, plain values, quoted where RFC 4180 asks", () => {
    expect(chartCsv(revenueByClient)).toBe(
      ['Client,Invoiced,Orders,"On ""time""",Turn time', '"Acme Lending, LLC",1234.56,1204,87.3,3.5', 'Bluebird Bank,0.05,1,,', ''].join('\r\n'),
    );
  });

  it('keeps a label a spreadsheet would run as a formula as text, and negative numbers as numbers', () => {
    const chart: InsightChart = {
      ...revenueByClient,
      series: [{ key: 'invoiced', label: 'Margin', unit: 'cents' }],
      rows: [
        { key: '5', label: '=HYPERLINK("http://x")', values: { invoiced: -250 } },
        { key: '6', label: '@Lender', values: { invoiced: 100 } },
      ],
    };
    expect(chartCsv(chart)).toBe(['Client,Margin', '"\'=HYPERLINK(""http://x"")",-2.50', "'@Lender,1.00", ''].join('\r\n'));
  });

  it('writes only the header for a chart without rows', () => {
    expect(chartCsv({ ...revenueByClient, rows: [] })).toBe('Client,Invoiced,Orders,"On ""time""",Turn time\r\n');
  });
});

describe('chartCsvFileName', () => {
  it('names the file by metric, chart and range', () => {
    expect(chartCsvFileName({ metric: 'revenue', from: '2026-09-01', to: '2026-11-27' }, revenueByClient)).toBe('revenue-byClient-2026-09-01-2026-11-27.csv');
  });
});
