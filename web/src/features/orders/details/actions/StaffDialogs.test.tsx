import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { openDialog } from '../../../../test/dialogs';
import { FINDINGS } from '../../../../test/fairLanguage';
import { answerPost, appConfig, csrf, server } from '../../../../test/server';
import type { ActionDialogProps } from './types';
import type { OrderDetails } from '../types';
import { MSG_FEE_POSITIVE, StaffAssignDialog } from './AssignDialog';
import { CancelOrderDialog, CompleteDialog, DeliverDialog, MSG_REASON_REQUIRED } from './StaffDialogs';
import { MSG_CHANGE_REQUIRED, MSG_REFERENCE_REQUIRED } from '../../../../components/RevisionItems';
import { RequestRevisionDialog } from './RequestRevisionDialog';
import { MSG_SELECT_APPRAISER } from './rules';

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => server.resetHandlers());
afterAll(() => server.close());

const order = { id: 9, fileNumber: 'A0000009', appraiserFee: 450, propertyAddress: '12 Oak St, Austin, TX 78701' } as OrderDetails;

const open = (Dialog: Parameters<typeof openDialog>[1], action: ActionDialogProps['action']) => openDialog(order, Dialog, action);

const candidate = (appraiserId: number, name: string, eligible: boolean, reasons: string[] = []) => ({
  appraiserId,
  name,
  company: 'Prairie Valuation Partners',
  licensedInState: true,
  coverageVerified: eligible,
  outOfOffice: !eligible,
  enoExpired: false,
  openOrders: 2,
  onTimeRate: eligible ? 0.92 : null,
  revisionsPerOrder: eligible ? 0.25 : null,
  averageTurnTimeBusinessDays: eligible ? 4.5 : null,
  scoredOrders: eligible ? 12 : 0,
  eligible,
  reasons,
});

describe('staff desk dialogs', () => {
  it('assign: ranked candidates, the ineligible disabled with their reasons, the fee checked, then the call', async () => {
    const post = answerPost('*/api/staff/orders/9/assign', 'Order assigned to Avery Appraiser.');
    server.use(
      csrf,
      appConfig(),
      http.get('*/api/staff/orders/9/candidates', () =>
        HttpResponse.json([candidate(1, 'Avery Appraiser', true), candidate(2, 'Blake Morgan', false, ['Out of office on the due date.'])]),
      ),
      post.handler,
    );
    const onDone = open(StaffAssignDialog, 'ASSIGN');
    expect(await screen.findByText('Out of office on the due date.')).toBeInTheDocument();
    expect(screen.getByRole('radio', { name: 'Blake Morgan (not eligible)' })).toBeDisabled();
    expect(screen.getByText('Coverage verified')).toBeInTheDocument();
    expect(screen.getByText('On time: 92% · Revisions per order: 0.3 · Turn time: 4.5 business days · (12 orders, 90 days)')).toBeInTheDocument();
    expect(screen.getByText('No scored orders in the last 90 days')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Assign Order' }));
    expect(await screen.findByText(MSG_SELECT_APPRAISER)).toBeInTheDocument();
    fireEvent.click(screen.getByRole('radio', { name: 'Avery Appraiser' }));
    fireEvent.change(screen.getByLabelText(/^Appraiser Fee/), { target: { value: 'abc' } });
    fireEvent.click(screen.getByRole('button', { name: 'Assign Order' }));
    expect(await screen.findByText(MSG_FEE_POSITIVE)).toBeInTheDocument();
    fireEvent.change(screen.getByLabelText(/^Appraiser Fee/), { target: { value: '$475.00' } });
    fireEvent.change(screen.getByLabelText(/^Appraiser Due Date/), { target: { value: '2026-12-12' } });
    fireEvent.click(screen.getByRole('button', { name: 'Assign Order' }));
    await waitFor(() => expect(onDone).toHaveBeenCalled());
    expect(post.sent.body).toEqual({ appraiserId: 1, appraiserFee: 475, appraiserDueDate: '2026-12-12' });
  });

  it("assign: the server's refusal is shown", async () => {
    server.use(
      csrf,
      appConfig(),
      http.get('*/api/staff/orders/9/candidates', () => HttpResponse.json([candidate(1, 'Avery Appraiser', true)])),
      http.post('*/api/staff/orders/9/assign', () => HttpResponse.json({ message: 'Assign is not available for this order while it is Assigned.' }, { status: 409 })),
    );
    const onDone = open(StaffAssignDialog, 'ASSIGN');
    fireEvent.click(await screen.findByRole('radio', { name: 'Avery Appraiser' }));
    fireEvent.click(screen.getByRole('button', { name: 'Assign Order' }));
    expect(await screen.findByText('Assign is not available for this order while it is Assigned.')).toBeInTheDocument();
    expect(onDone).not.toHaveBeenCalled();
  });

  it('cancel: a reason is required and sent', async () => {
    const post = answerPost('*/api/staff/orders/9/cancel', 'Order cancelled.');
    server.use(csrf, appConfig(), post.handler);
    const onDone = open(CancelOrderDialog, 'CANCEL');
    fireEvent.click(await screen.findByRole('button', { name: 'Cancel Order' }));
    expect(await screen.findByText(MSG_REASON_REQUIRED)).toBeInTheDocument();
    fireEvent.change(screen.getByLabelText(/^Reason/), { target: { value: 'Loan withdrawn' } });
    fireEvent.click(screen.getByRole('button', { name: 'Cancel Order' }));
    await waitFor(() => expect(onDone).toHaveBeenCalled());
    expect(post.sent.body).toEqual({ reason: 'Loan withdrawn' });
  });

  it('complete: a 409 shows its message and the unanswered checklist items', async () => {
    const message = 'Answer every item of the review checklist first: 2 still open.';
    const unansweredItems = [
      { id: 12, text: 'The sketch matches the living area.' },
      { id: 13, text: 'Adjustments are explained.' },
    ];
    server.use(
      csrf,
      appConfig(),
      http.post('*/api/staff/orders/9/complete', () => HttpResponse.json({ message, unansweredItems }, { status: 409 })),
    );
    const onDone = open(CompleteDialog, 'COMPLETE');
    const dialog = await screen.findByRole('dialog', { name: 'Complete' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Complete Order' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(message);
    const list = within(dialog).getByRole('list', { name: 'Unanswered checklist items' });
    expect(
      within(list)
        .getAllByRole('listitem')
        .map((i) => i.textContent),
    ).toEqual(unansweredItems.map((i) => i.text));
    expect(onDone).not.toHaveBeenCalled();
  });

  it.each([
    ['the hard stops', { hardStops: [{ code: '100', message: 'The appraised value is missing.' }] }, 'Hard stops', ['100: The appraised value is missing.']],
    [
      'the warnings to acknowledge',
      { unacknowledgedWarnings: [{ code: 'LICENSE', message: 'The licence differs.', acknowledgedBy: null, acknowledgedAt: null }] },
      'Unacknowledged warnings',
      ['LICENSE: The licence differs.'],
    ],
    [
      'the fair-language findings, most serious first',
      { fairLanguage: FINDINGS },
      'Fair-language findings',
      [/^BlockPride of ownership/, /^WarningPlace of worship.*Disposition: Factual/, /^InfoStreet name/],
    ],
  ])('deliver: a 409 shows its message and %s', async (_, blocks, listName, expected) => {
    const message = 'Delivery is held.';
    server.use(
      csrf,
      appConfig(),
      http.get('*/api/staff/orders/9/borrower-copy', () => HttpResponse.json({ borrowerEmail: null, closingDate: null, sent: [], waiver: null, due: false })),
      http.post('*/api/staff/orders/9/deliver', () => HttpResponse.json({ message, ...blocks }, { status: 409 })),
    );
    const onDone = open(DeliverDialog, 'DELIVER');
    const dialog = await screen.findByRole('dialog', { name: 'Deliver To Client' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Deliver To Client' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(message);
    const items = within(within(dialog).getByRole('list', { name: listName })).getAllByRole('listitem');
    expect(items).toHaveLength(expected.length);
    expected.forEach((text, i) => expect(items[i]).toHaveTextContent(text));
    expect(within(dialog).getAllByRole('list')).toHaveLength(1);
    expect(onDone).not.toHaveBeenCalled();
  });

  it('request revision: items of a page or field and what to change, a note, each refusal under its input', async () => {
    const sent: unknown[] = [];
    server.use(
      csrf,
      appConfig(),
      http.post('*/api/staff/orders/9/revision', async ({ request }) => {
        sent.push(await request.json());
        if (sent.length === 1)
          return HttpResponse.json({ message: 'Item 2: what to change is too long.', fields: { 'items[1].text': 'At most 4000 characters.' } }, { status: 422 });
        return HttpResponse.json({ message: 'Revision requested.' });
      }),
    );
    const onDone = open(RequestRevisionDialog, 'REQUEST_REVISION');
    const dialog = await screen.findByRole('dialog', { name: 'Request Revision' });
    expect(within(dialog).queryByRole('button', { name: 'Remove item 1' })).toBeNull();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Request Revision' }));
    expect(await within(dialog).findByText(MSG_REFERENCE_REQUIRED)).toBeInTheDocument();
    expect(within(dialog).getByText(MSG_CHANGE_REQUIRED)).toBeInTheDocument();
    expect(sent).toEqual([]);

    fireEvent.click(within(dialog).getByRole('button', { name: 'Add item' }));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Add item' }));
    const row = (n: number) => within(dialog).getByRole('group', { name: `Item ${n}` });
    const fill = (n: number, reference: string, text: string) => {
      fireEvent.change(within(row(n)).getByRole('textbox', { name: /^Page or field/ }), { target: { value: reference } });
      fireEvent.change(within(row(n)).getByRole('textbox', { name: /^What to change/ }), { target: { value: text } });
    };
    fill(1, 'Page 3', 'Explain the view adjustment.');
    fill(2, 'Sketch', 'Add the garage.');
    fill(3, 'Comparable 2', 'Check the GLA.');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Remove item 2' }));
    fireEvent.change(within(dialog).getByRole('textbox', { name: 'Note to the appraiser' }), { target: { value: 'Thanks!' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Request Revision' }));
    await waitFor(() => expect(within(row(2)).getByRole('textbox', { name: /^What to change/ })).toHaveAccessibleDescription('At most 4000 characters.'));
    expect(within(row(1)).getByRole('textbox', { name: /^What to change/ })).not.toHaveAccessibleDescription();
    expect(within(dialog).getByRole('alert')).toHaveTextContent('Item 2: what to change is too long.');
    expect(onDone).not.toHaveBeenCalled();

    fireEvent.click(within(dialog).getByRole('button', { name: 'Request Revision' }));
    await waitFor(() => expect(onDone).toHaveBeenCalledWith({ tab: 'messages' }));
    expect(sent).toEqual([
      {
        items: [
          { reference: 'Page 3', text: 'Explain the view adjustment.' },
          { reference: 'Comparable 2', text: 'Check the GLA.' },
        ],
        message: 'Thanks!',
      },
      expect.anything(),
    ]);
  });

  it.each([
    ['no copy was sent yet: checked, the copy is sent after Deliver', [], true],
    [
      'a copy was sent: not checked, nothing more is sent',
      [{ email: 'jordan@example.com', sentBy: 'Sam Staff', sentAt: '2026-03-06T15:00:00Z', expiresAt: '2026-04-05T15:00:00Z', downloads: [] }],
      false,
    ],
  ])("deliver: the borrower's copy when %s", async (_, sent, checked) => {
    const calls: string[] = [];
    const copies = { borrowerEmail: 'jordan@example.com', closingDate: null, sent, waiver: null, due: false };
    server.use(
      csrf,
      appConfig(),
      http.get('*/api/staff/orders/9/borrower-copy', () => HttpResponse.json(copies)),
      http.post('*/api/staff/orders/9/deliver', () => {
        calls.push('deliver');
        return HttpResponse.json({ message: 'Order delivered to the client.' });
      }),
      http.post('*/api/staff/orders/9/borrower-copy', async ({ request }) => {
        calls.push(`copy ${JSON.stringify(await request.json())}`);
        return HttpResponse.json(copies);
      }),
    );
    const onDone = open(DeliverDialog, 'DELIVER');
    const dialog = await screen.findByRole('dialog', { name: 'Deliver To Client' });
    const box = within(dialog).getByRole('checkbox', { name: "Send the borrower's copy" });
    await waitFor(() => expect(box).toBeEnabled());
    expect(box).toHaveAccessibleDescription('A link to the report, to jordan@example.com');
    if (checked) expect(box).toBeChecked();
    else expect(box).not.toBeChecked();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Deliver To Client' }));
    await waitFor(() => expect(onDone).toHaveBeenCalled());
    expect(calls).toEqual(checked ? ['deliver', 'copy {"email":"jordan@example.com"}'] : ['deliver']);
  });
});
