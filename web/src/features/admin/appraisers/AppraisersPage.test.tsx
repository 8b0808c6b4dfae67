import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse, delay } from 'msw';
import { describe, expect, it } from 'vitest';
import { renderApp } from '../../../test/render';
import { appConfig, loggedIn, runFakeServer, server } from '../../../test/server';

runFakeServer();

const admin = { securityUserId: 10, userType: 6, firstName: 'Ada', lastName: 'Admin' };

const LIST = [
  {
    securityUser: { id: 21, firstName: 'Ann', lastName: 'Appraiser', email: 'ann@firm.example.com' },
    officeAddress: '12 Main Street, Springfield',
    appraiserInfo: { id: 1, isFhaCertified: true },
  },
  {
    securityUser: { id: 22, firstName: 'Bob', lastName: 'Builder', email: 'bob@firm.example.com' },
    officeAddress: '9 Oak Avenue, Shelbyville',
    appraiserInfo: { id: 2, isFhaCertified: false },
  },
];

const list = (body: unknown, status = 200) =>
  http.get('*/api/admin-appraiser/company-appraisers', async () => {
    await delay(30);
    return HttpResponse.json(body as never, { status });
  });

describe('Appraisers page', () => {
  it('shows 3 skeleton cards, then the cards with badge, e-mail and View Profile', async () => {
    server.use(loggedIn(admin), appConfig(), list(LIST));
    const { router } = renderApp('/appraiser-admin/appraisers');
    await screen.findByRole('heading', { level: 1, name: 'Appraisers' });
    expect(await screen.findAllByTestId('appraiser-skeleton')).toHaveLength(3);
    const cards = await screen.findAllByRole('article');
    expect(cards).toHaveLength(2);
    expect(screen.getByText('2 appraisers found')).toBeInTheDocument();
    expect(within(cards[0]!).getByText('FHA Certified')).toBeInTheDocument();
    expect(within(cards[1]!).queryByText('FHA Certified')).toBeNull();
    expect(within(cards[0]!).getByRole('link', { name: 'ann@firm.example.com' })).toHaveAttribute('href', 'mailto:ann@firm.example.com');
    await waitFor(() => expect(within(screen.getByText(/To remove an appraiser/)).getByRole('link', { name: 'support@example.com' })).toBeInTheDocument());

    fireEvent.click(within(cards[1]!).getByRole('link', { name: /View Profile/ }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/appraiser/profile/22'));
  });

  it('searches name, e-mail and address; no match; Clear filters restores', async () => {
    server.use(loggedIn(admin), appConfig(), list(LIST));
    renderApp('/appraiser-admin/appraisers');
    await screen.findAllByRole('article');
    const box = screen.getByRole('searchbox', { name: /Search appraisers/ });
    fireEvent.change(box, { target: { value: '  BOB@firm ' } });
    expect(screen.getAllByRole('article')).toHaveLength(1);
    expect(screen.getByText('1 appraiser found')).toBeInTheDocument();
    fireEvent.change(box, { target: { value: 'springfield' } });
    expect(screen.getByRole('article', { name: 'Ann Appraiser' })).toBeInTheDocument();
    fireEvent.change(box, { target: { value: 'qqqq' } });
    expect(screen.getByText('No appraisers match your filters')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Clear filters' }));
    expect(screen.getAllByRole('article')).toHaveLength(2);
    expect(box).toHaveValue('');
  });

  it('an empty list and a failed fetch both show the no-appraisers state', async () => {
    server.use(loggedIn(admin), appConfig(), list([]));
    renderApp('/appraiser-admin/appraisers');
    expect(await screen.findByText('No Appraiser to manage')).toBeInTheDocument();
  });

  it('a failed fetch shows an empty list', async () => {
    server.use(loggedIn(admin), appConfig(), list({ message: 'boom' }, 500));
    renderApp('/appraiser-admin/appraisers');
    expect(await screen.findByText('No Appraiser to manage')).toBeInTheDocument();
    expect(screen.getByText('0 appraisers found')).toBeInTheDocument();
  });
});
