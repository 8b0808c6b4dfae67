import { describe, expect, it } from 'vitest';
import { appraiserFullName, matchesAppraiser, type AppraiserListItem } from './match';

const ann: AppraiserListItem = {
  securityUser: { id: 7, firstName: 'Ann', lastName: 'Appraiser', email: 'Ann.Appraiser@Example.com' },
  officeAddress: '12 Main Street, Springfield, IL 62701',
  appraiserInfo: { id: 3, isFhaCertified: true },
};

describe('matchesAppraiser', () => {
  it('matches everyone on an empty or blank search', () => {
    expect(matchesAppraiser(ann, '')).toBe(true);
    expect(matchesAppraiser(ann, '   ')).toBe(true);
  });

  it('matches the full name across first and last name, ignoring case', () => {
    expect(matchesAppraiser(ann, 'ann appraiser')).toBe(true);
    expect(matchesAppraiser(ann, 'N APP')).toBe(true);
  });

  it('matches the e-mail and the office address', () => {
    expect(matchesAppraiser(ann, 'ann.appraiser@example')).toBe(true);
    expect(matchesAppraiser(ann, 'springfield')).toBe(true);
    expect(matchesAppraiser(ann, '62701')).toBe(true);
  });

  it('trims the search', () => {
    expect(matchesAppraiser(ann, '  main street  ')).toBe(true);
  });

  it('does not match other text', () => {
    expect(matchesAppraiser(ann, 'zzz-nothing')).toBe(false);
    expect(matchesAppraiser(ann, 'appraiser ann')).toBe(false);
  });

  it('tolerates missing fields', () => {
    const bare = { ...ann, securityUser: { id: 1, firstName: '', lastName: '', email: '' }, officeAddress: '' };
    expect(matchesAppraiser(bare, 'x')).toBe(false);
    expect(appraiserFullName(bare)).toBe('');
  });
});
