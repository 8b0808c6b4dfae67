import { queryOptions } from '@tanstack/react-query';
import { api, call, type Schemas } from '../../../lib/api';
import { handedBackQuery } from '../../../lib/staffLists';

/** The company's assignment policy and the orders automatic assignment handed back (/api/staff/assignment...). */
export type Policy = Schemas['AssignmentPolicy'];
export type HandedBack = Schemas['HandedBack'];

export { handedBackQuery };

export const companyPolicyKey = ['staff', 'assignment-policy'] as const;

/** GET /api/staff/assignment-policy. */
export const companyPolicyQuery = () => queryOptions({ queryKey: companyPolicyKey, queryFn: () => call(api.GET('/api/staff/assignment-policy'), { notify: false }) });

/** PUT /api/staff/assignment-policy: the policy as saved. */
export const saveCompanyPolicy = (body: Policy) => call(api.PUT('/api/staff/assignment-policy', { body }), { notify: false });
