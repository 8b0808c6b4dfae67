import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { loggedIn, server } from '../test/server';
import { EARLY_LOGGED_IN_CHECK, displayName, fetchLoggedInUser, validateLoggedInUser } from './session';

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

describe('fetchLoggedInUser', () => {
  beforeAll(() => server.listen({ onUnhandledRequest: 'bypass' }));
  afterEach(() => server.resetHandlers());
  afterAll(() => server.close());

  const user = { securityUserId: 7, userType: 1, firstName: 'Ann', lastName: 'Lee' };
  const answer = (status: number, body: unknown) => Promise.resolve(new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } }));
  const early = (response: Promise<Response>) => {
    (window as unknown as Record<string, unknown>)[EARLY_LOGGED_IN_CHECK] = response;
  };

  it("takes the page's early check once, then asks the server", async () => {
    server.use(loggedIn(null));
    early(answer(200, { user }));
    expect(await fetchLoggedInUser()).toEqual(user);
    expect(await fetchLoggedInUser()).toBeNull();
  });

  it('an early answer of no user, a 401 or a failed early check is signed out', async () => {
    early(answer(200, { user: null }));
    expect(await fetchLoggedInUser()).toBeNull();
    early(answer(401, { message: 'Session expired. Please log in again.' }));
    expect(await fetchLoggedInUser()).toBeNull();
    early(Promise.reject(new TypeError('Failed to fetch')));
    expect(await fetchLoggedInUser()).toBeNull();
  });
});
