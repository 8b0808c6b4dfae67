import { queryOptions } from '@tanstack/react-query';
import { api, call } from './api';

/** Lists several staff screens pick from: the clients (lenders) and every firm's appraisers. */
export const clientsQuery = () => queryOptions({ queryKey: ['staff', 'clients'] as const, queryFn: () => call(api.GET('/api/staff/clients')) });
export const appraisersQuery = () => queryOptions({ queryKey: ['staff', 'appraisers'] as const, queryFn: () => call(api.GET('/api/staff/appraisers', { params: { query: {} } })) });
