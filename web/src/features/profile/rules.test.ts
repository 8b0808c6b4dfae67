import { describe, expect, it } from 'vitest';
import {
  checkCoverage,
  checkEno,
  checkOutOfOffice,
  formatOfficeAddress,
  formatScore,
  isEnoFileName,
  mayReadPanelHistory,
  MSG_AMOUNT_INVALID,
  MSG_AMOUNT_NEGATIVE,
  MSG_ENO_FILE_REQUIRED,
  MSG_ENO_FILE_TYPE,
  MSG_EXPIRATION_REQUIRED,
  MSG_NOT_ENOUGH_DATA,
  MSG_OOO_DATES_REQUIRED,
  MSG_OOO_END_BEFORE_START,
  MSG_PROVIDER_REQUIRED,
  MSG_SELECT_STATE_AND_COUNTY,
  parseProfileRef,
  profileBasePath,
  tabFor,
  visibleTabs,
  type EnoDraft,
} from './rules';
import { UserType } from '../../lib/roles';

describe('profile routes', () => {
  it.each([
    [undefined, 'personal-info'],
    ['personal-info', 'personal-info'],
    ['coverage-area', 'coverage-area'],
    ['CERTIFICATIONS', 'certifications'],
    ['documents', 'documents'],
    ['settings', 'settings'],
    ['panel', 'panel'],
    ['no-such-tab', 'personal-info'],
    ['', 'personal-info'],
  ])('slug %j selects %s', (slug, tab) => {
    expect(tabFor(slug)).toBe(tab);
  });

  it('leaves the Panel tab out for a viewer who may not read the panel history', () => {
    expect(visibleTabs(false).map((t) => t.slug)).not.toContain('panel');
    expect(tabFor('panel', visibleTabs(false))).toBe('personal-info');
    expect(tabFor('panel', visibleTabs(true))).toBe('panel');
  });

  it.each([
    [{ securityUserId: 10, userType: UserType.APPRAISER }, true],
    [{ securityUserId: 11, userType: UserType.APPRAISER }, false],
    [{ securityUserId: 12, userType: UserType.APPRAISER_ADMIN }, false],
    [{ securityUserId: 20, userType: UserType.STAFF }, true],
    [{ securityUserId: 1, userType: UserType.SECRET }, true],
    [null, false],
  ])('the panel history of appraiser 10 is readable by %j: %s', (viewer, may) => {
    expect(mayReadPanelHistory(viewer, 10)).toBe(may);
  });

  it.each([
    [undefined, 'me'],
    ['me', 'me'],
    ['ME', 'me'],
    ['12', 12],
    ['0', null],
    ['-3', null],
    ['1.5', null],
    ['abc', null],
    ['99999999999999999999', null],
  ])('securityUserId %j is %j', (segment, ref) => {
    expect(parseProfileRef(segment)).toBe(ref);
  });

  it.each([
    ['/profile/me', undefined, '/profile/me'],
    ['/profile/me/settings', 'settings', '/profile/me'],
    ['/appraiser/profile/12', undefined, '/appraiser/profile/12'],
    ['/appraiser/profile/12/', undefined, '/appraiser/profile/12'],
    ['/appraiser/profile/12/whatever', 'whatever', '/appraiser/profile/12'],
    ['/staff/profile/documents', 'documents', '/staff/profile'],
  ])('%s (tab %j) has the base path %s', (path, tab, base) => {
    expect(profileBasePath(path, tab)).toBe(base);
  });
});

describe('profile display', () => {
  it.each([
    [0, MSG_NOT_ENOUGH_DATA],
    [null, MSG_NOT_ENOUGH_DATA],
    [undefined, MSG_NOT_ENOUGH_DATA],
    [Number.NaN, MSG_NOT_ENOUGH_DATA],
    [4, '4 out of 5'],
    [4.256, '4.26 out of 5'],
  ])('score %s reads %s', (score, text) => {
    expect(formatScore(score)).toBe(text);
  });

  it('joins the office address and skips empty parts', () => {
    expect(
      formatOfficeAddress({ officeAddressLine1: '100 Congress Avenue', officeAddressLine2: 'Suite 2', officeCity: 'Austin', officeStateCode: 'TX', officeZipCode: '78701' }),
    ).toBe('100 Congress Avenue, Suite 2, Austin, TX 78701');
    expect(formatOfficeAddress({ officeAddressLine1: ' 1 Main ', officeAddressLine2: null, officeCity: null, officeStateCode: 'TX', officeZipCode: null })).toBe('1 Main, TX');
    expect(formatOfficeAddress({})).toBe('');
  });
});

describe('profile checks', () => {
  it.each([
    ['', '', MSG_SELECT_STATE_AND_COUNTY],
    ['TX', '', MSG_SELECT_STATE_AND_COUNTY],
    ['', 'Travis', MSG_SELECT_STATE_AND_COUNTY],
    ['TX', 'Travis', null],
  ])('coverage %j/%j -> %j', (state, county, message) => {
    expect(checkCoverage(state, county)).toBe(message);
  });

  it.each([
    ['policy.pdf', true],
    ['POLICY.DOCX', true],
    ['scan.doc', true],
    ['photo.png', false],
    ['policy.pdf.exe', false],
    ['.pdf', false],
  ])('E&O file %s accepted: %s', (name, ok) => {
    expect(isEnoFileName(name)).toBe(ok);
  });

  const pdf = new File(['%PDF-1.4'], 'policy.pdf', { type: 'application/pdf' });
  const draft = (extra: Partial<EnoDraft> = {}): EnoDraft => ({
    provider: 'Acme Insurance',
    perIncident: '$1,000,000',
    aggregate: '2000000',
    expirationDate: '2027-06-30',
    policyFile: pdf,
    ...extra,
  });

  it('turns a valid E&O form into values, blank amounts into 0', () => {
    expect(checkEno(draft()).values).toEqual({
      provider: 'Acme Insurance',
      perIncidentCoverage: 1000000,
      aggregateCoverage: 2000000,
      expirationDate: '2027-06-30',
      policyFile: pdf,
    });
    expect(checkEno(draft({ perIncident: '', aggregate: ' ' })).values).toMatchObject({ perIncidentCoverage: 0, aggregateCoverage: 0 });
  });

  it('names every E&O problem', () => {
    expect(checkEno(draft({ policyFile: null, provider: ' ', perIncident: 'lots', aggregate: '-5', expirationDate: '' }))).toEqual({
      errors: {
        policyFile: MSG_ENO_FILE_REQUIRED,
        provider: MSG_PROVIDER_REQUIRED,
        perIncident: MSG_AMOUNT_INVALID,
        aggregate: MSG_AMOUNT_NEGATIVE,
        expirationDate: MSG_EXPIRATION_REQUIRED,
      },
      values: null,
    });
    expect(checkEno(draft({ policyFile: new File(['x'], 'photo.png') })).errors).toEqual({ policyFile: MSG_ENO_FILE_TYPE });
  });

  it.each([
    ['', '', MSG_OOO_DATES_REQUIRED],
    ['2026-05-01', '', MSG_OOO_DATES_REQUIRED],
    ['', '2026-05-01', MSG_OOO_DATES_REQUIRED],
    ['2026-05-02', '2026-05-01', MSG_OOO_END_BEFORE_START],
    ['2026-05-01', '2026-05-01', null],
    ['2026-05-01', '2026-06-01', null],
  ])('out of office %j to %j -> %j', (start, end, message) => {
    expect(checkOutOfOffice(start, end)).toBe(message);
  });
});
