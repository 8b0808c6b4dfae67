import { describe, expect, it } from 'vitest';
import { defaultRange, orNA, tabFor } from './api';

describe('payments helpers', () => {
  it('picks the tab by slug, case-insensitively, falling back to the first', () => {
    expect(tabFor('epp')).toBe('epp');
    expect(tabFor('EPP')).toBe('epp');
    expect(tabFor('Payment-History')).toBe('payment-history');
    expect(tabFor('nope')).toBe('payment-history');
    expect(tabFor(undefined)).toBe('payment-history');
  });

  it('shows N/A for empty read-only fields', () => {
    expect(orNA(null)).toBe('N/A');
    expect(orNA('  ')).toBe('N/A');
    expect(orNA('Active')).toBe('Active');
  });

  it('defaults the search to the start of the month six months back through today', () => {
    const r = defaultRange('America/Chicago');
    expect(r.from).toMatch(/^\d{4}-\d{2}-01$/);
    expect(r.to).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect(r.from < r.to).toBe(true);
    const months = (Number(r.to.slice(0, 4)) - Number(r.from.slice(0, 4))) * 12 + Number(r.to.slice(5, 7)) - Number(r.from.slice(5, 7));
    expect(months).toBe(6);
  });
});
