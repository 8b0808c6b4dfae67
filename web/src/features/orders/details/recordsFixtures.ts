import { http, HttpResponse } from 'msw';
import type { Schemas } from '../../../lib/api';
import { orderDetailsFixture } from '../../../test/orderDetails';
import { appConfig, csrf, server } from '../../../test/server';

/** For the review and delivery records' tests: what their cards load, and the order page around them. */
export const staffUser = { securityUserId: 20, userType: 2, firstName: 'Sam', lastName: 'Staff' };
export const appraiserUser = { securityUserId: 10, userType: 1, firstName: 'Dana', lastName: 'Reed' };

export interface RecordsAnswers {
  order?: Partial<Schemas['OrderDetails']>;
  review?: Schemas['Review'];
  revisions?: Schemas['RevisionRound'][];
  ucdp?: Schemas['Ucdp'];
  borrowerCopy?: Schemas['BorrowerCopies'];
}

export const emptyReview: Schemas['Review'] = { items: [], complete: true };
export const emptyUcdp: Schemas['Ucdp'] = { isFha: false, status: null };
export const emptyCopies: Schemas['BorrowerCopies'] = { borrowerEmail: null, closingDate: null, sent: [], waiver: null, due: false };

/** The order page of order 5 and its cards' GET answers (empty records unless given); counts the loads of the order and the review. */
export function recordsServer(answers: RecordsAnswers = {}) {
  const loads = { details: 0, review: 0 };
  server.use(
    csrf,
    appConfig(),
    http.get('*/api/order-details/:id', () => {
      loads.details += 1;
      return HttpResponse.json(orderDetailsFixture(answers.order));
    }),
    http.get('*/api/staff/orders/:id/notes', () => HttpResponse.json([])),
    http.get('*/api/staff/orders/:id/client-messages', () => HttpResponse.json([])),
    http.get('*/api/orders/:id/report-data', () => HttpResponse.json({ message: 'No data file was uploaded for this order.' }, { status: 404 })),
    http.get('*/api/staff/orders/:id/review', () => {
      loads.review += 1;
      return HttpResponse.json(answers.review ?? emptyReview);
    }),
    http.get('*/api/orders/:id/revisions', () => HttpResponse.json(answers.revisions ?? [])),
    http.get('*/api/staff/orders/:id/ucdp', () => HttpResponse.json(answers.ucdp ?? emptyUcdp)),
    http.get('*/api/staff/orders/:id/borrower-copy', () => HttpResponse.json(answers.borrowerCopy ?? emptyCopies)),
  );
  return loads;
}

/** Some time for an answer that came in to be shown (before checking that something is not). */
export const settled = () => new Promise((resolve) => setTimeout(resolve, 50));
