import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { openDialog } from '../../../../test/dialogs';
import { answerPost, appConfig, csrf, server } from '../../../../test/server';
import type { ActionDialogProps } from './types';
import type { OrderDetails } from '../types';
import { ScheduleInspectionDialog } from './ScheduleInspectionDialog';
import { ReassignDialog } from './AssignDialog';
import { SendMessageDialog } from './SimpleDialogs';

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => server.resetHandlers());
afterAll(() => server.close());

const order = {
  id: 7,
  fileNumber: '26000050',
  createDate: '2026-05-04T15:00:00Z',
  inspectionDueDate: '2026-05-08',
  wasPreviouslyScheduled: false,
  assignedAppraiserSecurityUser: 3,
  propertyAddress: '1 Main St, Austin, TX 78701',
} as OrderDetails;

const open = (Dialog: Parameters<typeof openDialog>[1], action: ActionDialogProps['action']) => openDialog(order, Dialog, action);

describe('order action dialogs', () => {
  it('schedule: the spec messages, Vacant Property fills and locks its fields, success shows History', async () => {
    const post = answerPost('*/api/order-details/schedule-inspection', 'Inspection scheduled.');
    server.use(csrf, appConfig(), post.handler);
    const onDone = open(ScheduleInspectionDialog, 'SCHEDULE_INSPECTION');
    await screen.findByRole('dialog', { name: 'Schedule Inspection' });
    fireEvent.click(screen.getByRole('button', { name: 'Schedule Inspection' }));
    for (const message of [
      'Inspection date is required',
      'Estimated delivery date is required',
      'Appointment start time is required',
      'Appointment end time is required',
      'Scheduled with is required',
    ]) {
      expect(await screen.findByText(message)).toBeInTheDocument();
    }
    fireEvent.change(screen.getByLabelText(/^Inspection Date/), { target: { value: '2026-05-09' } });
    fireEvent.change(screen.getByLabelText(/^Estimated Delivery Date/), { target: { value: '2026-05-11' } });
    fireEvent.click(screen.getByLabelText(/^Vacant Property/));
    expect(screen.getByLabelText(/^Appointment Start Time/)).toHaveValue('09:00');
    expect(screen.getByLabelText(/^Appointment Start Time/)).toBeDisabled();
    expect(screen.getByLabelText(/^Appointment End Time/)).toHaveValue('17:00');
    expect(screen.getByLabelText(/^Scheduled With/)).toHaveValue('Vacant');
    // After the inspection due date on a first scheduling: the late reason is asked for.
    fireEvent.click(screen.getByRole('button', { name: 'Schedule Inspection' }));
    expect(await screen.findByText('Please provide a reason for the late inspection')).toBeInTheDocument();
    fireEvent.change(screen.getByLabelText(/^Reason for Late Inspection/), { target: { value: 'Borrower travelling' } });
    fireEvent.click(screen.getByRole('button', { name: 'Schedule Inspection' }));
    await waitFor(() => expect(onDone).toHaveBeenCalledWith({ tab: 'histories' }));
    expect(post.sent.body).toMatchObject({
      orderId: 7,
      inspectionActualDate: '2026-05-09',
      estimatedDeliveryDate: '2026-05-11',
      appointmentStartTime: '09:00',
      appointmentEndTime: '17:00',
      appointmentScheduledWith: 'Vacant',
      lateInspectionReason: 'Borrower travelling',
    });
  });

  it("send message: 'Please enter a message.', then the catalogue's failure words, and the server's for a conflict", async () => {
    let answer = () => HttpResponse.json({ message: 'An error occurred' }, { status: 500 });
    server.use(
      csrf,
      appConfig(),
      http.post('*/api/order-details/message', () => answer()),
    );
    const onDone = open(SendMessageDialog, 'SEND_MESSAGE');
    const dialog = await screen.findByRole('dialog', { name: 'Send Message' });
    const send = within(dialog).getByRole('button', { name: 'Send Message' });
    fireEvent.change(screen.getByLabelText(/^Message/), { target: { value: '   ' } });
    fireEvent.click(send);
    expect(await screen.findByText('Please enter a message.')).toBeInTheDocument();
    fireEvent.change(screen.getByLabelText(/^Message/), { target: { value: 'Gate code please' } });
    vi.spyOn(console, 'error').mockImplementation(() => {});
    fireEvent.click(send);
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('Failed to send message. Please try again.');
    answer = () => HttpResponse.json({ message: 'Send Message is not available for this order while it is Completed.' }, { status: 409 });
    fireEvent.click(send);
    await waitFor(() => expect(within(dialog).getByRole('alert')).toHaveTextContent('Send Message is not available for this order while it is Completed.'));
    expect(onDone).not.toHaveBeenCalled();
  });

  it("reassign: 'No assignable appraisers available.' and the selection message", async () => {
    server.use(
      csrf,
      appConfig(),
      http.get('*/api/admin-appraiser/order/7/assignable', () => HttpResponse.json([])),
    );
    open(ReassignDialog, 'REASSIGN');
    const dialog = await screen.findByRole('dialog', { name: 'Reassign' });
    expect(await within(dialog).findByText('No assignable appraisers available.')).toBeInTheDocument();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Assign Order' }));
    expect(await within(dialog).findByText('Please select an appraiser to assign the order to.')).toBeInTheDocument();
  });
});
