import { http, HttpResponse } from 'msw';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { server } from '../test/server';

const notify = vi.fn();
vi.mock('./notify', () => ({ notify: (...args: unknown[]) => notify(...args), NOTICE_AUTO_CLOSE_MS: 5000 }));

const { api, call, fieldErrors, formFailure, setApiHandlers, ApiError } = await import('./api');

const onUnauthorized = vi.fn();
const onForbidden = vi.fn();

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => server.resetHandlers());
afterAll(() => server.close());
beforeEach(() => {
  notify.mockReset();
  onUnauthorized.mockReset();
  onForbidden.mockReset();
  setApiHandlers({ onUnauthorized, onForbidden });
});

const userCall = () => call(api.GET('/api/user/{id}', { params: { path: { id: 3 } } }));

describe('API client error mapping', () => {
  it('401 marks the session expired', async () => {
    server.use(http.get('*/api/user/3', () => HttpResponse.json({ message: 'nope' }, { status: 401 })));
    await expect(userCall()).rejects.toMatchObject({ status: 401, message: 'Session expired. Please log in again.' });
    expect(notify).toHaveBeenCalledWith('error', 'Session expired. Please log in again.');
    expect(onUnauthorized).toHaveBeenCalledOnce();
  });

  it('401 opt-out leaves the session alone', async () => {
    server.use(http.get('*/api/auth/logged-in', () => HttpResponse.json({ message: 'Not signed in' }, { status: 401 })));
    await expect(call(api.GET('/api/auth/logged-in'), { skip401: true, notify: false })).rejects.toMatchObject({
      status: 401,
      message: 'Not signed in',
    });
    expect(onUnauthorized).not.toHaveBeenCalled();
    expect(notify).not.toHaveBeenCalled();
  });

  it('403 notifies and goes to /forbidden', async () => {
    server.use(http.get('*/api/user/3', () => HttpResponse.json({ message: 'Forbidden' }, { status: 403 })));
    await expect(userCall()).rejects.toBeInstanceOf(ApiError);
    expect(notify).toHaveBeenCalledWith('error', 'You are not authorized to perform this action');
    expect(onForbidden).toHaveBeenCalledOnce();
  });

  it('403 redirect can be skipped per call', async () => {
    server.use(http.get('*/api/user/3', () => HttpResponse.json({ message: 'Forbidden' }, { status: 403 })));
    await expect(call(api.GET('/api/user/{id}', { params: { path: { id: 3 } } }), { skip403Redirect: true })).rejects.toMatchObject({
      status: 403,
    });
    expect(onForbidden).not.toHaveBeenCalled();
  });

  it('other failures use the server message', async () => {
    server.use(http.get('*/api/user/3', () => HttpResponse.json({ message: 'User not found' }, { status: 404 })));
    await expect(userCall()).rejects.toMatchObject({ status: 404, message: 'User not found' });
    expect(notify).toHaveBeenCalledWith('error', 'User not found');
  });

  it('other failures without a message give An error occurred', async () => {
    server.use(http.get('*/api/user/3', () => new HttpResponse('boom', { status: 500 })));
    await expect(userCall()).rejects.toMatchObject({ status: 500, message: 'An error occurred' });
  });

  it('returns data on success', async () => {
    server.use(
      http.get('*/api/user/3', () =>
        HttpResponse.json({
          id: 3,
          firstName: 'A',
          lastName: 'B',
          email: null,
          loginId: 'ab',
          workPhone: null,
          cellPhone: null,
          cellPhoneCarrier: null,
          userType: 1,
        }),
      ),
    );
    await expect(userCall()).resolves.toMatchObject({ id: 3, loginId: 'ab' });
  });

  it("keeps the answer's body: a 422's field map is read by fieldErrors, other answers have none", async () => {
    server.use(http.get('*/api/user/3', () => HttpResponse.json({ message: 'Bad note', fields: { 'items[1].note': 'Too long.' } }, { status: 422 })));
    const refused = await userCall().catch((e: unknown) => e);
    expect(fieldErrors(refused)).toEqual({ 'items[1].note': 'Too long.' });
    server.use(http.get('*/api/user/3', () => HttpResponse.json({ message: 'Busy', fields: { a: 'b' } }, { status: 409 })));
    const conflict = await userCall().catch((e: unknown) => e);
    expect(conflict).toMatchObject({ status: 409, body: { message: 'Busy' } });
    expect(fieldErrors(conflict)).toEqual({});
  });
});

describe('formFailure', () => {
  it.each([
    ['no error', null, null],
    ['a 401', new ApiError(401, 'Session expired. Please log in again.'), null],
    ['a 403', new ApiError(403, 'You are not authorized to perform this action'), null],
    ['a 409', new ApiError(409, 'The order has moved on.'), 'The order has moved on.'],
    ['a 500', new ApiError(500, 'An error occurred'), 'Could not save.'],
    ['a network failure', new TypeError('Failed to fetch'), 'Could not save.'],
  ])('%s', (_case, error, shown) => {
    expect(formFailure(error, 'Could not save.')).toBe(shown);
  });
});

describe('CSRF', () => {
  it('sends the XSRF-TOKEN cookie as X-XSRF-TOKEN on non-GET calls', async () => {
    document.cookie = 'XSRF-TOKEN=cookie-token; path=/';
    let seen: string | null = null;
    server.use(
      http.post('*/api/auth/logout', ({ request }) => {
        seen = request.headers.get('X-XSRF-TOKEN');
        return HttpResponse.json({ message: 'ok' });
      }),
    );
    await call(api.POST('/api/auth/logout'));
    expect(seen).toBe('cookie-token');
  });

  it('fetches a token first when there is no cookie', async () => {
    let seen: string | null = null;
    server.use(
      http.get('*/api/auth/csrf', () => HttpResponse.json({ token: 'fresh-token' })),
      http.post('*/api/auth/logout', ({ request }) => {
        seen = request.headers.get('X-XSRF-TOKEN');
        return HttpResponse.json({ message: 'ok' });
      }),
    );
    await call(api.POST('/api/auth/logout'));
    expect(seen).toBe('fresh-token');
  });

  it('raises Failed to obtain CSRF token when the token cannot be obtained', async () => {
    server.use(http.get('*/api/auth/csrf', () => HttpResponse.json({ message: 'down' }, { status: 500 })));
    await expect(call(api.POST('/api/auth/logout'))).rejects.toMatchObject({ message: 'Failed to obtain CSRF token' });
    expect(notify).toHaveBeenCalledWith('error', 'Failed to obtain CSRF token');
  });
});
