import { readFileSync } from 'node:fs';
import { expect, test, type Page } from '@playwright/test';
import { apiGet, checkBothWidths, day, mainNav, newPage } from './helpers';

/*
 * Insights, as staff and a lender read them: the staff desk opens Insights from its menu, reads the
 * volume of a past range (so that other tests' orders of today do not move it) as figures, a chart and
 * the same numbers as a table and a CSV file; picks Month and Turn Time, each kept in the link; a
 * lender opens its own Insights without the desk's money tabs. Axe and screenshots at 1280 and 390.
 */

interface Insight {
  figures: { key: string; label: string; value: number | null }[];
  charts: { key: string; title: string; category: string; series: { key: string; label: string }[]; rows: { label: string; values: Record<string, number | null> }[] }[];
}

const range = `from=${day(-120)}&to=${day(-7)}`;

async function figureValue(page: Page, label: string) {
  return page
    .locator('dl')
    .filter({ has: page.locator('dt', { hasText: new RegExp(`^${label}$`) }) })
    .locator('dd')
    .first();
}

test('staff and a lender read their insights as charts, tables and CSV', async ({ browser }) => {
  test.setTimeout(120_000);
  const staff = await newPage(browser, 'demo.staff');
  await mainNav(staff).getByRole('link', { name: 'Insights' }).click();
  await expect(staff).toHaveURL(/\/staff\/insights/);
  await expect(staff.getByRole('heading', { level: 1, name: 'Insights' })).toBeVisible();

  await staff.goto(`/staff/insights?metric=volume&${range}`);
  const volume = await apiGet<Insight>(staff, `/api/staff/insights/volume?${range}`);
  const received = volume.figures.find((f) => f.key === 'received')!.value!;
  await expect(await figureValue(staff, 'Received')).toHaveText(received.toLocaleString('en-US'));
  const card = staff.getByRole('region', { name: 'Orders per week' });
  await expect(card.getByRole('img', { name: 'Orders per week' })).toBeVisible();
  await checkBothWidths(staff, (v) => `insights-staff-volume-${v.name}.png`, { ready: () => card });

  // The table holds the chart's numbers, and the CSV the table's.
  await card.getByRole('radiogroup').getByText('Table', { exact: true }).click();
  const table = card.getByRole('table');
  const chart = volume.charts[0]!;
  await expect(table.locator('tbody tr')).toHaveCount(chart.rows.length);
  await expect(table.locator('tbody tr').first().locator('td, th').first()).toHaveText(chart.rows[0]!.label);
  const [download] = await Promise.all([staff.waitForEvent('download'), card.getByRole('button', { name: /Download CSV/ }).click()]);
  const csv = readFileSync((await download.path())!, 'utf8')
    .trim()
    .split(/\r\n/);
  expect(csv[0]).toBe([chart.category, ...chart.series.map((s) => s.label)].join(','));
  expect(csv).toHaveLength(chart.rows.length + 1);
  const total = csv.slice(1).reduce((sum, line) => sum + Number(line.split(',').at(-3)), 0);
  expect(total).toBe(received);

  // Month and Turn Time are kept in the link.
  await staff.getByRole('radiogroup', { name: 'Interval' }).getByText('Month', { exact: true }).click();
  await expect(staff).toHaveURL(/interval=month/);
  await expect(staff.getByRole('region', { name: 'Orders per month' })).toBeVisible();
  await staff.getByRole('tab', { name: 'Turn Time' }).click();
  await expect(staff).toHaveURL(/metric=turn-time.*interval=month|interval=month.*metric=turn-time/);
  await expect(staff.getByRole('region', { name: 'Turn time by product' })).toBeVisible();
  await staff.reload();
  await expect(staff.getByRole('tab', { name: 'Turn Time', selected: true })).toBeVisible();
  await staff.getByRole('button', { name: 'Clear filters' }).click();
  await expect(staff).toHaveURL(/\/staff\/insights\?metric=turn-time$/);
  await checkBothWidths(staff, (v) => `insights-staff-turn-time-${v.name}.png`, { ready: () => staff.getByRole('region', { name: 'Turn time by state' }) });

  // A lender reads its own orders, without the desk's money.
  const lender = await newPage(browser, 'demo.client');
  await mainNav(lender).getByRole('link', { name: 'Insights' }).click();
  await expect(lender.getByRole('tab')).toHaveText(['Volume', 'Pipeline', 'Turn Time', 'Quality', 'Invoices']);
  await lender.getByRole('tab', { name: 'Pipeline' }).click();
  await expect(lender.getByRole('region', { name: 'Open orders by status' })).toBeVisible();
  await expect(lender.getByLabel('From')).toHaveCount(0);
  await checkBothWidths(lender, (v) => `insights-lender-pipeline-${v.name}.png`, { ready: () => lender.getByRole('region', { name: 'Open orders by status' }) });
});
