import { api, call, type Schemas } from '../../../lib/api';
import { companiesQuery } from '../../../lib/staffLists';

/** Staff's calls for the appraisal firms: the list, a new firm, renames, office corrections, (de)activation. */
export type CompanyItem = Schemas['CompanyItem'];
export type CompanyForm = Schemas['CompanyForm'];
export type CompanyChange = Schemas['CompanyChange'];

/** The firms' list key: invalidating it refreshes the Firms screen and the firm pickers. */
export const COMPANIES_KEY = companiesQuery().queryKey;

/** Failures are shown where the call was made, not as a notice. */
const quiet = { notify: false } as const;

export const createCompany = (body: CompanyForm) => call(api.POST('/api/staff/companies', { body }), quiet);
export const updateCompany = (id: number, body: CompanyChange) => call(api.PUT('/api/staff/companies/{id}', { params: { path: { id } }, body }), quiet);
