import { createHash } from 'node:crypto';
import { expect, test } from '@playwright/test';
import {
  acknowledgeWarnings,
  assignAndInspect,
  completeOrder,
  day,
  deliverToClient,
  expectNoAxeViolations,
  expectNotice,
  mailMarker,
  newPage,
  openAction,
  passChecklist,
  pdfWith,
  placeOrder,
  screenshot,
  submit,
  uploadReport,
  waitForMail,
} from './helpers';
import { uad36, type Uad36 } from './uad';

/*
 * The report pipeline: the appraiser uploads the report with a UAD 3.6 data file whose value is
 * missing, so Deliver is refused with hard stop 100; staff send it back with one revision item; the
 * appraiser answers it with a revised report and a good data file; the reviewer has worked the
 * checklist, staff complete and deliver and send the borrower's copy; the lender's order page has the
 * report and the data file byte for byte, and the borrower's link downloads the report.
 */

const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');
const BORROWER = 'ann.lee@example.com';

test('the report pipeline from the data file to the borrower', async ({ browser }) => {
  test.setTimeout(240_000);
  const client = await newPage(browser, 'demo.client');
  const staff = await newPage(browser, 'demo.staff');
  const appraiser = await newPage(browser, 'demo.appraiser');
  const borrower = await newPage(browser);
  const id = await placeOrder(client, { propertyAddressLine1: '12 Oak St', borrowerName: 'Ann Lee', borrowerEmail: BORROWER, borrowerPhone: '512 555 0199' });
  await assignAndInspect(staff, appraiser, id);
  const file: Uad36 = {
    value: null,
    effectiveDate: day(0),
    street: '12 Oak St',
    city: 'Austin',
    state: 'TX',
    zip: '78701',
    appraiserName: 'Avery Appraiser',
    licenseNumber: 'TX-1380001',
    pdf: pdfWith('first report'),
  };

  await appraiser.goto(`/appraiser/orderdetails/${id}`);
  await uploadReport(appraiser, file.pdf, uad36(file));

  // A hard stop on the order page; the checklist worked; Deliver refused with code 100.
  await staff.goto(`/staff/orderdetails/${id}`);
  const data = staff.getByTestId('card-report-data');
  await expect(data.getByText(/^100: /)).toBeVisible();
  await passChecklist(staff);
  await expectNoAxeViolations(staff);
  await screenshot(staff, 'report-pipeline-desktop-review.png');
  await completeOrder(staff);
  let dialog = await deliverToClient(staff, false);
  await expect(dialog.getByText(/hard stops: 100/)).toBeVisible();
  await dialog.getByRole('button', { name: 'Cancel' }).click();

  // One revision item; the appraiser answers it with a good data file.
  dialog = await openAction(staff, 'Request Revision');
  await dialog.getByLabel('Page or field').fill('Reconciliation');
  await dialog.getByLabel('What to change').fill('The appraised value is missing from the data file.');
  await submit(dialog, 'Request Revision');
  await expect(dialog).toHaveCount(0);
  const revised = { ...file, value: '650,000', pdf: pdfWith('revised report') };
  const revisedZip = uad36(revised);
  await appraiser.goto(`/appraiser/orderdetails/${id}`);
  await uploadReport(appraiser, revised.pdf, revisedZip, 'The value is now in the data file.');

  // Staff complete and deliver, sending the borrower's copy.
  await staff.goto(`/staff/orderdetails/${id}`);
  await expect(staff.getByTestId('card-revisions').getByText('The value is now in the data file.')).toBeVisible();
  await expect(data.getByText(/^100: /)).toHaveCount(0);
  await acknowledgeWarnings(staff);
  await completeOrder(staff);
  const mails = mailMarker();
  dialog = await openAction(staff, 'Deliver To Client');
  await expect(dialog.getByRole('checkbox', { name: "Send the borrower's copy" })).toBeChecked();
  await submit(dialog, 'Deliver To Client');
  await expectNotice(staff, 'Order delivered to the client.');

  // The lender has both files byte for byte.
  await client.goto(`/client/orders/${id}`);
  const documents = client.getByRole('table', { name: 'Documents' });
  await expect(documents.getByRole('cell', { name: 'report-revised.pdf', exact: true })).toBeVisible();
  await expect(documents.getByRole('cell', { name: 'appraisal-revised.zip', exact: true })).toBeVisible();
  await screenshot(client, 'report-pipeline-desktop-client-documents.png');
  const listed = (await (await client.request.get(`/api/client/orders/${id}/documents`)).json()) as { fileName: string; sha256: string }[];
  const hashOf = (name: string) => listed.find((d) => d.fileName === name)?.sha256;
  expect([hashOf('report-revised.pdf'), hashOf('appraisal-revised.zip')]).toEqual([sha256(revised.pdf), sha256(revisedZip)]);

  // The borrower's link downloads the revised report.
  const mail = await waitForMail(BORROWER, mails, (m) => m.text.includes('/borrower/copy/'));
  const link = /https?:\/\/\S+\/borrower\/copy\/\S+/.exec(mail.text)![0];
  await borrower.goto(new URL(link).pathname);
  await expect(borrower.getByRole('heading', { level: 1, name: 'Your copy of the appraisal' })).toBeVisible();
  await expectNoAxeViolations(borrower);
  const download = borrower.waitForEvent('download');
  await borrower.getByRole('link', { name: /^Download the appraisal/ }).click();
  const saved = await (await download).path();
  expect(sha256(await import('node:fs/promises').then((fs) => fs.readFile(saved)))).toBe(sha256(revised.pdf));
});
