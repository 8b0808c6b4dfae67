import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { renderApp } from '../../test/render';
import { appConfig, csrf, loggedIn, runFakeServer, server } from '../../test/server';

runFakeServer();

const appraiser = { securityUserId: 5, userType: 1, firstName: 'Avery', lastName: 'Appraiser' };

function detail(status = 'open', overrides: Record<string, unknown> = {}) {
  return {
    quote: {
      id: 7,
      loanId: null,
      propertyAddressLine1: '12 Oak St',
      propertyCity: 'Austin',
      propertyStateCode: 'TX',
      propertyZipCode: '78701',
      propertyCounty: null,
      appraiserFee: 525,
      dueDate: '2030-01-15',
      latitude: null,
      longitude: null,
    },
    propertyType: { description: 'Condominium' },
    intendedUse: { description: 'Refinance' },
    reportType: null,
    client: null,
    answer: { status, answeredAt: null, estimatedDeliveryDate: null, appraiserFee: null, comment: null, rejectReason: null },
    ...overrides,
  };
}

describe('Quote detail', () => {
  it('shows the header, fallbacks and the Respond to Quote messages, then the answer', async () => {
    let sent: unknown = null;
    let current = detail();
    server.use(
      loggedIn(appraiser),
      appConfig(),
      csrf,
      http.get('*/api/quotes/details/7', () => HttpResponse.json(current)),
      http.post('*/api/quotes/accept', async ({ request }) => {
        sent = await request.json();
        current = detail('responded', {
          answer: { status: 'responded', answeredAt: null, estimatedDeliveryDate: '2030-01-10', appraiserFee: 480, comment: 'Fine', rejectReason: null },
        });
        return HttpResponse.json(current);
      }),
    );
    renderApp('/appraiser/quote/7');
    expect(await screen.findByRole('heading', { level: 1, name: 'Loan # Not provided' })).toBeInTheDocument();
    expect(screen.getByText('Quote ID: 7')).toBeInTheDocument();
    expect(within(screen.getByRole('region', { name: 'Property Information' })).getByText('Not specified')).toBeInTheDocument();
    expect(within(screen.getByRole('region', { name: 'Client Information' })).getAllByText('Not provided')).toHaveLength(4);
    expect(within(screen.getByRole('region', { name: 'Financial & Timeline' })).getByText('$525.00')).toBeInTheDocument();
    expect(screen.getByText('01/15/2030')).toBeInTheDocument();
    expect(screen.getByText('No location was given for this property.')).toBeInTheDocument();

    fireEvent.click(screen.getByRole('button', { name: 'Respond to Quote' }));
    const dialog = await screen.findByRole('dialog', { name: 'Respond to Quote' });
    fireEvent.change(within(dialog).getByLabelText(/Appraiser Fee/), { target: { value: '' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Submit Response' }));
    expect(await within(dialog).findByText('Please select an estimated delivery date.')).toBeInTheDocument();
    expect(within(dialog).getByText('Please enter an appraiser fee.')).toBeInTheDocument();
    expect(within(dialog).getByText('Please enter a comment.')).toBeInTheDocument();
    expect(sent).toBeNull();

    fireEvent.change(within(dialog).getByLabelText(/Estimated Delivery Date/), { target: { value: '2030-01-10' } });
    fireEvent.change(within(dialog).getByLabelText(/Appraiser Fee/), { target: { value: '480.00' } });
    fireEvent.change(within(dialog).getByLabelText(/Comment/), { target: { value: 'Fine' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Submit Response' }));
    expect(await screen.findByText('You responded to this quote')).toBeInTheDocument();
    expect(sent).toEqual({ quoteId: 7, estimatedDeliveryDate: '2030-01-10', appraiserFee: 480, comment: 'Fine' });
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Respond to Quote' })).toBeNull());
    expect(screen.queryByRole('button', { name: 'Respond to Quote' })).toBeNull();
  });

  it('a quote without a fee shows $0.00', async () => {
    const base = detail();
    server.use(
      loggedIn(appraiser),
      appConfig(),
      http.get('*/api/quotes/details/7', () => HttpResponse.json({ ...base, quote: { ...base.quote, appraiserFee: null } })),
    );
    renderApp('/appraiser/quote/7');
    const financial = await screen.findByRole('region', { name: 'Financial & Timeline' });
    expect(within(financial).getByText('$0.00')).toBeInTheDocument();
  });

  it('rejecting needs a reason, shows the catalogue failure, and returns to the list', async () => {
    let fail = true;
    server.use(
      loggedIn(appraiser),
      appConfig(),
      csrf,
      http.get('*/api/quotes/details/7', () => HttpResponse.json(detail())),
      http.get('*/api/quotes/dash', () => HttpResponse.json([])),
      http.post('*/api/quotes/reject', () => (fail ? HttpResponse.json({ message: 'boom' }, { status: 500 }) : HttpResponse.json({ message: 'Quote rejected' }))),
    );
    const { router } = renderApp('/appraiser/quote/7');
    fireEvent.click(await screen.findByRole('button', { name: 'Reject Quote' }));
    const dialog = await screen.findByRole('dialog', { name: 'Reject Quote' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Reject Quote' }));
    expect(await within(dialog).findByText('Please enter a reason for rejection.')).toBeInTheDocument();
    fireEvent.change(within(dialog).getByLabelText(/Reason for rejection/), { target: { value: 'Too far' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Reject Quote' }));
    expect(await within(dialog).findByText('Failed to reject quote. Please try again.')).toBeInTheDocument();
    fail = false;
    fireEvent.click(within(dialog).getByRole('button', { name: 'Reject Quote' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/appraiser/quotes'));
    expect(await screen.findByText('No open quotes available at this time.')).toBeInTheDocument();
  });

  it('a failed load offers Try Again and Go Back; a bad id says so', async () => {
    let calls = 0;
    server.use(
      loggedIn(appraiser),
      appConfig(),
      csrf,
      http.get('*/api/quotes/details/8', () => {
        calls += 1;
        return HttpResponse.json({ message: 'Quote not found' }, { status: 404 });
      }),
    );
    renderApp('/appraiser/quote/8');
    expect(await screen.findByText('Failed to load quote details')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Go Back' })).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Try Again' }));
    await waitFor(() => expect(calls).toBe(2));
  });

  it('shows Invalid Quote Id for a non-numeric id', async () => {
    server.use(loggedIn(appraiser), appConfig());
    renderApp('/appraiser/quote/abc');
    expect(await screen.findByText('Invalid Quote Id')).toBeInTheDocument();
  });
});
