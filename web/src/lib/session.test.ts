import { describe, expect, it } from 'vitest';
import { displayName, validateLoggedInUser } from './session';

describe('validateLoggedInUser', () => {
  it('accepts a user with an id and a known type', () => {
    const u = { securityUserId: 7, userType: 1, firstName: 'Ann', lastName: 'Lee' };
    expect(validateLoggedInUser(u)).toEqual(u);
  });
  it('rejects a missing securityUserId', () => {
    expect(() => validateLoggedInUser({ userType: 1 })).toThrow('securityUserId is missing');
    expect(() => validateLoggedInUser(null)).toThrow('securityUserId is missing');
  });
  it('rejects an unknown user type', () => {
    expect(() => validateLoggedInUser({ securityUserId: 1, userType: 42 })).toThrow('invalid user type');
    expect(() => validateLoggedInUser({ securityUserId: 1, userType: '1' })).toThrow('invalid user type');
    expect(() => validateLoggedInUser({ securityUserId: 1 })).toThrow('invalid user type');
  });
});

describe('displayName', () => {
  it('joins first and last name or falls back to User', () => {
    expect(displayName({ firstName: 'Ann', lastName: 'Lee' })).toBe('Ann Lee');
    expect(displayName({ firstName: null, lastName: 'Lee' })).toBe('Lee');
    expect(displayName({ firstName: null, lastName: null })).toBe('User');
    expect(displayName(null)).toBe('User');
  });
});
