import { describe, expect, it } from 'vitest';
import { containsBackdoorWord, dashboardPathFor, roleLabel, UserType } from './roles';
import { menuFor } from '../app/shell/menu';
import { APPRAISER_MENU, STAFF_MENU } from '../test/expected';

describe('roleLabel', () => {
  it.each([
    [6, 'Appraiser Admin'],
    [0, 'Client'],
    [1, 'Appraiser'],
    [2, 'Staff'],
    [3, 'System'],
    [4, 'Registered User'],
    [5, 'Secret'],
  ])('type %i is %s', (t, label) => expect(roleLabel(t)).toBe(label));

  it('falls back to Unknown', () => {
    expect(roleLabel(99)).toBe('Unknown');
    expect(roleLabel(null)).toBe('Unknown');
    expect(roleLabel(undefined)).toBe('Unknown');
  });
});

describe('dashboardPathFor', () => {
  it('sends each role to its dashboard', () => {
    expect(dashboardPathFor({ userType: UserType.APPRAISER })).toBe('/appraiser/dashboard');
    expect(dashboardPathFor({ userType: UserType.APPRAISER_ADMIN })).toBe('/appraiser/dashboard');
    expect(dashboardPathFor({ userType: UserType.STAFF })).toBe('/staff/dashboard');
    expect(dashboardPathFor({ userType: UserType.SECRET })).toBe('/admin/dashboard');
    expect(dashboardPathFor({ userType: UserType.CLIENT })).toBe('/client/orders');
  });
  it('no user goes to /login, other roles to /unauthorized', () => {
    expect(dashboardPathFor(null)).toBe('/login');
    expect(dashboardPathFor(undefined)).toBe('/login');
    expect(dashboardPathFor({ userType: UserType.REGISTERED })).toBe('/unauthorized');
    expect(dashboardPathFor({ userType: UserType.SYSTEM })).toBe('/unauthorized');
  });
});

describe('containsBackdoorWord', () => {
  it('matches backdoor and back-door in any case, also encoded', () => {
    expect(containsBackdoorWord('/admin/backdoor-login')).toBe(true);
    expect(containsBackdoorWord('/admin/BackDoor')).toBe(true);
    expect(containsBackdoorWord('/x/back-door')).toBe(true);
    expect(containsBackdoorWord('%2Fadmin%2Fbackdoor-login')).toBe(true);
  });
  it('ignores other urls', () => {
    expect(containsBackdoorWord('/admin/dashboard')).toBe(false);
    expect(containsBackdoorWord('/back/door')).toBe(false);
    expect(containsBackdoorWord(null)).toBe(false);
  });
});

describe('menuFor', () => {
  const labels = (t: number) => menuFor(t).map((i) => i.label);
  it('gives each role its side menu', () => {
    expect(labels(1)).toEqual(APPRAISER_MENU);
    expect(labels(6)).toEqual([...APPRAISER_MENU, 'Appraisers']);
    expect(labels(2)).toEqual(STAFF_MENU);
    expect(labels(5)).toEqual(['Dashboard', 'Backdoor', 'Forms']);
    expect(labels(4)).toEqual([]);
  });

  it('gives a client user what their seat in the lender allows, and only Orders and Insights until it is known', () => {
    const client = (rights?: { administers: boolean; acts: boolean }) => menuFor(0, rights).map((i) => i.label);
    expect(client()).toEqual(['Orders', 'Insights']);
    expect(client({ administers: true, acts: true })).toEqual(['Orders', 'New Order', 'Invoices', 'Insights', 'Users', 'Branches', 'API & Webhooks']);
    // A loan officer, processor or branch manager.
    expect(client({ administers: false, acts: true })).toEqual(['Orders', 'New Order', 'Insights']);
    // A viewer.
    expect(client({ administers: false, acts: false })).toEqual(['Orders', 'Insights']);
  });
});
