import { http, HttpResponse } from 'msw';
import { appConfig, csrf, loggedIn } from '../../test/server';

/** POST /api/dashboard answering a page with no orders. */
export const emptyDashboardPage = http.post('*/api/dashboard', () => HttpResponse.json({ items: [], totalItems: 0, totalPages: 0 }));

/** What any dashboard asks for first: `user`'s session, the settings, the CSRF token and the search statuses. */
export const dashboardSession = (user: Record<string, unknown>) => [
  loggedIn(user),
  appConfig(),
  csrf,
  http.get('*/api/constants/search-statuses', () => HttpResponse.json([{ label: 'Open', value: '-1', id: -1 }])),
];
