import type { Schemas } from '../lib/api';

/** An order's data file as GET /api/orders/{id}/report-data answers it: UAD 3.6, one hard stop, two warnings (one acknowledged). */
export function reportDataFixture(extra: Partial<Schemas['ReportData']> = {}): Schemas['ReportData'] {
  return {
    version: '3.6',
    fileId: 9,
    fileName: 'report.zip',
    sha256: 'ab'.repeat(32),
    appraisedValue: 650000,
    appraisedValueText: '650,000',
    effectiveDate: '2026-11-20',
    subjectAddress: '12 Oak St, Austin, TX 78701',
    basis: 'AsIs',
    conditionRating: 'C6',
    qualityRating: 'Q4',
    appraiserName: 'Alex Rivera',
    licenseNumber: 'TX-1234567',
    licenseState: 'TX',
    licenseExpires: '2027-12-31',
    supervisorName: null,
    supervisorLicenseNumber: null,
    form: null,
    propertyKind: 'SingleFamily',
    hardStops: [{ code: '300', message: "The subject property's address is missing." }],
    warnings: [
      { code: 'FRE4645', message: 'The subject is rated C6 or Q6.', acknowledgedBy: 'Sam Staff', acknowledgedAt: '2026-11-21T15:00:00Z' },
      { code: 'LICENSE', message: 'The licence differs.', acknowledgedBy: null, acknowledgedAt: null },
    ],
    fairLanguage: [],
    ...extra,
  };
}
