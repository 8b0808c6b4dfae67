import type { Schemas } from '../lib/api';

/** An order whose appraiser is still to be paid, as the staff's payable list and the appraiser's unpaid orders give it. */
export const payableOrder = (orderId: number, fileNumber: string, extra: Partial<Schemas['PayableOrder']> = {}): Schemas['PayableOrder'] => ({
  orderId,
  fileNumber,
  address: `${orderId} Oak St, Austin, TX 78704`,
  borrowerName: 'Jordan Buyer',
  appraiserId: 3,
  appraiserName: 'Avery Appraiser',
  status: 'Completed',
  appraiserFee: 450,
  payBy: '2026-12-04',
  late: false,
  dueSoon: false,
  withheldBecause: null,
  ...extra,
});
