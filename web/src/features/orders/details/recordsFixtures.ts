import { http, HttpResponse, type JsonBodyType } from 'msw';
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
  /** The order's reconsiderations of value: staff's and the appraiser's lists both answer these. */
  reconsiderations?: Schemas['Reconsideration'][];
  /** The lender's revision requests (staff). */
  lenderRevisions?: Schemas['LenderRevisionRequest'][];
}

/** An order with its report uploaded (in review), so the cards that wait for a report open. */
export const reportedOrder: Partial<Schemas['OrderDetails']> = {
  statusId: 14,
  orderStatus: 'in review',
  files: [
    {
      id: 40,
      fileName: 'report.pdf',
      fileTypeDescription: 'Appraisal Report',
      fileSize: 2048,
      uploadDateTime: '2026-03-05T15:00:00Z',
      uploadedByFirstName: 'Dana',
      uploadedByLastName: 'Reed',
      hide: false,
    },
  ],
};

export const emptyReview: Schemas['Review'] = { items: [], complete: true };
export const emptyUcdp: Schemas['Ucdp'] = { isFha: false, status: null };
export const emptyCopies: Schemas['BorrowerCopies'] = { borrowerEmail: null, closingDate: null, sent: [], waiver: null, due: false };

type Counted = 'details' | 'review' | 'revisions' | 'ucdp' | 'borrowerCopy';

/** The order page of order 5 and its cards' GET answers (empty records unless given); counts the loads of each. */
export function recordsServer(answers: RecordsAnswers = {}) {
  const loads: Record<Counted, number> = { details: 0, review: 0, revisions: 0, ucdp: 0, borrowerCopy: 0 };
  const counted = (name: Counted, path: string, body: JsonBodyType) =>
    http.get(path, () => {
      loads[name] += 1;
      return HttpResponse.json(body);
    });
  server.use(
    csrf,
    appConfig(),
    counted('details', '*/api/order-details/:id', orderDetailsFixture(answers.order)),
    http.get('*/api/staff/orders/:id/notes', () => HttpResponse.json([])),
    http.get('*/api/staff/orders/:id/client-messages', () => HttpResponse.json([])),
    http.get('*/api/orders/:id/report-data', () => HttpResponse.json(null)),
    http.get('*/api/orders/:id/fair-language', () => HttpResponse.json([])),
    http.get('*/api/staff/orders/:id/assignment-decision', () => HttpResponse.json(null)),
    counted('review', '*/api/staff/orders/:id/review', answers.review ?? emptyReview),
    counted('revisions', '*/api/orders/:id/revisions', answers.revisions ?? []),
    counted('ucdp', '*/api/staff/orders/:id/ucdp', answers.ucdp ?? emptyUcdp),
    counted('borrowerCopy', '*/api/staff/orders/:id/borrower-copy', answers.borrowerCopy ?? emptyCopies),
    http.get('*/api/staff/orders/:id/revision-requests', () => HttpResponse.json(answers.lenderRevisions ?? [])),
    http.get('*/api/staff/reconsiderations', () => HttpResponse.json(answers.reconsiderations ?? [])),
    http.get('*/api/appraiser/orders/:id/reconsiderations', () => HttpResponse.json(answers.reconsiderations ?? [])),
    http.get('*/api/orders/:id/scheduling-link', () => HttpResponse.json(null)),
  );
  return loads;
}

/** Some time for an answer that came in to be shown (before checking that something is not). */
export const settled = () => new Promise((resolve) => setTimeout(resolve, 50));

/** Two revision rounds: the first answered, the second open. */
export const twoRounds: Schemas['RevisionRound'][] = [
  {
    round: 1,
    message: 'A few things before we send it on.',
    requestedBy: 'Sam Staff',
    requestedAt: '2026-03-02T15:00:00Z',
    answeredBy: 'Dana Reed',
    answeredAt: '2026-03-04T17:00:00Z',
    businessDaysWithAppraiser: 2,
    items: [{ id: 1, reference: 'Page 3', text: 'Explain the view adjustment.', answer: 'The view adjustment is explained on page 3.' }],
  },
  {
    round: 2,
    message: null,
    requestedBy: 'Sam Staff',
    requestedAt: '2026-03-05T15:00:00Z',
    answeredBy: null,
    answeredAt: null,
    businessDaysWithAppraiser: 1,
    items: [
      { id: 2, reference: 'Sketch', text: 'Add the garage.', answer: null },
      { id: 3, reference: 'Comparable 2', text: 'Check the GLA.', answer: null },
    ],
  },
];
