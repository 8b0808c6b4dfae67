import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { appConfig, csrf, loggedIn, runFakeServer, server } from '../test/server';
import { clientSeat, seatOf } from '../test/clientOrder';
import { renderApp } from '../test/render';
import { insightsHandler } from '../features/insights/testInsights';

runFakeServer();

const user = (userType: number) => ({ securityUserId: 10, userType, firstName: 'Dana', lastName: 'Reed' });

describe('route guard', () => {
  it('signed out: a protected page goes to /login, remembering the target', async () => {
    server.use(loggedIn(null), appConfig());
    const { router } = renderApp('/appraiser/dashboard');
    expect(await screen.findByRole('heading', { level: 1, name: 'Sign in' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/login');
    expect(router.state.location.state).toEqual({ from: '/appraiser/dashboard' });
  });

  it('signed out at a protected page, then signed in: the page (its code not loaded before) opens', async () => {
    server.use(
      loggedIn(null),
      appConfig(),
      csrf,
      http.post('*/api/auth/login', () => HttpResponse.json(user(1))),
    );
    const { router } = renderApp('/appraiser/dashboard');
    await screen.findByRole('heading', { level: 1, name: 'Sign in' });
    fireEvent.change(screen.getByLabelText(/^Username/), { target: { value: 'demo.appraiser' } });
    fireEvent.change(screen.getByLabelText(/^Password/, { selector: 'input' }), { target: { value: 'pw' } });
    fireEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Orders Dashboard' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/appraiser/dashboard');
  });

  it('wrong role: goes to /unauthorized with the attempted URL and the role label', async () => {
    server.use(loggedIn(user(2)), appConfig());
    const { router } = renderApp('/admin/dashboard');
    expect(await screen.findByRole('heading', { level: 1, name: 'Access Denied' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/unauthorized');
    expect(new URLSearchParams(router.state.location.search).get('from')).toBe('/admin/dashboard');
    expect(screen.getByText("You don't have permission to access this page.")).toBeInTheDocument();
    expect(screen.getByText('/admin/dashboard')).toBeInTheDocument();
    expect(screen.getByTestId('role-label')).toHaveTextContent('Staff');
  });

  it('allowed role sees the page inside the shell', async () => {
    server.use(loggedIn(user(1)), appConfig());
    renderApp('/appraiser/dashboard');
    expect(await screen.findByRole('heading', { level: 1, name: 'Orders Dashboard' })).toBeInTheDocument();
    expect(screen.getByRole('navigation', { name: 'Main navigation' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Payments' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Need help?' })).toBeInTheDocument();
  });
});

describe('role dashboard redirect', () => {
  it.each([
    [1, '/appraiser/dashboard', 'Orders Dashboard'],
    [6, '/appraiser/dashboard', 'Orders Dashboard'],
    [2, '/staff/dashboard', 'Orders Dashboard'],
    [5, '/admin/dashboard', 'Admin Dashboard'],
    [0, '/client/orders', 'Orders'],
    [4, '/unauthorized', 'Access Denied'],
  ])('userType %i: /dashboard -> %s', async (type, path, heading) => {
    server.use(loggedIn(user(type)), appConfig());
    const { router } = renderApp('/dashboard');
    expect(await screen.findByRole('heading', { level: 1, name: heading })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe(path);
  });

  it('no user: / -> /login', async () => {
    server.use(loggedIn(null), appConfig());
    const { router } = renderApp('/');
    expect(await screen.findByRole('heading', { level: 1, name: 'Sign in' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/login');
  });
});

describe('Access Denied back-door rule', () => {
  it('an attempted back-door URL redirects to the dashboard', async () => {
    server.use(loggedIn(user(1)), appConfig());
    const { router } = renderApp('/admin/backdoor-login');
    expect(await screen.findByRole('heading', { level: 1, name: 'Orders Dashboard' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/appraiser/dashboard');
  });

  it('also for a hand-typed /unauthorized?from=...Back-Door...', async () => {
    server.use(loggedIn(user(2)), appConfig());
    const { router } = renderApp('/unauthorized?from=%2Fadmin%2FBack-Door');
    expect(await screen.findByRole('heading', { level: 1, name: 'Orders Dashboard' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/staff/dashboard');
  });
});

describe('staff pages', () => {
  it.each([
    ['Firms', 'Appraisers', '/staff/firms', ['*/api/staff/companies']],
    ['Products', 'Firms', '/staff/products', ['*/api/staff/products']],
    ['Receivables', 'Payments', '/staff/receivables', ['*/api/staff/invoices', '*/api/staff/clients']],
  ])('%s opens from the side menu, after %s', async (page, before, path, lists) => {
    server.use(loggedIn(user(2)), appConfig(), ...lists.map((list) => http.get(list, () => HttpResponse.json([]))));
    const { router } = renderApp('/staff/dashboard');
    const nav = await screen.findByRole('navigation', { name: 'Main navigation' });
    const labels = (await within(nav).findAllByRole('link')).map((l) => l.textContent);
    expect(labels.slice(labels.indexOf(before), labels.indexOf(before) + 2)).toEqual([before, page]);
    fireEvent.click(within(nav).getByRole('link', { name: page }));
    expect(await screen.findByRole('heading', { level: 1, name: page })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe(path);
  });

  it('Insights opens from the side menu, after Receivables, at /staff/insights', async () => {
    server.use(loggedIn(user(2)), appConfig(), insightsHandler('staff'));
    const { router } = renderApp('/staff/dashboard');
    const nav = await screen.findByRole('navigation', { name: 'Main navigation' });
    const labels = (await within(nav).findAllByRole('link')).map((l) => l.textContent);
    expect(labels.slice(labels.indexOf('Receivables'), labels.indexOf('Receivables') + 2)).toEqual(['Receivables', 'Insights']);
    fireEvent.click(within(nav).getByRole('link', { name: 'Insights' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Insights' })).toBeInTheDocument();
    expect(await screen.findByRole('region', { name: 'Orders per week' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/staff/insights');
  });
});

describe('client pages', () => {
  const ordersAndInvoices = [
    http.get('*/api/client/orders', () => HttpResponse.json({ items: [], total: 0, page: 1, pageSize: 25 })),
    http.get('*/api/client/invoices', () => HttpResponse.json({ items: [], total: 0, page: 1, pageSize: 25, balanceCents: 0 })),
  ];
  /** The side menu's labels once the seat has added what it allows (`count` items). */
  async function menuLabels(count: number) {
    const nav = await screen.findByRole('navigation', { name: 'Main navigation' });
    await waitFor(() => expect(within(nav).getAllByRole('link')).toHaveLength(count));
    return within(nav)
      .getAllByRole('link')
      .map((l) => l.textContent);
  }

  it('Invoices opens from the side menu, after New Order, at /client/invoices', async () => {
    server.use(loggedIn(user(0)), appConfig(), clientSeat(), ...ordersAndInvoices);
    const { router } = renderApp('/client/orders');
    const labels = await menuLabels(7);
    expect(labels.slice(labels.indexOf('New Order'), labels.indexOf('New Order') + 2)).toEqual(['New Order', 'Invoices']);
    fireEvent.click(within(screen.getByRole('navigation', { name: 'Main navigation' })).getByRole('link', { name: 'Invoices' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Invoices' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/client/invoices');
  });

  it.each([
    ['Users', '/client/users', '*/api/client/users'],
    ['Branches', '/client/branches', '*/api/client/branches'],
  ])("an administrator's %s opens from the side menu (after Insights, before API & Webhooks)", async (page, path, list) => {
    server.use(
      loggedIn(user(0)),
      appConfig(),
      clientSeat(),
      ...ordersAndInvoices,
      http.get(list, () => HttpResponse.json([])),
    );
    const { router } = renderApp('/client/orders');
    expect(await menuLabels(7)).toEqual(['Orders', 'New Order', 'Invoices', 'Insights', 'Users', 'Branches', 'API & Webhooks']);
    fireEvent.click(within(screen.getByRole('navigation', { name: 'Main navigation' })).getByRole('link', { name: page }));
    expect(await screen.findByRole('heading', { level: 1, name: page })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe(path);
  });

  it("a loan officer's menu has New Order but none of the administrators' pages", async () => {
    server.use(loggedIn(user(0)), appConfig(), clientSeat(seatOf('loan_officer', { branchId: 5 })), ...ordersAndInvoices);
    renderApp('/client/orders');
    expect(await menuLabels(3)).toEqual(['Orders', 'New Order', 'Insights']);
    // The menu's and the orders list's.
    await waitFor(() => expect(screen.getAllByRole('link', { name: 'New Order' })).toHaveLength(2));
  });

  it("a viewer's menu and orders list offer no New Order", async () => {
    server.use(loggedIn(user(0)), appConfig(), clientSeat(seatOf('viewer')), ...ordersAndInvoices);
    renderApp('/client/orders');
    await screen.findByText('No orders found.');
    expect(await menuLabels(2)).toEqual(['Orders', 'Insights']);
    expect(screen.queryByRole('link', { name: 'New Order' })).not.toBeInTheDocument();
    expect(screen.getByText('Try another filter or search.')).toBeInTheDocument();
  });
});

describe('insights', () => {
  it("a viewer's Insights opens from the side menu, at /client/insights", async () => {
    server.use(
      loggedIn(user(0)),
      appConfig(),
      clientSeat(seatOf('viewer')),
      insightsHandler('client'),
      http.get('*/api/client/orders', () => HttpResponse.json({ items: [], total: 0, page: 1, pageSize: 25 })),
    );
    const { router } = renderApp('/client/orders');
    const nav = await screen.findByRole('navigation', { name: 'Main navigation' });
    fireEvent.click(await within(nav).findByRole('link', { name: 'Insights' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Insights' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/client/insights');
  });

  it.each([
    [1, '/staff/insights'],
    [2, '/client/insights'],
  ])('userType %i may not open %s', async (type, path) => {
    server.use(loggedIn(user(type)), appConfig());
    const { router } = renderApp(path);
    expect(await screen.findByRole('heading', { level: 1, name: 'Access Denied' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/unauthorized');
  });
});

describe('support page and not found', () => {
  it('support page has no Need help? block', async () => {
    server.use(loggedIn(user(1)), appConfig());
    renderApp('/appraiser/support');
    expect(await screen.findByRole('heading', { level: 1, name: 'Support Center' })).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Need help?' })).not.toBeInTheDocument();
  });

  it('unknown path shows Page Not Found with Login when signed out', async () => {
    server.use(loggedIn(null), appConfig());
    renderApp('/no/such/page');
    expect(await screen.findByRole('heading', { level: 1, name: 'Page Not Found' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Login' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Go Back' })).toBeInTheDocument();
  });
});

describe('footer', () => {
  it('carries the current year and the support contacts from configuration, signed in or not', async () => {
    server.use(loggedIn(null), appConfig());
    renderApp('/login');
    const footer = await screen.findByRole('contentinfo');
    expect(footer).toHaveTextContent(`© ${new Date().getFullYear()} Appraisal Portal`);
    expect(await within(footer).findByRole('link', { name: 'support@example.com' })).toHaveAttribute('href', 'mailto:support@example.com');
    expect(within(footer).getByRole('link', { name: 'it@example.com' })).toHaveAttribute('href', 'mailto:it@example.com');
    expect(within(footer).getByRole('link', { name: '555-010-0100' })).toHaveAttribute('href', 'tel:5550100100');
  });

  it('scrolls with the page: it follows the content in the flow, not fixed over it', async () => {
    server.use(loggedIn(user(1)), appConfig());
    renderApp('/appraiser/dashboard');
    await screen.findByRole('heading', { level: 1, name: 'Orders Dashboard' });
    const footer = screen.getByRole('contentinfo');
    const main = screen.getByRole('main');
    // Mantine's AppShell footer is position: fixed, and the shell reserves its height below the content.
    expect(footer).not.toHaveClass('mantine-AppShell-footer');
    expect(document.querySelector('.mantine-AppShell-footer')).toBeNull();
    expect(main.compareDocumentPosition(footer) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    expect(main.contains(footer)).toBe(false);
    expect(footer).toHaveClass('app-footer');
  });
});
