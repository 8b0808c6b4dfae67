import type { Schemas } from '../lib/api';

type Finding = Schemas['FairLanguageFinding'];

/** A finding as GET /api/orders/{id}/fair-language answers it (id 1, an open warning in the report PDF), with `extra` over it. */
export function findingFixture(extra: Partial<Finding> = {}): Finding {
  return {
    id: 1,
    ruleId: 'places_of_worship',
    label: 'Place of worship: a name, or a reference to a group?',
    severity: 'warn',
    excerpt: '…within walking distance of two churches.',
    location: 'Report PDF: page 1',
    source: 'https://sf.freddiemac.com/ucdp',
    ruleVersion: 1,
    lexiconVersion: 3,
    fileId: 9,
    disposition: null,
    dispositionNote: null,
    disposedBy: null,
    disposedAt: null,
    ...extra,
  };
}

/** Three findings in the server's file order, least serious first: an info, a disposed warning, an open block. */
export const FINDINGS: Finding[] = [
  findingFixture({ id: 3, severity: 'info', label: 'Street name', excerpt: 'Comparable 2 is on Church St.' }),
  findingFixture({ id: 2, disposition: 'factual', dispositionNote: 'Names the building next door.', disposedBy: 'Sam Staff', disposedAt: '2026-11-21T15:00:00Z' }),
  findingFixture({
    id: 1,
    ruleId: 'pride_of_ownership',
    label: 'Pride of ownership (or its lack)',
    severity: 'block',
    excerpt: 'Homes show pride of ownership.',
    location: 'Data file: NEIGHBORHOOD/NeighborhoodDescription',
    source: 'https://selling-guide.fanniemae.com/b4-1.1-04',
  }),
];
