import { useQuery } from '@tanstack/react-query';
import { api, call, type Schemas } from './api';

/** A lookup option: label and value, optionally id. */
export type OptionItem = Schemas['OptionItem'];

/** A lookup's failure never leaves the page it serves (a 403 keeps only the shared notice). */
const LOOKUP_CALL = { notify: false, skip403Redirect: true } as const;

/** Lookup loading failures are only logged, with no notice: the list is then empty. */
export async function lookup(pending: Promise<{ data?: OptionItem[]; error?: unknown; response: Response }>, what: string): Promise<OptionItem[]> {
  try {
    return await call(pending, LOOKUP_CALL);
  } catch (e) {
    console.error(`${what} load failed`, e);
    return [];
  }
}

/** GET /api/constants/states: label the name, value the postal code. */
export function useStates(enabled = true) {
  return useQuery({
    queryKey: ['constants', 'states'],
    queryFn: () => lookup(api.GET('/api/constants/states'), 'states'),
    staleTime: Infinity,
    enabled,
  });
}

/** GET /api/constants/counties/{state}; nothing is asked while no state is chosen. */
export function useCounties(state: string) {
  return useQuery({
    queryKey: ['constants', 'counties', state],
    queryFn: () => lookup(api.GET('/api/constants/counties/{state}', { params: { path: { state } } }), 'counties'),
    staleTime: Infinity,
    enabled: state !== '',
  });
}

/** GET /api/constants/appraiser-file-types: the types of an appraiser's profile documents. */
export function useAppraiserFileTypes(enabled = true) {
  return useQuery({
    queryKey: ['constants', 'appraiser-file-types'],
    queryFn: () => lookup(api.GET('/api/constants/appraiser-file-types'), 'appraiser file types'),
    staleTime: Infinity,
    enabled,
  });
}

/** A report product of the order and quote forms: its id, description, desktop or not, default fee. */
export type ReportProduct = Schemas['ReportProduct'];

/** The order and quote forms' lookups: property types, intended uses, report products (staff's and the client area's order forms). */
export function usePropertyTypes() {
  return useQuery({ queryKey: ['constants', 'property-types'], queryFn: () => lookup(api.GET('/api/constants/property-types'), 'property types'), staleTime: Infinity });
}

export function useIntendedUses() {
  return useQuery({ queryKey: ['constants', 'intended-uses'], queryFn: () => lookup(api.GET('/api/constants/intended-uses'), 'intended uses'), staleTime: Infinity });
}

export function useReportProducts() {
  return useQuery({
    queryKey: ['constants', 'report-products'],
    queryFn: async (): Promise<ReportProduct[]> => {
      try {
        return await call(api.GET('/api/constants/report-products'), LOOKUP_CALL);
      } catch (e) {
        console.error('report products load failed', e);
        return [];
      }
    },
    staleTime: Infinity,
  });
}
