import { expect, test, type Page } from '@playwright/test';
import { apiGet, apiSend, expectNoAxeViolations, expectNotice, expireOffers, newPage, openAction, placeOrder, screenshot, submit } from './helpers';

/*
 * Automatic assignment: staff turn on "offer in turn"; a lender's order is offered to the best
 * candidate, who lets the offer run out (the portal's expire-offers command, as of a week later);
 * the next candidate sees it offered on their dashboard and accepts; staff read "Why this appraiser".
 */

interface Decision {
  candidates: { appraiserId: number; name: string; rank: number | null }[];
  offers: { appraiserId: number; status: string }[];
}

const STREET = '48 Offer Lane';
/** The appraiser's dashboard searched for the test order's street (demo appraisers have many orders). */
const DASHBOARD = `/appraiser/dashboard?propertyStreet=${encodeURIComponent(STREET)}`;

const myId = async (appraiser: Page) => (await apiGet<{ securityUser: { id: number } }>(appraiser, '/api/appraiser/me')).securityUser.id;

/**
 * demo.appraiser2 covers Hays County only: give them Travis County too, verified by staff, for as
 * long as `journey` runs (other tests rank the demo candidates as seeded).
 */
async function coveringTravis(appraiser: Page, staff: Page, journey: () => Promise<void>): Promise<void> {
  const appraiserId = await myId(appraiser);
  const area = await apiSend(appraiser, 'post', '/api/appraiser/coverage-areas/add', { appraiserId, state: 'TX', county: 'Travis County' });
  const { id } = (await area.json()) as { id: number };
  await apiSend(staff, 'post', `/api/staff/coverage-areas/${id}/verify`, {});
  try {
    await journey();
  } finally {
    await apiSend(appraiser, 'post', '/api/appraiser/coverage-areas/delete', { appraiserId, coverageAreaId: id });
  }
}

test('an order offered automatically: the first lets it run out, the next accepts', async ({ browser }) => {
  test.setTimeout(180_000);
  const staff = await newPage(browser, 'demo.staff');
  const client = await newPage(browser, 'demo.client');
  const appraisers = { 'demo.appraiser': await newPage(browser, 'demo.appraiser'), 'demo.appraiser2': await newPage(browser, 'demo.appraiser2') };

  // Staff turn automatic offers on for the whole company.
  await staff.goto('/staff/assignment');
  await expect(staff.getByRole('heading', { level: 1, name: 'Assignment' })).toBeVisible();
  await staff.getByRole('radio', { name: /^Offer in turn/ }).check();
  await staff.getByRole('button', { name: 'Save Policy' }).click();
  await expectNotice(staff, 'Assignment policy saved.');
  try {
    await coveringTravis(appraisers['demo.appraiser2'], staff, async () => {
      const orderId = await placeOrder(client, { propertyAddressLine1: STREET, borrowerName: 'Rita Turn' });
      const first = await apiGet<Decision>(staff, `/api/staff/orders/${orderId}/assignment-decision`);
      const offered = first.offers.filter((o) => o.status === 'open').map((o) => o.appraiserId);
      expect(offered).toHaveLength(1);
      const firstName = (await myId(appraisers['demo.appraiser'])) === offered[0] ? 'demo.appraiser' : 'demo.appraiser2';
      const nextName = firstName === 'demo.appraiser' ? 'demo.appraiser2' : 'demo.appraiser';

      // The first candidate sees it offered, with why, and does nothing.
      const firstPage = appraisers[firstName];
      await firstPage.goto(DASHBOARD);
      const row = firstPage.getByRole('row').filter({ hasText: STREET });
      await expect(row.getByText('Offered', { exact: true })).toBeVisible();
      await firstPage.goto(`/appraiser/orderdetails/${orderId}`);
      await expect(firstPage.getByTestId('order-offer')).toContainText('Why you');

      // A week later the offer has run out; the next candidate is offered the order.
      expect(expireOffers(new Date(Date.now() + 7 * 24 * 3600 * 1000))).toContain('1 offers expired');
      const nextPage = appraisers[nextName];
      await nextPage.goto(DASHBOARD);
      await nextPage.getByRole('row').filter({ hasText: STREET }).getByRole('link').first().click();
      await expect(nextPage.getByTestId('order-offer')).toBeVisible();
      await expectNoAxeViolations(nextPage);
      await screenshot(nextPage, 'assignment-offer.png');
      const accept = await openAction(nextPage, 'Accept');
      await submit(accept, 'Accept Order');
      await expect(accept).toHaveCount(0);
      await expect(nextPage.getByTestId('order-offer')).toHaveCount(0);

      // Staff read why: the expired offer, then the accepted one.
      await staff.goto(`/staff/orderdetails/${orderId}`);
      const card = staff.getByTestId('card-assignment-decision');
      await expect(card.getByRole('heading', { name: 'Why this appraiser' })).toBeVisible();
      const offers = card.getByRole('table', { name: 'Offers' });
      await expect(offers.getByRole('row').filter({ hasText: 'Expired' })).toHaveCount(1);
      await expect(offers.getByRole('row').filter({ hasText: 'Accepted' })).toHaveCount(1);
      await expectNoAxeViolations(staff);
      await screenshot(staff, 'assignment-why.png');
      await staff.setViewportSize({ width: 390, height: 844 });
      await screenshot(staff, 'assignment-why-phone.png');
    });
  } finally {
    await apiSend(staff, 'put', '/api/staff/assignment-policy', { mode: 'manual', offerHours: 4, broadcastSize: 3 });
  }
});
