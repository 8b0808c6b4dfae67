import { fireEvent, screen, waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { openDialog } from '../../../../test/dialogs';
import { answerPost, appConfig, csrf, server } from '../../../../test/server';
import type { ActionDialogProps } from './types';
import type { OrderDetails } from '../types';
import { MSG_FEE_POSITIVE, StaffAssignDialog } from './AssignDialog';
import { CancelOrderDialog, MSG_REASON_REQUIRED } from './StaffDialogs';
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
});
