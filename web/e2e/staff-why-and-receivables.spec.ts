import { expect, test, type Locator } from '@playwright/test';
import { apiGet, apiSend, checkBothWidths, newPage, placeOrder } from './helpers';

/*
 * What staff read about money and about automatic assignment: Receivables opens with what the
 * lenders owe (outstanding, overdue, the ageing by days past due) summed over every invoice whatever
 * the filter; "Why this appraiser" shows each candidate's points per part as a stacked bar with the
 * numbers, adding up to the score, in a table that fits its card and in cards on a phone. Axe at
 * 1280 and 390.
 */

interface Invoice {
  balanceCents: number;
  status: string;
  daysOverdue: number;
}

interface Decision {
  candidates: { appraiserId: number; score: number; points?: Record<string, number> }[];
}

const usd = (cents: number) => new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' }).format(cents / 100);
const sum = (invoices: Invoice[]) => invoices.reduce((total, i) => total + i.balanceCents, 0);

/** The value of the figure labelled `label` in `within` (a StatGrid's dl: dt label, dd value). */
const figure = (within: Locator, label: string) =>
  within
    .locator('dl')
    .filter({ has: within.page().locator('dt', { hasText: new RegExp(`^${label}$`) }) })
    .locator('dd')
    .first();

test('staff: Receivables sums up what the lenders owe; Why this appraiser shows the points per part', async ({ browser }) => {
  test.setTimeout(120_000);
  const staff = await newPage(browser, 'demo.staff');

  // Receivables: the money picture over every invoice, whichever filter is chosen.
  await staff.goto('/staff/receivables');
  await expect(staff.getByRole('heading', { level: 1, name: 'Receivables' })).toBeVisible();
  const owed = (await apiGet<Invoice[]>(staff, '/api/staff/invoices')).filter((i) => i.status !== 'paid' && i.balanceCents > 0);
  const picture = staff.getByRole('region', { name: 'Money owed' });
  await expect(figure(picture, 'Outstanding')).toHaveText(usd(sum(owed)));
  await expect(figure(picture, 'Overdue')).toHaveText(usd(sum(owed.filter((i) => i.daysOverdue > 0))));
  const ageing = picture.getByRole('group', { name: 'Ageing by days past due' });
  await expect(ageing.locator('dt')).toHaveText(['Current', '1-30 days', '31-60 days', '61-90 days', 'Over 90 days']);
  await expect(figure(ageing, 'Over 90 days')).toHaveText(usd(sum(owed.filter((i) => i.daysOverdue > 90))));
  await staff.getByRole('radiogroup', { name: 'Invoice status' }).getByText('Paid', { exact: true }).click();
  await expect(figure(picture, 'Outstanding')).toHaveText(usd(sum(owed)));
  await checkBothWidths(staff, (v) => `staff-receivables-${v.name}.png`, { ready: () => picture });

  // Why this appraiser: a lender's order offered in turn, each candidate's points per part.
  await apiSend(staff, 'put', '/api/staff/assignment-policy', { mode: 'offer_in_turn', offerHours: 4, broadcastSize: 3 });
  try {
    const client = await newPage(browser, 'demo.client');
    const orderId = await placeOrder(client, { propertyAddressLine1: '12 Why Lane', borrowerName: 'Wren Points' });
    const decision = await apiGet<Decision>(staff, `/api/staff/orders/${orderId}/assignment-decision`);
    const best = decision.candidates[0]!;
    const points = Object.values(best.points ?? {});
    expect(points).toHaveLength(5);
    expect(points.reduce((a, b) => a + b, 0)).toBeCloseTo(best.score, 0);

    await staff.goto(`/staff/orderdetails/${orderId}`);
    const card = staff.getByTestId('card-assignment-decision');
    await expect(card.getByRole('heading', { name: 'Why this appraiser' })).toBeVisible();
    const row = card.getByRole('table', { name: 'Candidates' }).locator(`[data-appraiser-id="${best.appraiserId}"]`);
    await expect(row.locator('[data-part]')).toHaveText([
      /^On time \d+\.\d of 40\.0$/,
      /^Quality \d+\.\d of 20\.0$/,
      /^Distance \d+\.\d of 20\.0$/,
      /^Load \d+\.\d of 10\.0$/,
      /^Rotation \d+\.\d of 10\.0$/,
    ]);
    // The table fits its card: nothing scrolls sideways.
    const fits = await card.evaluate((el) => el.scrollWidth <= el.clientWidth);
    expect(fits).toBe(true);
    await checkBothWidths(staff, (v) => `staff-why-${v.name}.png`, {
      ready: (mobile) => (mobile ? card.getByRole('list', { name: 'Candidates' }) : card.getByRole('table', { name: 'Candidates' })),
    });
  } finally {
    await apiSend(staff, 'put', '/api/staff/assignment-policy', { mode: 'manual', offerHours: 4, broadcastSize: 3 });
  }
});
