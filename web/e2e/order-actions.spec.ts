import { expect, test, type Locator, type Page } from '@playwright/test';
import { day, expectNoAxeViolations, expectNotice, menuItems, openAction, openDialog, orderIdByFileNumber, PDF, refuseOtherOrigins, screenshot, signIn, submit } from './helpers';

/*
 * The order actions against the real server in --demo. Demo orders 26000050..26000054 belong to
 * demo.appraiser and are changed by these tests only (crates/server/src/demo/orders.rs):
 * 26000050-52 are assigned (status 4), 26000053 is in progress (6), 26000054 is inspected (13)
 * with staff's "is this order on time?" question open.
 */
const WALK = '26000050';
const CONDITIONS = '26000051';
const REJECTED = '26000052';
const WORKING = '26000053';
const ON_TIME = '26000054';

async function openOrder(page: Page, fileNumber: string): Promise<number> {
  const id = await orderIdByFileNumber(page, fileNumber);
  await page.goto(`/appraiser/orderdetails/${id}`);
  await expect(page.getByRole('heading', { level: 1, name: `Order #${fileNumber}` })).toBeVisible();
  return id;
}

async function expectMessages(dialog: Locator, messages: string[]): Promise<void> {
  for (const m of messages) await expect(dialog.getByText(m, { exact: true })).toBeVisible();
}

test.beforeEach(async ({ page }) => {
  await refuseOtherOrigins(page);
});

test('the lifecycle through the UI: accept, schedule by its URL with Vacant, reschedule, mark inspected, upload, file note', async ({ page }) => {
  test.setTimeout(120_000);
  await signIn(page, 'demo.appraiser');
  const id = await openOrder(page, WALK);
  await expect.poll(() => menuItems(page), { timeout: 20_000 }).toEqual(['Accept', 'Reject', 'Reject With Conditions', 'Send Message']);

  let dialog = await openAction(page, 'Accept');
  await submit(dialog, 'Accept Order');
  await expectNotice(page, 'Order accepted.');
  await expect(dialog).toHaveCount(0);
  await expect.poll(() => menuItems(page), { timeout: 20_000 }).toEqual(['Schedule Inspection', 'Send Message', 'Upload Files', 'Update Status']);

  // The action slug opens the dialog directly.
  await page.goto(`/appraiser/orderdetails/${id}/schedule-inspection`);
  dialog = await openDialog(page, 'Schedule Inspection');
  await screenshot(page, 'order-actions-desktop-schedule.png', false);
  await submit(dialog, 'Schedule Inspection');
  await expectMessages(dialog, [
    'Inspection date is required',
    'Estimated delivery date is required',
    'Appointment start time is required',
    'Appointment end time is required',
    'Scheduled with is required',
  ]);
  await dialog.getByLabel('Inspection Date').fill(day(-2));
  await dialog.getByLabel('Estimated Delivery Date').fill(day(-3));
  await dialog.getByLabel('Appointment Start Time').selectOption('10:00');
  await dialog.getByLabel('Appointment End Time').selectOption('09:30');
  await submit(dialog, 'Schedule Inspection');
  await expectMessages(dialog, [
    'Inspection date cannot be before the order create date',
    'Estimated delivery date cannot be before Inspection Date',
    'End time must be after start time',
  ]);
  // After the inspection due date (4 days out): the late inspection reason is asked for.
  await dialog.getByLabel('Inspection Date').fill(day(10));
  await dialog.getByLabel('Estimated Delivery Date').fill(day(12));
  await dialog.getByLabel('Vacant Property').check();
  for (const [label, value] of [
    ['Appointment Start Time', '09:00'],
    ['Appointment End Time', '17:00'],
    ['Scheduled With', 'Vacant'],
  ]) {
    await expect(dialog.getByLabel(label!)).toHaveValue(value!);
    await expect(dialog.getByLabel(label!)).toBeDisabled();
  }
  await submit(dialog, 'Schedule Inspection');
  await expectMessages(dialog, ['Please provide a reason for the late inspection']);
  await expectNoAxeViolations(page);
  await dialog.getByLabel('Reason for Late Inspection').fill('The borrower is travelling until then.');
  await submit(dialog, 'Schedule Inspection');
  await expect(page).toHaveURL(new RegExp(`/appraiser/orderdetails/${id}/histories$`));
  await expect(page.getByRole('table', { name: 'History & Revisions' })).toContainText('9:00am to 5:00pm, with Vacant');

  // Scheduled once: the menu says Reschedule, and a reason is needed.
  await expect.poll(() => menuItems(page), { timeout: 20_000 }).toContain('Reschedule Inspection');
  dialog = await openAction(page, 'Reschedule Inspection');
  await dialog.getByLabel('Inspection Date').fill(day(1));
  await dialog.getByLabel('Estimated Delivery Date').fill(day(3));
  await dialog.getByLabel('Appointment Start Time').selectOption('13:30');
  await dialog.getByLabel('Appointment End Time').selectOption('15:00');
  await dialog.getByLabel('Scheduled With').selectOption('Tenant');
  await submit(dialog, 'Reschedule Inspection');
  await expectMessages(dialog, ['Please provide a reason for Rescheduling']);
  await dialog.getByLabel('Reason for Rescheduling').fill('The tenant asked for an earlier visit.');
  await submit(dialog, 'Reschedule Inspection');
  await expect(page.getByRole('table', { name: 'History & Revisions' })).toContainText('Reason for rescheduling: The tenant asked for an earlier visit.');

  // Mark inspected: the appointment's date and the delivery date come filled in.
  dialog = await openAction(page, 'Mark Inspected');
  await expect(dialog.getByLabel('Inspection Date')).toHaveValue(day(1));
  await expect(dialog.getByLabel('Estimated Delivery Date')).toHaveValue(day(3));
  await dialog.getByLabel('Inspection Date').fill('');
  await submit(dialog, 'Mark Inspected');
  await expectMessages(dialog, ['Inspection date is required', 'Inspection time is required']);
  await dialog.getByLabel('Inspection Date').fill(day(4));
  await dialog.getByLabel('Inspection Time').selectOption('10:30');
  await submit(dialog, 'Mark Inspected');
  await expectMessages(dialog, ['Please provide a reason for the late delivery date']);
  await dialog.getByLabel('Reason for Late Delivery').fill('Comparable sales are scarce.');
  await submit(dialog, 'Mark Inspected');
  await expect(page).toHaveURL(new RegExp(`/appraiser/orderdetails/${id}/files$`));

  // Upload: rows of type and file; the report sends the order into review.
  dialog = await openAction(page, 'Upload Files');
  await submit(dialog, 'Upload');
  await expectMessages(dialog, ['Please select a file type.', 'Please choose a file to upload.']);
  await dialog.getByRole('button', { name: 'Add another file' }).click();
  await expect(dialog.getByRole('group', { name: 'File 2' })).toBeVisible();
  await dialog.getByRole('button', { name: 'Remove file 2' }).click();
  await expect(dialog.getByRole('group', { name: 'File 2' })).toHaveCount(0);
  const row = dialog.getByRole('group', { name: 'File 1' });
  await row.getByLabel('File type').selectOption({ label: 'Appraisal Report' });
  await row.getByRole('button', { name: 'File', exact: true }).setInputFiles({ name: 'final-report.pdf', mimeType: 'application/pdf', buffer: PDF });
  await screenshot(page, 'order-actions-desktop-upload.png', false);
  await submit(dialog, 'Upload');
  await expectNotice(page, 'File uploaded.');
  await expect(page.getByRole('table', { name: 'Files' })).toContainText('final-report.pdf');
  await expect.poll(() => menuItems(page), { timeout: 20_000 }).toEqual(['Send Message']);

  // A note about the file, from the Files tab.
  await page.getByRole('button', { name: 'Add a note about final-report.pdf' }).click();
  dialog = await openDialog(page, 'File Note');
  await submit(dialog, 'Send Note');
  await expectMessages(dialog, ['Please enter a message.']);
  await dialog.getByLabel('Note').fill('The sketch is on page 4.');
  await submit(dialog, 'Send Note');
  await expect(page).toHaveURL(new RegExp(`/appraiser/orderdetails/${id}/messages$`));
  await expect(page.getByRole('table', { name: 'Messages' })).toContainText('final-report.pdf: The sketch is on page 4.');
});

test('reject with conditions, reject back to the dashboard, send a message and update the status', async ({ page }) => {
  test.setTimeout(90_000);
  await signIn(page, 'demo.appraiser');
  await openOrder(page, CONDITIONS);
  let dialog = await openAction(page, 'Reject With Conditions');
  await submit(dialog, 'Send Conditions');
  await expectMessages(dialog, ['Comments are required']);
  await dialog.getByLabel('Comments').fill('I can take it with two more days.');
  await dialog.getByLabel('Fee', { exact: true }).fill('55O');
  await submit(dialog, 'Send Conditions');
  await expectMessages(dialog, ['The fee may contain digits and a dot only']);
  await dialog.getByLabel('Fee', { exact: true }).fill('550.00');
  await dialog.getByLabel('Due Date').fill(day(9));
  await dialog.getByLabel('Standard Fee').check();
  await dialog.getByLabel('Distance').check();
  await submit(dialog, 'Send Conditions');
  await expectNotice(page, 'Your conditions were sent for approval.');
  await expect.poll(() => menuItems(page), { timeout: 20_000 }).toEqual(['Send Message']);

  await openOrder(page, REJECTED);
  dialog = await openAction(page, 'Reject');
  await submit(dialog, 'Reject Order');
  await expectMessages(dialog, ['Please enter a reason for rejection.']);
  await dialog.getByLabel('Reason for rejection').fill('Outside my coverage area.');
  await submit(dialog, 'Reject Order');
  // The order leaves the appraiser: back to the dashboard, even when the live update of the
  // rejection outruns the answer.
  await expect(page).toHaveURL(/\/appraiser\/dashboard$/);
  await expectNotice(page, 'Order rejected.');

  const id = await openOrder(page, WORKING);
  dialog = await openAction(page, 'Send Message');
  await dialog.getByLabel('Message').fill('   ');
  await submit(dialog, 'Send Message');
  await expectMessages(dialog, ['Please enter a message.']);
  await dialog.getByLabel('Message').fill('The gate code does not work.');
  await submit(dialog, 'Send Message');
  await expect(page).toHaveURL(new RegExp(`/appraiser/orderdetails/${id}/messages$`));
  await expect(page.getByRole('table', { name: 'Messages' })).toContainText('The gate code does not work.');

  dialog = await openAction(page, 'Update Status');
  await submit(dialog, 'Update Status');
  await expectMessages(dialog, ['Please select a status.', 'Please enter a message.']);
  await dialog.getByLabel('Status').selectOption('Left Message');
  await dialog.getByLabel('Message').fill('Left a voicemail for the borrower.');
  await submit(dialog, 'Update Status');
  await expectNotice(page, 'Status set to Left Message.');
  await expect(page.getByText('Left Message', { exact: true }).first()).toBeVisible();
});

test('the on-time answer, a dialog at 390 px, and reassigning by the firm administrator', async ({ page }) => {
  test.setTimeout(90_000);
  await signIn(page, 'demo.appraiser');
  await openOrder(page, ON_TIME);
  await expect.poll(() => menuItems(page), { timeout: 20_000 }).toEqual(['Upload Files', 'Send Message', 'Order Is On Time', 'Order Is NOT On Time']);
  const dialog = await openAction(page, 'Order Is NOT On Time');
  await submit(dialog, 'Order Is NOT On Time');
  await expectNotice(page, 'Thank you, your answer was sent.');
  // The order reloads after the answer; the menu follows once it has.
  await expect.poll(() => menuItems(page), { timeout: 20_000 }).toEqual(['Upload Files', 'Send Message']);

  // On a phone the dialog fits the screen.
  await page.setViewportSize({ width: 390, height: 844 });
  const id = await orderIdByFileNumber(page, WORKING);
  await page.goto(`/appraiser/orderdetails/${id}/schedule-inspection`);
  await openDialog(page, 'Schedule Inspection');
  await screenshot(page, 'order-actions-mobile-schedule.png', false);
  const overflow = Number(await page.evaluate('document.documentElement.scrollWidth - document.documentElement.clientWidth'));
  expect(overflow).toBeLessThanOrEqual(0);
  await page.setViewportSize({ width: 1280, height: 800 });

  await page.context().clearCookies();
  await signIn(page, 'demo.admin');
  await openOrder(page, WORKING);
  const reassign = await openAction(page, 'Reassign');
  await expect(reassign.getByRole('radio')).not.toHaveCount(0);
  await expect(reassign.getByRole('radio', { name: /Blake Morgan/ })).toContainText(/Open orders: \d+/);
  await expect(reassign.getByRole('radio', { name: /Avery Appraiser/ })).toHaveCount(0);
  await screenshot(page, 'order-actions-desktop-reassign.png', false);
  await submit(reassign, 'Assign Order');
  await expectMessages(reassign, ['Please select an appraiser to assign the order to.']);
  await expectNoAxeViolations(page);
  await reassign.getByRole('radio', { name: /Blake Morgan/ }).click();
  await submit(reassign, 'Assign Order');
  await expectNotice(page, 'Order assigned to Blake Morgan.');
  await expect.poll(() => menuItems(page), { timeout: 20_000 }).toEqual(['Accept', 'Reject', 'Reject With Conditions', 'Send Message', 'Reassign']);
});
