import type { Schemas } from '../lib/api';

type AppraiserInfo = Schemas['AppraiserInfo'];

/** Avery Appraiser's record as GET /api/appraiser/{id} answers it (user 10, profile 3), with `extra` over it. */
export function appraiserInfo(extra: Partial<AppraiserInfo> = {}): AppraiserInfo {
  return {
    id: 3,
    securityUser: {
      id: 10,
      firstName: 'Avery',
      lastName: 'Appraiser',
      email: 'demo.appraiser@appraisalportal.example',
      loginId: 'demo.appraiser',
      workPhone: '512-555-0210',
      cellPhone: '5125550110',
      cellPhoneCarrier: 'Verizon',
      userType: 1,
    },
    officeAddressLine1: '100 Congress Avenue',
    officeAddressLine2: null,
    officeCity: 'Austin',
    officeStateCode: 'TX',
    officeZipCode: '78701',
    isFhaCertified: true,
    isStaffAppraiser: false,
    noTrainee: true,
    suspended: false,
    oooStartDate: null,
    oooEndDate: null,
    enoProvider: 'Lone Star Mutual',
    enoPerIncidentAmount: 1000000,
    enoAggregateAmount: 2000000,
    enoExpirationDate: '2027-06-30',
    isLinked: false,
    readyForEppOnboarding: false,
    ...extra,
  };
}
