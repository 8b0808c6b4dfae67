import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { MSG_POLICY_SAVED } from '../../../components/AssignmentPolicyForm';
import { renderApp } from '../../../test/render';
import { appConfig, csrf, loggedIn, runFakeServer, server } from '../../../test/server';
import type { HandedBack, Policy } from './api';
import { MSG_NONE_HANDED_BACK, TITLE_HANDED_BACK } from './AssignmentPage';
import { staff } from '../../../test/users';

runFakeServer();

const policy: Policy = { mode: 'offer_in_turn', offerHours: 8, broadcastSize: 3 };
const handedBack: HandedBack[] = [{ orderId: 54, fileNumber: '26000054', propertyAddress: '12 Elm St, Austin, TX 78701', decidedAt: '2026-03-02T15:30:00Z' }];

/** The Assignment page over `policy` and `list`, recording the PUT bodies; `refusal` answers them instead of the saved policy. */
function withAssignment(list: HandedBack[], refusal?: { message: string; fields: Record<string, string> }) {
  const sent: unknown[] = [];
  server.use(
    loggedIn(staff),
    appConfig(),
    csrf,
    http.get('*/api/staff/assignment-policy', () => HttpResponse.json(policy)),
    http.put('*/api/staff/assignment-policy', async ({ request }) => {
      const body = await request.json();
      sent.push(body);
      return refusal ? HttpResponse.json(refusal, { status: 422 }) : HttpResponse.json(body as object);
    }),
    http.get('*/api/staff/assignment/handed-back', () => HttpResponse.json(list)),
    http.get('*/api/order-details/:id', () => HttpResponse.json({ message: 'gone' }, { status: 404 })),
  );
  return sent;
}

describe('Assignment page', () => {
  it('opens from the side menu', async () => {
    withAssignment([]);
    const { router } = renderApp('/staff/clients');
    fireEvent.click(await screen.findByRole('link', { name: 'Assignment' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Assignment' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/staff/assignment');
  });

  it('shows the company policy and saves the mode and figures chosen', async () => {
    const sent = withAssignment([]);
    renderApp('/staff/assignment');
    const form = await screen.findByRole('form', { name: 'Assignment policy' });
    expect(within(form).getByRole('radio', { name: /Offer in turn/ })).toBeChecked();
    expect(within(form).getByLabelText('Offer hours')).toHaveValue('8');
    expect(within(form).getByLabelText('Broadcast size')).toHaveValue('3');

    fireEvent.click(within(form).getByRole('radio', { name: /Broadcast/ }));
    fireEvent.change(within(form).getByLabelText('Offer hours'), { target: { value: '73' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Save Policy' }));
    expect(await within(form).findByText('Offer hours must be from 1 to 72.')).toBeInTheDocument();
    expect(sent).toEqual([]);

    fireEvent.change(within(form).getByLabelText('Offer hours'), { target: { value: '24' } });
    fireEvent.change(within(form).getByLabelText('Broadcast size'), { target: { value: '5' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Save Policy' }));
    expect(await screen.findByText(MSG_POLICY_SAVED)).toBeInTheDocument();
    expect(sent).toEqual([{ mode: 'broadcast', offerHours: 24, broadcastSize: 5 }]);
  });

  it("shows the server's refusal under the input it names", async () => {
    const message = 'Broadcast size must be from 2 to 20 appraisers.';
    withAssignment([], { message, fields: { broadcastSize: message } });
    renderApp('/staff/assignment');
    const form = await screen.findByRole('form', { name: 'Assignment policy' });
    fireEvent.click(within(form).getByRole('button', { name: 'Save Policy' }));
    await waitFor(() => expect(within(form).getByLabelText('Broadcast size')).toHaveAccessibleDescription(expect.stringContaining(message)));
    expect(within(form).getByRole('alert')).toHaveTextContent(message);
  });

  it('lists the orders handed back, each a link to its page', async () => {
    withAssignment(handedBack);
    const { router } = renderApp('/staff/assignment');
    const table = await screen.findByRole('table', { name: TITLE_HANDED_BACK });
    const row = within(table).getByText('12 Elm St, Austin, TX 78701').closest('tr')!;
    const link = within(row).getByRole('link', { name: '26000054' });
    expect(link).toHaveAttribute('href', '/staff/orderdetails/54');
    fireEvent.click(link);
    await waitFor(() => expect(router.state.location.pathname).toMatch(/^\/staff\/orderdetails\/54/));
  });

  it('says when no order is waiting', async () => {
    withAssignment([]);
    renderApp('/staff/assignment');
    expect(await screen.findByText(MSG_NONE_HANDED_BACK)).toBeInTheDocument();
  });
});
