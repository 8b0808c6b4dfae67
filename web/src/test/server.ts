import { notifications } from '@mantine/notifications';
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, vi } from 'vitest';

export const server = setupServer();

/** Runs the fake server for a test file; after each test its handlers, any open notices and any mocks go. */
export function runFakeServer(): void {
  beforeAll(() => server.listen({ onUnhandledRequest: 'bypass' }));
  afterEach(() => {
    server.resetHandlers();
    notifications.clean();
    vi.restoreAllMocks();
  });
  afterAll(() => server.close());
}

/** GET /api/auth/session answering `user` (null: signed out). */
export const loggedIn = (user: Record<string, unknown> | null) => http.get('*/api/auth/session', () => HttpResponse.json({ user }));

/** GET /api/app-config answering the demo settings, single sign-on off, with `changes` applied. */
export const appConfig = (changes: Record<string, unknown> = {}) =>
  http.get('*/api/app-config', () =>
    HttpResponse.json({
      supportEmail: 'support@example.com',
      supportPhone: '555-010-0100',
      technicalSupportEmail: 'it@example.com',
      signUpUrl: 'https://careers.example.com/join',
      mapTileUrl: 'https://tile.example.com/{z}/{x}/{y}.png',
      companyTimeZone: 'America/Chicago',
      singleSignOn: null,
      ...changes,
    }),
  );

/** GET /api/constants/states answering Oklahoma and Texas. */
export const oklahomaAndTexas = http.get('*/api/constants/states', () =>
  HttpResponse.json([
    { label: 'Oklahoma', value: 'OK' },
    { label: 'Texas', value: 'TX' },
  ]),
);

/** The CSRF token every non-GET call asks for first. */
export const csrf = http.get('*/api/auth/csrf', () => HttpResponse.json({ token: 't' }));

/** POST `path` answered with the success `message`; `sent.body` is what it was sent last. */
export function answerPost(path: string, message: string) {
  const sent: { body: unknown } = { body: null };
  const handler = http.post(path, async ({ request }) => {
    sent.body = await request.json();
    return HttpResponse.json({ message });
  });
  return { handler, sent };
}
