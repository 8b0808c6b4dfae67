import { readFileSync } from 'node:fs';
import { expect, test, type Page } from '@playwright/test';
import { expectNoAxeViolations, orderIdByFileNumber, refuseOtherOrigins, screenshot, settle, signIn, VIEWPORTS } from './helpers';
import { ORDER_DETAILS_CARDS } from '../src/test/expected';

/*
 * The order details page against the real server in --demo (crates/server/src/demo/orders.rs and
 * order_details.rs): demo order 26000001 + i has status i + 1 and belongs to demo.appraiser;
 * 26000011 (scheduled) has contacts, history, messages, files and an open "on time?" inquiry;
 * 26000016 (revision requested) also has alerts; 26000006 has no history, files or messages;
 * 26000007's files and messages are all hidden (staff see "No visible ...").
 */
const RICH = '26000011';
const WITH_ALERTS = '26000016';
const BARE = '26000006';
const ALL_HIDDEN = '26000007';

const TABS = [
  { slug: 'order-details', name: 'Order Details' },
  { slug: 'histories', name: 'History & Revisions' },
  { slug: 'files', name: 'Files' },
  { slug: 'messages', name: 'Messages' },
] as const;

function tab(page: Page, name: string) {
  return page.getByRole('tab', { name, exact: true });
}

async function expectOrderPage(page: Page, fileNumber: string, id: number): Promise<void> {
  await expect(page.getByRole('heading', { level: 1, name: `Order #${fileNumber}` })).toBeVisible();
  await expect(page.getByText(`Order ID: ${id}`, { exact: true })).toBeVisible();
}

/** An invited-then-lost order of demo.appraiser: was-invited true and the details refused. */
async function lostOrderId(page: Page): Promise<number> {
  for (let id = 1; id <= 400; id++) {
    const invited = await page.request.get(`/api/order-details/${id}/was-invited`);
    if (!invited.ok() || !((await invited.json()) as { wasInvited: boolean }).wasInvited) continue;
    if ((await page.request.get(`/api/order-details/${id}`)).status() === 403) return id;
  }
  throw new Error('no invited-then-lost order in the demo data');
}

// Tests run offline: anything not on the portal itself (the map tiles) is refused at once.
test.beforeEach(async ({ page }) => {
  await refuseOtherOrigins(page);
});

for (const vp of VIEWPORTS) {
  test.describe(`order details, ${vp.name} ${vp.width}x${vp.height}`, () => {
    test.use({ viewport: { width: vp.width, height: vp.height } });

    test('every tab by slug, axe clean', async ({ page }) => {
      await signIn(page, 'demo.appraiser');
      const id = await orderIdByFileNumber(page, RICH);
      for (const t of TABS) {
        await page.goto(`/appraiser/orderdetails/${id}/${t.slug}`);
        await expectOrderPage(page, RICH, id);
        await expect(tab(page, t.name)).toHaveAttribute('aria-selected', 'true');
        await settle(page);
        await expectNoAxeViolations(page);
        await screenshot(page, `order-details-${vp.name}-${t.slug}.png`);
      }
      // Nothing is wider than the screen.
      const overflow = Number(await page.evaluate('document.documentElement.scrollWidth - document.documentElement.clientWidth'));
      expect(overflow).toBeLessThanOrEqual(0);
    });

    test('lists become cards on small screens, tables on large ones', async ({ page }) => {
      await signIn(page, 'demo.appraiser');
      const id = await orderIdByFileNumber(page, RICH);
      for (const [slug, label] of [
        ['histories', 'History & Revisions'],
        ['files', 'Files'],
        ['messages', 'Messages'],
      ] as const) {
        await page.goto(`/appraiser/orderdetails/${id}/${slug}`);
        if (vp.width < 768) {
          await expect(page.getByRole('list', { name: label })).toBeVisible();
          await expect(page.getByRole('table', { name: label })).toHaveCount(0);
        } else {
          await expect(page.getByRole('table', { name: label })).toBeVisible();
        }
      }
      const overflow = Number(await page.evaluate('document.documentElement.scrollWidth - document.documentElement.clientWidth'));
      expect(overflow).toBeLessThanOrEqual(0);
    });
  });
}

test.describe('order details, desktop', () => {
  test('the Order Details tab: banners, cards, contacts, disclaimer and a calm map when offline', async ({ page }) => {
    await signIn(page, 'demo.appraiser');
    const id = await orderIdByFileNumber(page, WITH_ALERTS);
    await page.goto(`/appraiser/orderdetails/${id}`);
    await expectOrderPage(page, WITH_ALERTS, id);
    await expect(page.getByRole('link', { name: 'Back to Dashboard' })).toHaveAttribute('href', '/appraiser/dashboard');
    // Newest first, like every list on the page.
    await expect(page.getByTestId('order-alerts')).toContainText('Gate code required: ask the property contact, Borrower requests a call 24 hours before the inspection');
    await expect(page.getByTestId('order-due-date')).toContainText(/Appraiser Due Date: \d{2}\/\d{2}\/\d{4}/);
    for (const title of ORDER_DETAILS_CARDS) {
      await expect(page.getByRole('heading', { level: 2, name: title })).toBeVisible();
    }
    await expect(page.getByTestId('card-financial')).toContainText('$4.00');
    await expect(page.getByTestId('card-financial')).toContainText(/\$\d{3}\.00/);
    const contacts = page.getByTestId('card-contacts');
    await expect(contacts.getByText('Property Contact', { exact: true })).toBeVisible();
    await expect(contacts.getByRole('link', { name: '(512) 555-0134' })).toHaveAttribute('href', 'tel:+15125550134');
    await expect(contacts.getByRole('link', { name: '+1 (800) 555-0175 x204' })).toBeVisible();
    await expect(contacts.getByRole('link', { name: '555-0148' })).toBeVisible();
    await expect(page.getByTestId('order-notes').locator('strong')).toHaveText('Dog on premises.');
    await expect(page.getByTestId('third-party-disclaimer')).toContainText('third-party source');
    // The tiles cannot load offline: "Map unavailable", never a grey box.
    await expect(page.getByTestId('map-unavailable')).toContainText('Map unavailable');
    await expect(page.getByTestId('property-map')).toHaveCount(0);
  });

  test('tabs are reflected in the URL; the action slug rule', async ({ page }) => {
    await signIn(page, 'demo.appraiser');
    const id = await orderIdByFileNumber(page, RICH);
    await page.goto(`/appraiser/orderdetails/${id}`);
    await tab(page, 'Files').click();
    await expect(page).toHaveURL(new RegExp(`/appraiser/orderdetails/${id}/files$`));
    await tab(page, 'History & Revisions').click();
    await expect(page).toHaveURL(new RegExp(`/appraiser/orderdetails/${id}/histories$`));

    // An available action's slug opens that action (no dialog exists yet) over the first tab.
    await page.goto(`/appraiser/orderdetails/${id}/schedule-inspection`);
    await expectOrderPage(page, RICH, id);
    await expect(tab(page, 'Order Details')).toHaveAttribute('aria-selected', 'true');
    // A slug that is neither an offered action nor a tab: the first tab.
    await page.goto(`/appraiser/orderdetails/${id}/reject`);
    await expect(tab(page, 'Order Details')).toHaveAttribute('aria-selected', 'true');
    await page.goto(`/appraiser/orderdetails/${id}/MESSAGES`);
    await expect(tab(page, 'Messages')).toHaveAttribute('aria-selected', 'true');

    // The Actions menu shows the server's actions with their labels.
    await page.getByRole('button', { name: 'Actions' }).click();
    const menu = page.getByRole('menu');
    await expect(menu.getByRole('menuitem', { name: 'Schedule Inspection' })).toBeVisible();
    await expect(menu.getByRole('menuitem', { name: 'Order Is On Time' })).toBeVisible();
    await expect(menu.getByRole('menuitem', { name: 'Order Is NOT On Time' })).toBeVisible();
    await expectNoAxeViolations(page);
    await menu.getByRole('menuitem', { name: 'Schedule Inspection' }).click();
    await expect(page.getByRole('menu')).toHaveCount(0);
  });

  test('no Actions menu when the server offers none', async ({ page }) => {
    await signIn(page, 'demo.appraiser');
    // Status 15 (completed) is closed: read only.
    const id = await orderIdByFileNumber(page, '26000015');
    await page.goto(`/appraiser/orderdetails/${id}`);
    await expectOrderPage(page, '26000015', id);
    await expect(page.getByRole('button', { name: 'Print Order' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Actions' })).toHaveCount(0);
  });

  test('hidden items never show; the empty states', async ({ page }) => {
    await signIn(page, 'demo.appraiser');
    const rich = await orderIdByFileNumber(page, RICH);
    await page.goto(`/appraiser/orderdetails/${rich}/files`);
    await expect(page.getByRole('table', { name: 'Files' })).toContainText('Engagement Letter.pdf');
    await expect(page.getByText('Internal review notes.txt')).toHaveCount(0);
    await page.goto(`/appraiser/orderdetails/${rich}/messages`);
    await expect(page.getByRole('table', { name: 'Messages' })).toContainText('Welcome aboard');
    await expect(page.getByText('Client escalated the due date (internal).')).toHaveCount(0);
    await page.goto(`/appraiser/orderdetails/${rich}/histories`);
    await expect(page.getByRole('table', { name: 'History & Revisions' })).toContainText('Order created by the lender portal.');
    await expect(page.getByText('Internal: fee negotiated with the client.')).toHaveCount(0);

    const bare = await orderIdByFileNumber(page, BARE);
    await page.goto(`/appraiser/orderdetails/${bare}/histories`);
    await expect(page.getByText('No history records available for this order.')).toBeVisible();
    await page.goto(`/appraiser/orderdetails/${bare}/files`);
    await expect(page.getByText('No files have been uploaded for this order.')).toBeVisible();
    await page.goto(`/appraiser/orderdetails/${bare}/messages`);
    await expect(page.getByText('No messages exist for this order.')).toBeVisible();
    await expectNoAxeViolations(page);
  });

  test('staff open orders under /staff and see the items hidden from appraisers, marked, with Show', async ({ page }) => {
    await signIn(page, 'demo.staff');
    const id = await orderIdByFileNumber(page, ALL_HIDDEN, 'staff');
    await page.locator(`[data-order-id="${id}"]`).first().click();
    await expect(page).toHaveURL(new RegExp(`/staff/orderdetails/${id}$`));
    await expectOrderPage(page, ALL_HIDDEN, id);
    await expect(page.getByRole('link', { name: 'Back to Dashboard' })).toHaveAttribute('href', '/staff/dashboard');
    for (const tab of ['files', 'messages']) {
      await page.goto(`/staff/orderdetails/${id}/${tab}`);
      await expect(page.getByText('Hidden from appraisers').first()).toBeVisible();
      await expect(page.getByRole('button', { name: /^Show .* to appraisers$/ }).first()).toBeVisible();
      await expect(page.getByText(/^No visible/)).toHaveCount(0);
    }
    await expectNoAxeViolations(page);
  });

  test('view a file in a new tab and download it', async ({ page }) => {
    await signIn(page, 'demo.appraiser');
    const id = await orderIdByFileNumber(page, RICH);
    await page.goto(`/appraiser/orderdetails/${id}/files`);

    const popupPromise = page.waitForEvent('popup');
    await page.getByRole('button', { name: 'View Engagement Letter.pdf (opens in a new tab)' }).click();
    const popup = await popupPromise;
    await popup.waitForLoadState();
    await expect.poll(() => popup.url()).toMatch(/^blob:|\/api\/file\/stream\/appraisalfile\//);
    await popup.close();

    const downloadPromise = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Download Front elevation.png' }).click();
    const download = await downloadPromise;
    expect(download.suggestedFilename()).toBe('Front elevation.png');
    const bytes = readFileSync((await download.path())!);
    expect(bytes.subarray(1, 4).toString('latin1')).toBe('PNG');
  });

  test('print saves {orderId}-{filename}', async ({ page }) => {
    await signIn(page, 'demo.appraiser');
    const id = await orderIdByFileNumber(page, RICH);
    await page.goto(`/appraiser/orderdetails/${id}`);
    const downloadPromise = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Print Order' }).click();
    const download = await downloadPromise;
    expect(download.suggestedFilename().startsWith(`${id}-`), download.suggestedFilename()).toBe(true);
    const bytes = readFileSync((await download.path())!);
    expect(bytes.subarray(0, 5).toString('latin1')).toBe('%PDF-');
  });

  test('Invalid Order ID and Order Not Found', async ({ page }) => {
    await signIn(page, 'demo.appraiser');
    await page.goto('/appraiser/orderdetails/abc');
    await expect(page.getByRole('heading', { level: 1, name: 'Invalid Order ID' })).toBeVisible();
    await expectNoAxeViolations(page);

    await page.goto('/appraiser/orderdetails/987654321');
    await expect(page.getByRole('heading', { level: 1, name: 'Order Not Found' })).toBeVisible();
    await expectNoAxeViolations(page);
    await screenshot(page, 'order-details-not-found.png');
    await page.getByRole('link', { name: 'Return to Orders' }).click();
    await expect(page).toHaveURL(/\/appraiser\/dashboard$/);
  });

  test('an invited appraiser who lost the order sees "no longer available"; anyone else /forbidden', async ({ page }) => {
    await signIn(page, 'demo.appraiser');
    const mine = await orderIdByFileNumber(page, RICH);
    const lost = await lostOrderId(page);
    await page.goto(`/appraiser/orderdetails/${lost}`);
    await expect(page).toHaveURL(new RegExp(`/appraiser/orderdetails/${lost}/no-longer-available$`));
    await expect(page.getByRole('heading', { level: 1, name: `Order ${lost} is no longer available` })).toBeVisible();
    await expect(page.getByText('You are not authorized to perform this action')).toHaveCount(0);
    await expectNoAxeViolations(page);
    await screenshot(page, 'order-details-no-longer-available.png');
    await page.getByRole('link', { name: 'Go to Dashboard' }).click();
    await expect(page).toHaveURL(/\/appraiser\/dashboard$/);

    await page.context().clearCookies();
    await signIn(page, 'demo.appraiser2');
    await page.goto(`/appraiser/orderdetails/${mine}`);
    await expect(page).toHaveURL(/\/forbidden$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Access Denied' })).toBeVisible();
  });
});
