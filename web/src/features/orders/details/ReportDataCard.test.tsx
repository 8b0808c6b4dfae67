import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import type { Schemas } from '../../../lib/api';
import { orderDetailsFixture } from '../../../test/orderDetails';
import { reportDataFixture } from '../../../test/reportData';
import { renderApp } from '../../../test/render';
import { appConfig, csrf, loggedIn, runFakeServer, server } from '../../../test/server';
import { MSG_WARNINGS_ACKNOWLEDGED } from './ReportDataCard';

runFakeServer();

const staff = { securityUserId: 20, userType: 2, firstName: 'Sam', lastName: 'Staff' };
const appraiser = { securityUserId: 10, userType: 1, firstName: 'Dana', lastName: 'Reed' };

// Both warnings open: staff acknowledge them here.
const data = reportDataFixture({
  warnings: [
    { code: 'FRE4645', message: 'The subject is rated C6 or Q6.', acknowledgedBy: null, acknowledgedAt: null },
    { code: 'LICENSE', message: 'The licence differs.', acknowledgedBy: null, acknowledgedAt: null },
  ],
});

function orderServer(reportData: Schemas['ReportData'] | null, posted: unknown[] = []) {
  server.use(
    csrf,
    appConfig(),
    http.get('*/api/order-details/:id', () => HttpResponse.json(orderDetailsFixture({}))),
    http.get('*/api/staff/orders/:id/notes', () => HttpResponse.json([])),
    http.get('*/api/orders/5/report-data', () =>
      reportData ? HttpResponse.json(reportData) : HttpResponse.json({ message: 'No data file was uploaded for this order.' }, { status: 404 }),
    ),
    http.post('*/api/staff/orders/5/report-data/acknowledge', async ({ request }) => {
      const body = (await request.json()) as { codes: string[] };
      posted.push(body);
      const at = '2026-11-21T15:00:00Z';
      return HttpResponse.json({ ...data, warnings: data.warnings.map((w) => (body.codes.includes(w.code) ? { ...w, acknowledgedBy: 'Sam Staff', acknowledgedAt: at } : w)) });
    }),
  );
}

describe('Report Data card', () => {
  it('shows staff the values, the hard stops, and acknowledges the chosen warnings', async () => {
    const posted: unknown[] = [];
    server.use(loggedIn(staff));
    orderServer(data, posted);
    renderApp('/staff/orderdetails/5');
    const card = await screen.findByRole('region', { name: 'Report Data' });
    expect(within(card).getByText('$650,000.00')).toBeInTheDocument();
    expect(within(card).getByText('UAD 3.6: report.zip')).toBeInTheDocument();
    expect(within(card).getByRole('alert')).toHaveTextContent("300: The subject property's address is missing.");
    const button = within(card).getByRole('button', { name: 'Acknowledge' });
    expect(button).toBeDisabled();
    fireEvent.click(within(card).getByRole('checkbox', { name: 'FRE4645: The subject is rated C6 or Q6.' }));
    fireEvent.click(button);
    await waitFor(() => expect(posted).toEqual([{ codes: ['FRE4645'] }]));
    expect(await within(card).findByText(/FRE4645: The subject is rated C6 or Q6\. Acknowledged by Sam Staff/)).toBeInTheDocument();
    expect(await screen.findByText(MSG_WARNINGS_ACKNOWLEDGED)).toBeInTheDocument();
    expect(within(card).getByRole('checkbox', { name: 'LICENSE: The licence differs.' })).toBeInTheDocument();
  });

  it('shows the appraiser the warnings without acknowledging, and nothing when no data file was uploaded', async () => {
    server.use(loggedIn(appraiser));
    orderServer(data);
    const { unmount } = renderApp('/appraiser/orderdetails/5');
    const card = await screen.findByRole('region', { name: 'Report Data' });
    expect(within(card).getByText('FRE4645: The subject is rated C6 or Q6.')).toBeInTheDocument();
    expect(within(card).queryByRole('checkbox')).toBeNull();
    expect(within(card).queryByRole('button', { name: 'Acknowledge' })).toBeNull();
    unmount();
    orderServer(null);
    renderApp('/appraiser/orderdetails/5');
    expect(await screen.findByRole('tab', { name: 'Order Details' })).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('region', { name: 'Report Data' })).toBeNull());
  });
});
