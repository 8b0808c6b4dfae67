import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { clientSeat, seatOf } from '../../test/clientOrder';
import { renderApp } from '../../test/render';
import { appConfig, loggedIn, oklahomaAndTexas, runFakeServer, server } from '../../test/server';
import { insightsHandler, volumeInsight } from './testInsights';

runFakeServer();

const staffUser = { securityUserId: 20, userType: 2, firstName: 'Sam', lastName: 'Staff' };
const clientUser = { securityUserId: 30, userType: 0, firstName: 'Finley', lastName: 'Client' };

/** The lookups the filters offer: two products and states for both areas, and the desk's clients and firms. */
const lookups = [
  oklahomaAndTexas,
  http.get('*/api/constants/report-products', () =>
    HttpResponse.json([
      { id: 1, value: '1', label: '1004 Single Family', productDescription: '1004 Single Family', desktop: false },
      { id: 2, value: '2', label: '1073 Condominium', productDescription: '1073 Condominium', desktop: false },
    ]),
  ),
  http.get('*/api/staff/clients', () => HttpResponse.json([{ id: 3, companyName: 'Acme Lending', borrowerPays: false }])),
  http.get('*/api/staff/companies', () => HttpResponse.json([{ id: 7, name: 'Prairie Valuation Partners', active: true }])),
];

/** The last request's metric and query string. */
const lastAsked = (asked: URL[]) => {
  const url = asked[asked.length - 1]!;
  return `${url.pathname.split('/').pop()}?${url.searchParams.toString()}`;
};

/** A filter's input (its dropdown's list is labelled by the same label). */
const field = (label: string) => screen.getByLabelText(label, { selector: 'input' });
const noField = (label: string) => screen.queryByLabelText(label, { selector: 'input' });

const tabLabels = () => screen.getAllByRole('tab').map((t) => t.textContent);

/** Picks `option` in the Select labelled `label` (the dropdown is still in its opening transition in jsdom, so hidden). */
async function choose(label: string, option: string) {
  fireEvent.click(field(label));
  fireEvent.click(await screen.findByRole('option', { name: option, hidden: true }));
}

describe('staff Insights page', () => {
  it("asks for the volume with the server's default range, shows that range, the figures and the chart", async () => {
    const asked: URL[] = [];
    server.use(loggedIn(staffUser), appConfig(), ...lookups, insightsHandler('staff', asked));
    renderApp('/staff/insights');
    expect(await screen.findByRole('heading', { level: 1, name: 'Insights' })).toBeInTheDocument();
    expect(tabLabels()).toEqual(['Volume', 'Pipeline', 'Turn Time', 'Quality', 'Revenue', 'Receivables', 'Appraiser Pay']);
    expect(screen.getByRole('tab', { name: 'Volume' })).toHaveAttribute('aria-selected', 'true');
    expect(await screen.findByRole('region', { name: 'Orders per week' })).toBeInTheDocument();
    expect(lastAsked(asked)).toBe('volume?');
    expect(field('From')).toHaveValue('2026-09-01');
    expect(field('To')).toHaveValue('2026-11-27');
    const figures = document.querySelector('[data-stat-grid]') as HTMLElement;
    expect(within(figures).getByText('Received').nextSibling).toHaveTextContent('41');
    expect(within(figures).getByText('Cancelled').nextSibling).toHaveTextContent('2');
    for (const label of ['Client', 'Product', 'State', 'Appraiser firm']) expect(field(label)).toBeInTheDocument();
  });

  it('puts the tab and each filter into the URL, and asks the server with them', async () => {
    const asked: URL[] = [];
    server.use(
      loggedIn(staffUser),
      appConfig(),
      ...lookups,
      insightsHandler('staff', asked, (metric) => ({ ...volumeInsight, metric: metric as 'revenue' })),
    );
    const { router } = renderApp('/staff/insights');
    await screen.findByRole('region', { name: 'Orders per week' });
    const search = () => Object.fromEntries(new URLSearchParams(router.state.location.search));

    fireEvent.click(screen.getByRole('tab', { name: 'Revenue' }));
    await waitFor(() => expect(lastAsked(asked)).toBe('revenue?'));
    expect(search()).toEqual({ metric: 'revenue' });

    fireEvent.click(screen.getByRole('radio', { name: 'Month' }));
    await waitFor(() => expect(lastAsked(asked)).toBe('revenue?interval=month'));

    await choose('Client', 'Acme Lending');
    await choose('Product', '1073 Condominium');
    await choose('State', 'Texas');
    await choose('Appraiser firm', 'Prairie Valuation Partners');
    await waitFor(() => expect(lastAsked(asked)).toBe('revenue?interval=month&clientId=3&productId=2&state=TX&firmId=7'));
    expect(search()).toEqual({ metric: 'revenue', interval: 'month', clientId: '3', productId: '2', state: 'TX', firmId: '7' });

    const from = field('From');
    fireEvent.change(from, { target: { value: '2026-10-01' } });
    fireEvent.blur(from);
    await waitFor(() => expect(search()).toMatchObject({ from: '2026-10-01' }));
    expect(asked[asked.length - 1]!.searchParams.get('from')).toBe('2026-10-01');

    fireEvent.click(screen.getByRole('button', { name: 'Clear filters' }));
    await waitFor(() => expect(search()).toEqual({ metric: 'revenue' }));
    await waitFor(() => expect(lastAsked(asked)).toBe('revenue?'));
    expect(screen.queryByRole('button', { name: 'Clear filters' })).not.toBeInTheDocument();
  });

  it('opens the view a link gives, and shows the server refusing its filters', async () => {
    const asked: URL[] = [];
    server.use(
      loggedIn(staffUser),
      appConfig(),
      ...lookups,
      http.get('*/api/staff/insights/:metric', ({ request }) => {
        asked.push(new URL(request.url));
        return HttpResponse.json({ message: 'From must be on or before To.' }, { status: 422 });
      }),
    );
    renderApp('/staff/insights?metric=quality&from=2026-12-01&to=2026-11-01&state=OK');
    expect(await screen.findByRole('alert')).toHaveTextContent('From must be on or before To.');
    expect(screen.getByRole('tab', { name: 'Quality' })).toHaveAttribute('aria-selected', 'true');
    expect(lastAsked(asked)).toBe('quality?from=2026-12-01&to=2026-11-01&state=OK');
    expect(field('From')).toHaveValue('2026-12-01');
  });
});

describe('client Insights page', () => {
  it('offers a lender its own metrics (Invoices, no Revenue or Appraiser Pay) and only the Product and State filters', async () => {
    const asked: URL[] = [];
    server.use(loggedIn(clientUser), appConfig(), clientSeat(seatOf()), ...lookups, insightsHandler('client', asked));
    renderApp('/client/insights?metric=revenue&clientId=3&firmId=7&state=OK');
    await screen.findByRole('region', { name: 'Orders per week' });
    await waitFor(() => expect(tabLabels()).toEqual(['Volume', 'Pipeline', 'Turn Time', 'Quality', 'Invoices']));
    // Another area's metric and filters in a link are left out.
    expect(lastAsked(asked)).toBe('volume?state=OK');
    expect(field('Product')).toBeInTheDocument();
    expect(field('State')).toBeInTheDocument();
    expect(noField('Client')).not.toBeInTheDocument();
    expect(noField('Appraiser firm')).not.toBeInTheDocument();

    fireEvent.click(screen.getByRole('tab', { name: 'Invoices' }));
    await waitFor(() => expect(lastAsked(asked)).toBe('receivables?state=OK'));
    // Unpaid invoices are as of now: no range to pick.
    expect(noField('From')).not.toBeInTheDocument();
    expect(noField('To')).not.toBeInTheDocument();
    expect(field('State')).toBeInTheDocument();
  });

  it("offers the invoices only to the lender's administrators, as its Invoices page", async () => {
    const asked: URL[] = [];
    server.use(loggedIn(clientUser), appConfig(), clientSeat(seatOf('viewer')), ...lookups, insightsHandler('client', asked));
    renderApp('/client/insights?metric=receivables');
    await screen.findByRole('region', { name: 'Orders per week' });
    await waitFor(() => expect(tabLabels()).toEqual(['Volume', 'Pipeline', 'Turn Time', 'Quality']));
    expect(lastAsked(asked)).toBe('volume?');
  });
});
