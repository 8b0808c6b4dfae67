import type { Schemas } from '../../../lib/api';

export type AppraiserListItem = Schemas['AppraiserListItem'];

export function appraiserFullName(a: AppraiserListItem): string {
  return [a.securityUser.firstName, a.securityUser.lastName]
    .map((p) => (p ?? '').trim())
    .filter(Boolean)
    .join(' ');
}

/**
 * Appraiser search: case-insensitive and trimmed; matches the full name,
 * the e-mail or the office address. An empty (or blank) search matches everyone.
 */
export function matchesAppraiser(a: AppraiserListItem, search: string): boolean {
  const q = search.trim().toLowerCase();
  if (!q) return true;
  return [appraiserFullName(a), a.securityUser.email ?? '', a.officeAddress ?? ''].some((field) => field.toLowerCase().includes(q));
}
