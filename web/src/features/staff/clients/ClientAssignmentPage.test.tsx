import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { MSG_POLICY_SAVED } from '../../../components/AssignmentPolicyForm';
import { renderApp } from '../../../test/render';
import { appConfig, csrf, loggedIn, runFakeServer, server } from '../../../test/server';
import type { ClientPolicy } from './api';
import { MSG_BACK_TO_COMPANY, MSG_FOLLOWS_COMPANY, MSG_OWN_POLICY } from './ClientAssignmentPage';
import { staff } from '../../../test/users';

runFakeServer();

const client = { id: 7, companyName: 'First Lender Bank', paymentTermsDays: 30 };
const company: ClientPolicy = { mode: 'manual', offerHours: 8, broadcastSize: 3, inherited: true };

/** The client's policy page over `start`; records what was sent and answers as the server would. */
function withPolicy(start: ClientPolicy) {
  const sent: unknown[] = [];
  let current = start;
  server.use(
    loggedIn(staff),
    appConfig(),
    csrf,
    http.get('*/api/staff/clients', () => HttpResponse.json([client])),
    http.get('*/api/staff/clients/7/assignment-policy', () => HttpResponse.json(current)),
    http.put('*/api/staff/clients/7/assignment-policy', async ({ request }) => {
      const body = (await request.json()) as object;
      sent.push(body);
      current = { ...(body as ClientPolicy), inherited: false };
      return HttpResponse.json(current);
    }),
    http.delete('*/api/staff/clients/7/assignment-policy', () => {
      sent.push('DELETE');
      current = company;
      return HttpResponse.json(current);
    }),
  );
  return sent;
}

describe('Client assignment policy page', () => {
  it('opens from Assignment on the Clients page', async () => {
    withPolicy(company);
    const { router } = renderApp('/staff/clients');
    fireEvent.click(await screen.findByRole('link', { name: 'Assignment policy of First Lender Bank' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Assignment policy of First Lender Bank' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/staff/clients/7/assignment');
  });

  it("says the client follows the company's policy, and saving gives it its own", async () => {
    const sent = withPolicy(company);
    renderApp('/staff/clients/7/assignment');
    expect(await screen.findByText(MSG_FOLLOWS_COMPANY)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: "Use the company's policy" })).not.toBeInTheDocument();
    const form = screen.getByRole('form', { name: 'Assignment policy' });
    expect(within(form).getByRole('radio', { name: /Manual/ })).toBeChecked();
    fireEvent.click(within(form).getByRole('radio', { name: /Offer in turn/ }));
    fireEvent.click(within(form).getByRole('button', { name: 'Save Policy' }));
    expect(await screen.findByText(MSG_POLICY_SAVED)).toBeInTheDocument();
    expect(sent).toEqual([{ mode: 'offer_in_turn', offerHours: 8, broadcastSize: 3 }]);
    expect(await screen.findByText(MSG_OWN_POLICY)).toBeInTheDocument();
  });

  it("returns a client with its own policy to the company's", async () => {
    const sent = withPolicy({ mode: 'broadcast', offerHours: 4, broadcastSize: 6, inherited: false });
    renderApp('/staff/clients/7/assignment');
    expect(await screen.findByText(MSG_OWN_POLICY)).toBeInTheDocument();
    expect(screen.getByRole('radio', { name: /Broadcast/ })).toBeChecked();
    fireEvent.click(screen.getByRole('button', { name: "Use the company's policy" }));
    expect(await screen.findByText(MSG_BACK_TO_COMPANY)).toBeInTheDocument();
    expect(sent).toEqual(['DELETE']);
    expect(await screen.findByText(MSG_FOLLOWS_COMPANY)).toBeInTheDocument();
    await waitFor(() => expect(screen.getByRole('radio', { name: /Manual/ })).toBeChecked());
    expect(screen.getByLabelText('Offer hours')).toHaveValue('8');
  });
});
