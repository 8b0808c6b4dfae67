import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { renderApp } from '../../../test/render';
import { appConfig, loggedIn, runFakeServer, server } from '../../../test/server';
import { QUOTE_MESSAGES, quoteFormErrors } from './NewQuoteDialog';
import { staff } from '../../../test/users';

runFakeServer();

const filled = {
  client: '1',
  loanNumber: '',
  line1: '1 Main St',
  city: 'Austin',
  state: 'TX',
  county: 'Travis County',
  zip: '78701',
  propertyType: '1',
  intendedUse: '1',
  reportType: '1',
  dueDate: '2026-12-01',
  fee: '450',
  appraisers: '',
};

describe('staff quote desk', () => {
  it('the form names what is missing in the server words', () => {
    expect(quoteFormErrors(filled, ['1'])).toEqual({});
    expect(quoteFormErrors({ ...filled, zip: '7870', fee: '0', client: '' }, [])).toEqual({
      client: QUOTE_MESSAGES.client,
      zip: QUOTE_MESSAGES.zip,
      fee: QUOTE_MESSAGES.fee,
      appraisers: QUOTE_MESSAGES.appraisers,
    });
    expect(
      quoteFormErrors(
        filled,
        Array.from({ length: 21 }, (_, i) => String(i)),
      ).appraisers,
    ).toBe(QUOTE_MESSAGES.appraisers);
  });

  it('the answers side by side; Award only on responded rows of an open request', async () => {
    let awarded: unknown = null;
    const answer = (appraiserId: number, name: string, status: string) => ({
      appraiserId,
      name,
      company: 'Prairie Valuation Partners',
      status,
      fee: status === 'responded' ? 480 : null,
      deliveryDate: '2026-11-30',
      comment: status === 'responded' ? 'Happy to' : null,
      rejectReason: status === 'rejected' ? 'Too far' : null,
      answeredAt: null,
    });
    server.use(
      loggedIn(staff),
      appConfig(),
      http.get('*/api/auth/csrf', () => HttpResponse.json({ token: 't' })),
      http.get('*/api/staff/quotes/6', () =>
        HttpResponse.json({
          id: 6,
          propertyAddress: '88 Quote Lane, Austin, TX 78704',
          clientCompany: 'Bayou Lending',
          dueDate: '2026-12-02',
          appraiserFee: 450,
          reportType: '1004',
          status: awarded ? 'awarded' : 'open',
          createdAt: '2026-11-25T10:00:00Z',
          recipients: 3,
          answered: 2,
          responded: 1,
          loanNumber: null,
          propertyCounty: 'Travis County',
          propertyType: 'Condominium',
          intendedUse: 'Purchase',
          awardedAppraiserId: null,
          orderId: awarded ? 99 : null,
          answers: [answer(1, 'Avery Appraiser', 'responded'), answer(2, 'Blake Morgan', 'rejected'), answer(3, 'Casey Admin', 'waiting')],
        }),
      ),
      http.post('*/api/staff/quotes/6/award', async ({ request }) => {
        awarded = await request.json();
        return HttpResponse.json({ id: 99, fileNumber: 'A0000099' }, { status: 201 });
      }),
    );
    renderApp('/staff/quotes/6');
    const table = await screen.findByRole('table', { name: 'Answers' });
    expect(within(table).getAllByRole('button', { name: /^Award to/ })).toHaveLength(1);
    expect(within(table).getByText('Too far')).toBeInTheDocument();
    fireEvent.click(within(table).getByRole('button', { name: 'Award to Avery Appraiser' }));
    await waitFor(() => expect(awarded).toEqual({ appraiserId: 1 }));
    expect(await screen.findByRole('link', { name: 'open the order' })).toHaveAttribute('href', '/staff/orderdetails/99');
    expect(screen.queryByRole('button', { name: /^Award to/ })).not.toBeInTheDocument();
  });
});
