import { api, call, type Schemas } from '../../../lib/api';

/** The coverage areas staff review (GET /api/staff/coverage-areas), and the two decisions. */
export type CoverageReviewItem = Schemas['CoverageReviewItem'];

export const PENDING_KEY = ['staff', 'coverage-areas', 'pending'] as const;

const quiet = { notify: false } as const;

export const pendingCoverageAreas = (): Promise<CoverageReviewItem[]> => call(api.GET('/api/staff/coverage-areas', { params: { query: { status: 'pending' } } }));
export const verifyArea = (id: number) => call(api.POST('/api/staff/coverage-areas/{id}/verify', { params: { path: { id } } }), quiet);
export const rejectArea = (id: number, reason: string) => call(api.POST('/api/staff/coverage-areas/{id}/reject', { params: { path: { id } }, body: { reason } }), quiet);
