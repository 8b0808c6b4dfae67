import type { Schemas } from '../lib/api';

/** A lender's reconsideration of value of order 5 as staff read it (reviewed, not overdue), with `extra` over it. */
export function reconsiderationFixture(extra: Partial<Schemas['Reconsideration']> = {}): Schemas['Reconsideration'] {
  return {
    id: 7,
    orderId: 5,
    fileNumber: '26000005',
    initiatedBy: 'lender',
    status: 'reviewed',
    basis: ['unsupported', 'factual_error'],
    deficiencies: [
      { text: 'The sales comparison ignores the renovated kitchen.', reportField: 'Sales comparison' },
      { text: 'The living area is 2,140 sq ft, not 1,980.', reportField: null },
    ],
    comparables: [{ address: '40 Elm St, Austin, TX', salePriceCents: 67_500_050, saleDate: '2026-10-02', dataSource: 'MLS #4471', rationale: 'Same street and model.' }],
    borrowerName: 'Jordan Buyer',
    propertyAddress: '123 Main St Unit 4, Austin, TX 78701',
    effectiveDate: '2026-02-20',
    appraiserName: 'Dana Reed',
    requestDate: '2026-03-02',
    requester: 'Finley Client',
    dueDate: '2026-03-09',
    overdue: false,
    answerOutcome: null,
    commentary: [],
    revisedFileId: null,
    outcome: null,
    valuePressure: false,
    withheld: [],
    missing: [],
    steps: [
      { step: 'requested', actor: 'Finley Client', note: null, at: '2026-03-02T15:00:00Z' },
      { step: 'reviewed', actor: 'Sam Staff', note: 'Complete: two deficiencies, one comparable.', at: '2026-03-03T16:30:00Z' },
    ],
    ...extra,
  };
}
