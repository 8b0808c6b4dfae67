import { queryOptions } from '@tanstack/react-query';
import { api, call, type Schemas } from '../../../lib/api';

/** The staff desk's payments to appraisers (/api/staff/payments). */
export type PayableOrder = Schemas['PayableOrder'];
export type PaymentBody = Schemas['PaymentBody'];

/** Failures are shown in the form that made the call, not as a notice. */
const quiet = { notify: false } as const;

export const PAYABLE_KEY = ['staff', 'payments', 'payable'] as const;
export const payableOrdersQuery = () => queryOptions({ queryKey: PAYABLE_KEY, queryFn: () => call(api.GET('/api/staff/payments/payable')) });
export const recordPayment = (body: PaymentBody) => call(api.POST('/api/staff/payments', { body }), quiet);
export const withholdPayment = (orderId: number, reason: string) =>
  call(api.POST('/api/staff/payments/{id}/withhold', { params: { path: { id: orderId } }, body: { reason } }), quiet);
