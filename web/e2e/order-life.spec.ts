import { expect, test, type Page } from '@playwright/test';
import {
  checkBothWidths,
  day,
  expectNoAxeViolations,
  expectNotice,
  menuItems,
  newPage,
  openAction,
  openDialog,
  passChecklist,
  PDF,
  screenshot,
  settle,
  submit,
  VIEWPORTS,
} from './helpers';

/*
 * A whole order life with two browsers side by side: staff create an order and assign it; the
 * appraiser accepts, schedules, marks inspected and uploads the report; staff ask for a revision of
 * one item; the appraiser uploads again, answering it; staff pass the checklist, complete, deliver
 * and pay; the appraiser sees the payment.
 */

/** Staff add a client on the Clients page and create an order for it on the New Order page. */
async function newOrder(staff: Page): Promise<{ id: number; fileNumber: string }> {
  const client = `Lakeside Lending ${Date.now()}`;
  await staff.getByRole('navigation').getByRole('link', { name: 'Clients' }).click();
  await staff.getByRole('button', { name: 'Add Client' }).click();
  const dialog = await openDialog(staff, 'Add Client');
  await dialog.getByLabel('Company Name').fill(client);
  await dialog.getByLabel('Main Contact Name').fill('Lee Lender');
  await submit(dialog, 'Add Client');
  // The notice and the new row both hold the name: look for each in its own place.
  await expectNotice(staff, `${client} was added.`);
  await expect(staff.getByRole('table', { name: 'Clients' }).getByText(client)).toBeVisible();
  await expectNoAxeViolations(staff);
  await screenshot(staff, 'order-life-desktop-clients.png');

  await staff.getByRole('navigation').getByRole('link', { name: 'New Order' }).click();
  await expect(staff.getByRole('heading', { level: 1, name: 'New Order' })).toBeVisible();
  await staff.getByRole('button', { name: 'Create Order' }).click();
  await expect(staff.getByText('Client is required.')).toBeVisible();
  await expect(staff.getByText('Choose 1 to 4 report types.')).toBeVisible();
  await staff.getByRole('combobox', { name: 'Client', exact: true }).selectOption({ label: client });
  await staff.getByLabel('Borrower Name').fill('Jordan Rivera');
  await staff.getByLabel('Property Address').fill('4100 Speedway');
  await staff.getByLabel('City').fill('Austin');
  await staff.getByLabel('State').selectOption('TX');
  await staff.getByRole('combobox', { name: 'County', exact: true }).selectOption('Travis County');
  await staff.getByLabel('Zip').fill('78751');
  await staff.getByLabel('Property Type').selectOption({ label: 'Single Family Residence' });
  await staff.getByLabel('Intended Use').selectOption({ label: 'Purchase' });
  await staff.getByRole('combobox', { name: 'Report Types' }).fill('1004 Single');
  await staff.getByRole('option', { name: /^1004 Single Family Residential/ }).click();
  await staff.keyboard.press('Escape');
  await expect(staff.getByLabel('Appraiser Fee')).toHaveValue('450.00');
  await staff.getByLabel('Appraiser Due Date').fill(day(10));
  await staff.getByLabel('Inspection Due Date').fill(day(4));
  await staff.getByRole('button', { name: 'Add Contact' }).click();
  const contact = staff.getByRole('group', { name: 'Contact 1' });
  await contact.getByLabel('Name').fill('Pat Owner');
  await contact.getByLabel('Type').selectOption({ label: 'Property Contact' });
  await contact.getByLabel('Cell Phone').fill('512-555-0110');
  await expectNoAxeViolations(staff);
  await screenshot(staff, 'order-life-desktop-new-order.png');
  await staff.getByRole('button', { name: 'Create Order' }).click();
  await expect(staff).toHaveURL(/\/staff\/orderdetails\/\d+$/);
  const heading = await staff.getByRole('heading', { level: 1, name: /^Order #/ }).textContent();
  return { id: Number(new URL(staff.url()).pathname.split('/').pop()), fileNumber: heading!.replace('Order #', '') };
}

async function open(page: Page, area: 'staff' | 'appraiser', id: number, fileNumber: string): Promise<void> {
  await page.goto(`/${area}/orderdetails/${id}`);
  await expect(page.getByRole('heading', { level: 1, name: `Order #${fileNumber}` })).toBeVisible();
}

/** Uploads a report; a revised one answers the open revision request's item (`answer`). */
async function uploadReport(page: Page, name: string, answer?: { item: string; text: string }): Promise<void> {
  const dialog = await openAction(page, 'Upload Files');
  const row = dialog.getByRole('group', { name: 'File 1' });
  await row.getByLabel('File type').selectOption({ label: answer ? 'Revised Appraisal Report' : 'Appraisal Report' });
  await row.getByRole('button', { name: 'File', exact: true }).setInputFiles({ name, mimeType: 'application/pdf', buffer: PDF });
  if (answer) await dialog.getByRole('group', { name: answer.item }).getByLabel('Your answer').fill(answer.text);
  await submit(dialog, 'Upload');
  await expectNotice(page, 'File uploaded.');
}

async function staffAction(page: Page, label: string, submitLabel: string): Promise<void> {
  const dialog = await openAction(page, label);
  await submit(dialog, submitLabel);
  await expect(dialog).toHaveCount(0);
}

test('a whole order life, staff and appraiser side by side', async ({ browser }) => {
  test.setTimeout(240_000);
  const s = await newPage(browser, 'demo.staff');
  const a = await newPage(browser, 'demo.appraiser');

  const { id, fileNumber } = await newOrder(s);
  await expect.poll(() => menuItems(s)).toEqual(['Send Message', 'Assign', 'Cancel Order', 'Put On Hold']);

  // Assign: the ranked candidates, the best first.
  const assign = await openAction(s, 'Assign');
  await expect(assign.getByRole('radio').first()).toHaveAccessibleName('Avery Appraiser');
  await screenshot(s, 'order-life-desktop-assign.png', false);
  await assign.getByRole('radio', { name: 'Avery Appraiser' }).check();
  await submit(assign, 'Assign Order');
  await expectNotice(s, 'Order assigned to Avery Appraiser.');

  // The appraiser takes it through inspection and uploads the report.
  await open(a, 'appraiser', id, fileNumber);
  await staffAction(a, 'Accept', 'Accept Order');
  let dialog = await openAction(a, 'Schedule Inspection');
  await dialog.getByLabel('Inspection Date').fill(day(1));
  await dialog.getByLabel('Estimated Delivery Date').fill(day(5));
  await dialog.getByLabel('Appointment Start Time').selectOption('09:00');
  await dialog.getByLabel('Appointment End Time').selectOption('10:00');
  await dialog.getByLabel('Scheduled With').selectOption('Borrower');
  await submit(dialog, 'Schedule Inspection');
  await expect(dialog).toHaveCount(0);
  dialog = await openAction(a, 'Mark Inspected');
  await dialog.getByLabel('Inspection Time').selectOption('09:30');
  await submit(dialog, 'Mark Inspected');
  await expect(dialog).toHaveCount(0);
  await uploadReport(a, 'report.pdf');
  await expect.poll(() => menuItems(a)).toEqual(['Send Message']);

  // Staff send it back for a revision; the appraiser answers with a new report.
  await s.reload();
  await expect.poll(() => menuItems(s)).toEqual(['Send Message', 'Request Revision', 'Complete', 'Cancel Order', 'Put On Hold']);
  dialog = await openAction(s, 'Request Revision');
  await dialog.getByLabel('Page or field').fill('Sketch');
  await dialog.getByLabel('What to change').fill('Please add the garage to the sketch.');
  await dialog.getByLabel('Note to the appraiser').fill('One thing before we complete it.');
  await submit(dialog, 'Request Revision');
  await expect(dialog).toHaveCount(0);
  await open(a, 'appraiser', id, fileNumber);
  await expect(a.getByText('Revision Requested', { exact: true }).first()).toBeVisible();
  await expect(a.getByRole('region', { name: 'Revision Requests' }).getByText('Not answered yet')).toBeVisible();
  await uploadReport(a, 'report-revised.pdf', { item: 'Sketch: Please add the garage to the sketch.', text: 'The garage is on the sketch now.' });

  // Staff see the answer, pass the checklist, complete and deliver it, and pay for it.
  await open(s, 'staff', id, fileNumber);
  const rounds = s.getByRole('region', { name: 'Revision Requests' });
  await expect(rounds.getByRole('region', { name: 'Round 1' }).getByText('The garage is on the sketch now.')).toBeVisible();
  await passChecklist(s);
  await expectNoAxeViolations(s);
  await staffAction(s, 'Complete', 'Complete Order');
  await expectNotice(s, 'Order completed.');
  await expect.poll(() => menuItems(s)).toEqual(['Request Revision', 'Deliver To Client']);
  await staffAction(s, 'Deliver To Client', 'Deliver To Client');
  await expectNotice(s, 'Order delivered to the client.');
  await s.getByRole('navigation').getByRole('link', { name: 'Payments' }).click();
  await s.getByRole('button', { name: `Record payment for ${fileNumber}` }).click();
  dialog = await openDialog(s, 'Record Payment');
  await expect(dialog.getByLabel('Amount')).toHaveValue('450.00');
  await submit(dialog, 'Record Payment');
  await expectNotice(s, `The payment for ${fileNumber} was recorded.`);
  await expect(s.getByRole('button', { name: `Record payment for ${fileNumber}` })).toHaveCount(0);

  // The appraiser sees the payment in Payment History.
  await a.goto('/appraiser/payments');
  await expect(a.getByRole('tab', { name: 'Payment History' })).toHaveAttribute('aria-selected', 'true');
  await expect(a.getByText(fileNumber).first()).toBeVisible();

  // Staff's order page with its history, hide/show controls, at both widths.
  await s.goto(`/staff/orderdetails/${id}/histories`);
  await checkBothWidths(s, (v) => `order-life-${v.name}-staff-history.png`, {
    ready: () => s.getByRole('button', { name: /^Hide the history entry of/ }).first(),
  });
  // The staff desk's own screens on a phone.
  await s.setViewportSize({ width: VIEWPORTS[1].width, height: VIEWPORTS[1].height });
  for (const [path, heading] of [
    ['/staff/new-order', 'New Order'],
    ['/staff/clients', 'Clients'],
    ['/staff/payments', 'Payments'],
  ] as const) {
    await s.goto(path);
    await expect(s.getByRole('heading', { level: 1, name: heading })).toBeVisible();
    await settle(s);
    await expectNoAxeViolations(s);
    await screenshot(s, `order-life-mobile-${path.split('/').pop()}.png`);
  }
  await Promise.all([s, a].map((page) => page.context().close()));
});
