import { http, HttpResponse } from 'msw';
import type { Schemas } from '../lib/api';

/** demo.client's kind of user, signed in to the client area. */
export const clientUser = { securityUserId: 30, userType: 0, firstName: 'Finley', lastName: 'Client' };

/** Order 54 as its client reads it (inspected, not delivered), with `extra` over it. */
export function clientOrderFixture(extra: Partial<Schemas['ClientOrder']> = {}): Schemas['ClientOrder'] {
  return {
    id: 54,
    fileNumber: '26000054',
    status: 'Inspected',
    statusId: 13,
    propertyAddress: '13682 Fairview Ct, Bastrop, TX 78348',
    borrowerName: 'Paul Taylor',
    loanNumber: 'LN59127824',
    orderedAt: '2026-03-02T15:00:00Z',
    dueDate: '2026-03-20',
    deliveredAt: null,
    updatedAt: '2026-03-02T15:00:00Z',
    source: 'client_portal',
    propertyType: 'Townhouse',
    intendedUse: 'Refinance',
    product: '2055 Exterior-Only Inspection',
    fhaCaseNumber: '709-5096454',
    requestedDueDate: '2026-03-20',
    cancelRequestedAt: null,
    cancelReason: null,
    appraiserName: null,
    waitingFor: null,
    waitingForText: null,
    contacts: [{ role: 'borrower', name: 'Paul Taylor', phone: '5125550199', email: 'paul@example.com', notes: null }],
    invoice: null,
    timeline: [
      { status: 'Default', statusId: 3, at: '2026-03-02T15:00:00Z' },
      { status: 'Assigned', statusId: 4, at: '2026-03-03T15:00:00Z' },
      { status: 'Inspected', statusId: 13, at: '2026-03-05T15:00:00Z' },
    ],
    ...extra,
  };
}

/** Order 54 delivered to its client. */
export const deliveredClientOrder = (extra: Partial<Schemas['ClientOrder']> = {}) =>
  clientOrderFixture({ status: 'Delivered To Client', statusId: 18, deliveredAt: '2026-03-06T15:00:00Z', ...extra });

/** demo.client's lender as GET /api/client/me answers for a user of `role` (an administrator by default). */
export function seatOf(role: Schemas['ClientRole'] = 'lender_admin', more: Partial<Schemas['MySeat']> = {}): Schemas['MySeat'] {
  return { clientId: 3, clientName: 'Acme Lending', role, branchId: null, administers: role === 'lender_admin', acts: role !== 'viewer', ...more };
}

/** GET /api/client/me answering `seat`. */
export const clientSeat = (seat: Schemas['MySeat'] = seatOf()) => http.get('*/api/client/me', () => HttpResponse.json(seat));
