import { expect, test, type Locator, type Page } from '@playwright/test';
import {
  acknowledgeWarnings,
  apiGet,
  assignAndInspect,
  checkBothWidths,
  completeOrder,
  day,
  expectNotice,
  mailMarker,
  newPage,
  openAction,
  openDialog,
  passChecklist,
  pdfWith,
  placeOrder,
  submit,
  uploadReport,
  waitForMail,
} from './helpers';
import { uad36 } from './uad';
import { addEndpoint, Receiver } from './webhooks';

/*
 * A reconsideration of value from the borrower's link to its outcome (docs/domain.md#reconsideration-of-value):
 * demo.client points a webhook endpoint at this spec's receiver and staff give the lender a disclosure;
 * an order of demo.client is placed, inspected, reported with a UAD data file and delivered with the
 * borrower's copy; the borrower opens the e-mailed link, reads the disclosure and asks, with one
 * deficiency and one alternative comparable; staff find the case in their queue, review and send it;
 * the appraiser answers Revised with a revised report; staff resolve it "Value changed", which the
 * client's order page shows; the receiver has rov.requested and rov.resolved, signed.
 */

const BORROWER = 'rene.ortiz@example.com';
const STREET = '31 Cedar Ln';

/** The staff order page's case of this order (there is one), in the Reconsideration of Value card. */
const staffCase = (staff: Page) => staff.getByTestId('card-reconsiderations').locator('[data-reconsideration-id]');

/** Opens a step's dialog from the case, fills its note (and outcome), submits and waits for its notice. */
async function step(page: Page, theCase: Locator, button: string, title: string, submitLabel: string, done: string, fill: (dialog: Locator) => Promise<void>): Promise<void> {
  await theCase.getByRole('button', { name: button, exact: true }).click();
  const dialog = await openDialog(page, title);
  await fill(dialog);
  await submit(dialog, submitLabel);
  await expectNotice(page, done);
  await expect(dialog).toHaveCount(0);
}

let receiver: Receiver | undefined;

test.afterAll(async () => {
  await receiver?.close();
});

test('a borrower asks to reconsider the value; staff, the appraiser and the lender see it through', async ({ browser }) => {
  test.setTimeout(300_000);
  receiver = await Receiver.start();
  const client = await newPage(browser, 'demo.client');
  const staff = await newPage(browser, 'demo.staff');
  const appraiser = await newPage(browser, 'demo.appraiser');
  const borrower = await newPage(browser);
  await addEndpoint(client, receiver);

  // The lender's disclosure, a new version of it (the text is this run's own).
  const disclosure = `We review every request within five business days. Run ${Date.now()}.`;
  const id = await placeOrder(client, { propertyAddressLine1: STREET, borrowerName: 'Rene Ortiz', borrowerEmail: BORROWER, borrowerPhone: '512 555 0188' });
  const { clientId, fileNumber } = await apiGet<{ clientId: number; fileNumber: string }>(staff, `/api/order-details/${id}`);
  await staff.goto(`/staff/clients/${clientId}`);
  const settings = staff.getByRole('form', { name: /^Reconsideration of value settings of / });
  await settings.getByRole('textbox', { name: 'Disclosure' }).fill(disclosure);
  await settings.getByRole('button', { name: 'Save Settings' }).click();
  await expectNotice(staff, 'Reconsideration of value settings saved.');

  // Inspected, reported with a data file, reviewed, completed and delivered with the borrower's copy.
  await assignAndInspect(staff, appraiser, id);
  const report = {
    value: '640,000',
    effectiveDate: day(0),
    street: STREET,
    city: 'Austin',
    state: 'TX',
    zip: '78701',
    appraiserName: 'Avery Appraiser',
    licenseNumber: 'TX-1380001',
    pdf: pdfWith('first report'),
  };
  await appraiser.goto(`/appraiser/orderdetails/${id}`);
  await uploadReport(appraiser, report.pdf, uad36(report));
  await staff.goto(`/staff/orderdetails/${id}`);
  await passChecklist(staff);
  await acknowledgeWarnings(staff);
  await completeOrder(staff);
  const mails = mailMarker();
  const deliver = await openAction(staff, 'Deliver To Client');
  await expect(deliver.getByRole('checkbox', { name: "Send the borrower's copy" })).toBeChecked();
  await submit(deliver, 'Deliver To Client');
  await expectNotice(staff, 'Order delivered to the client.');

  // The borrower opens the link: the disclosure, then the form (checked at both widths).
  const mail = await waitForMail(BORROWER, mails, (m) => m.text.includes('/borrower/copy/'));
  const link = /https?:\/\/\S+\/borrower\/copy\/\S+/.exec(mail.text)![0];
  await borrower.goto(new URL(link).pathname);
  const section = borrower.getByRole('region', { name: 'Reconsideration of Value' });
  const shown = section.getByRole('region', { name: "Your lender's disclosure" });
  await expect(shown).toContainText(disclosure);
  await expect(shown).toContainText(/Your lender's disclosure \(version \d+\)/);
  const form = section.getByRole('form', { name: 'Request a Reconsideration of Value' });
  await checkBothWidths(borrower, (v) => `reconsideration-${v.name}-borrower-form.png`, { ready: () => form });

  // Sending nothing marks what is missing and sends nothing.
  await form.getByRole('button', { name: 'Send Request' }).click();
  await expect(form.getByText('Choose the basis of the request.')).toBeVisible();
  await form.getByRole('checkbox', { name: 'Unsupported value' }).check();
  const deficiency = form.getByRole('group', { name: 'Deficiency 1' });
  await deficiency.getByRole('textbox', { name: /^What is wrong/ }).fill('The sales comparison leaves out the finished basement.');
  await deficiency.getByRole('textbox', { name: /^Report page or field/ }).fill('Sales comparison');
  await form.getByRole('button', { name: 'Add comparable' }).click();
  const comparable = form.getByRole('group', { name: 'Comparable 1' });
  await comparable.getByRole('textbox', { name: /^Address/ }).fill('40 Cedar Ln, Austin, TX 78701');
  await comparable.getByRole('textbox', { name: /^Sale price/ }).fill('675,000');
  await comparable.getByLabel(/^Sale date/).fill(day(-30));
  await comparable.getByRole('textbox', { name: /^Data source/ }).fill('MLS #7781234');
  await comparable.getByRole('textbox', { name: /^Why it is a better comparable/ }).fill('Same street and model, with a finished basement.');
  await form.getByRole('button', { name: 'Send Request' }).click();
  await expect(section.getByRole('status')).toHaveText(/^Your request was sent\. Your lender will answer by \d\d\/\d\d\/\d{4}\.$/);
  const asked = section.locator('[data-reconsideration-id]');
  await expect(asked.getByRole('list', { name: 'Steps' })).toContainText('Requested by Rene Ortiz (borrower)');
  await expect(asked.getByText('$675,000.00')).toBeVisible();
  await expect(form).toHaveCount(0);
  await checkBothWidths(borrower, (v) => `reconsideration-${v.name}-borrower-sent.png`, { ready: () => asked });
  await receiver.expectEvent('rov.requested', id);

  // Staff: the queue leads to the order, where they review and send it.
  await staff.goto('/staff/reconsiderations');
  await expect(staff.getByRole('heading', { level: 1, name: 'Reconsiderations' })).toBeVisible();
  const row = staff.locator('[data-reconsideration-id]').filter({ hasText: fileNumber });
  await expect(row).toContainText('Borrower');
  await row.getByRole('link', { name: fileNumber }).click();
  await expect(staff.getByRole('heading', { level: 1, name: `Order #${fileNumber}` })).toBeVisible();
  const theCase = staffCase(staff);
  await expect(theCase.getByText('The sales comparison leaves out the finished basement.')).toBeVisible();
  await step(staff, theCase, 'Review', 'Review Request', 'Record Review', 'The review was recorded.', (d) =>
    d.getByRole('textbox', { name: /^Note/ }).fill('Complete: one deficiency, one comparable.'),
  );
  await step(staff, theCase, 'Send to Appraiser', 'Send to Appraiser', 'Send', 'The request was sent to the appraiser.', async () => {});
  await expect(theCase.getByText('Sent to appraiser', { exact: true })).toBeVisible();
  await checkBothWidths(staff, (v) => `reconsideration-${v.name}-staff-card.png`, { ready: () => theCase });

  // The appraiser answers Revised, with a commentary and the revised report.
  await appraiser.goto(`/appraiser/orderdetails/${id}`);
  const sent = appraiser.getByTestId('card-reconsiderations').locator('[data-reconsideration-id]');
  await sent.getByRole('button', { name: 'Answer', exact: true }).click();
  const answer = await openDialog(appraiser, 'Answer Reconsideration');
  await answer.getByRole('radio', { name: 'Revised' }).check();
  await answer.getByRole('textbox', { name: /^Answer to deficiency 1/ }).fill('The basement is now in the sales comparison; the value is revised.');
  await answer.getByLabel(/^Revised report \(PDF\)/).setInputFiles({ name: 'report-reconsidered.pdf', mimeType: 'application/pdf', buffer: pdfWith('reconsidered report') });
  await submit(answer, 'Send Answer');
  await expectNotice(appraiser, 'Your answer was sent.');
  await expect(answer).toHaveCount(0);

  // Staff resolve it: the value changed.
  await staff.reload();
  await expect(theCase.getByText('Answered', { exact: true })).toBeVisible();
  await step(staff, theCase, 'Resolve', 'Resolve Request', 'Resolve', 'The reconsideration was resolved.', async (d) => {
    await d.getByRole('combobox', { name: /^Outcome/ }).selectOption({ label: 'Value changed' });
    await d.getByRole('textbox', { name: /^Note/ }).fill('The revised report supports the new value.');
  });

  // The lender's order page shows the outcome, and the receiver had both events.
  await client.goto(`/client/orders/${id}`);
  const lenderCase = client.getByTestId('card-reconsiderations').locator('[data-reconsideration-id]');
  await expect(lenderCase.getByText('Resolved', { exact: true })).toBeVisible();
  await expect(lenderCase.getByText('Outcome', { exact: true }).locator('xpath=following-sibling::dd[1]')).toHaveText('Value changed');
  await expect(lenderCase.getByText("Appraiser's Answer", { exact: true }).locator('xpath=following-sibling::dd[1]')).toHaveText('Revised');
  const resolved = await receiver.expectEvent('rov.resolved', id);
  expect(resolved.outcome).toBe('value_changed');

  for (const page of [client, staff, appraiser, borrower]) await page.context().close();
});
