import { queryOptions } from '@tanstack/react-query';
import { api, call } from './api';

/** Lists several staff screens show or pick from: the clients (lenders), every firm's appraisers, the firms, the orders handed back. */
export const clientsQuery = () => queryOptions({ queryKey: ['staff', 'clients'] as const, queryFn: () => call(api.GET('/api/staff/clients')) });
export const appraisersQuery = () => queryOptions({ queryKey: ['staff', 'appraisers'] as const, queryFn: () => call(api.GET('/api/staff/appraisers', { params: { query: {} } })) });
/** Every firm, active or not, by name (the Firms screen, and the firm pickers, which offer the active ones). */
export const companiesQuery = () => queryOptions({ queryKey: ['staff', 'companies'] as const, queryFn: () => call(api.GET('/api/staff/companies')) });
/** GET /api/staff/assignment/handed-back: the orders automatic assignment gave back to staff (the Assignment page, the dashboard's flag). */
export const handedBackQuery = () =>
  queryOptions({ queryKey: ['staff', 'assignment', 'handed-back'] as const, queryFn: () => call(api.GET('/api/staff/assignment/handed-back'), { notify: false }) });
