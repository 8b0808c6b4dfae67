import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { renderApp } from '../../../test/render';
import { appConfig, csrf, loggedIn, oklahomaAndTexas, runFakeServer, server } from '../../../test/server';
import type { TurnTimeRule } from './api';
import { MSG_TURN_TIME_SAVED } from './TurnTimePage';
import { staff } from '../../../test/users';

runFakeServer();

const product = { id: 1, name: '1004 Full Appraisal', isDesktop: false, defaultFee: 450, dataFileRequired: false, ownChecklist: false, borrowerPays: false };
const rule: TurnTimeRule = { businessDays: 7, rushBusinessDays: 3, rushFeeCents: 15000, states: [{ stateCode: 'TX', businessDays: 10, rushBusinessDays: null }] };

/** The turn-time page of product 1 over `rule`, recording the PUT bodies; `refusal` answers them instead of the saved rule. */
function withTurnTime(refusal?: { message: string; fields: Record<string, string> }) {
  const sent: unknown[] = [];
  server.use(
    loggedIn(staff),
    appConfig(),
    csrf,
    oklahomaAndTexas,
    http.get('*/api/staff/products', () => HttpResponse.json([product])),
    http.get('*/api/staff/products/1/turn-time', () => HttpResponse.json(rule)),
    http.put('*/api/staff/products/1/turn-time', async ({ request }) => {
      const body = await request.json();
      sent.push(body);
      return refusal ? HttpResponse.json(refusal, { status: 422 }) : HttpResponse.json(body as object);
    }),
  );
  return sent;
}

const form = () => screen.findByRole('form', { name: 'Turn time' });
const override = (n: number) => screen.getByRole('group', { name: `State override ${n}` });

describe('Turn time page', () => {
  it('opens from Turn Time on the Products page', async () => {
    withTurnTime();
    const { router } = renderApp('/staff/products');
    fireEvent.click(await screen.findByRole('link', { name: 'Turn Time of 1004 Full Appraisal' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Turn Time: 1004 Full Appraisal' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/staff/products/1/turn-time');
  });

  it('shows the rule with the fee in dollars and saves it with the fee in cents and the states as listed', async () => {
    const sent = withTurnTime();
    const { router } = renderApp('/staff/products/1/turn-time');
    const rules = await form();
    expect(within(rules).getAllByLabelText('Business days')[0]).toHaveValue('7');
    expect(within(rules).getAllByLabelText('Rush business days')[0]).toHaveValue('3');
    expect(within(rules).getByLabelText('Rush fee')).toHaveValue('150.00');
    await waitFor(() => expect(within(override(1)).getByLabelText(/^State/)).toHaveValue('TX'));
    expect(within(override(1)).getByLabelText(/Business days/)).toHaveValue('10');

    fireEvent.click(within(rules).getByRole('button', { name: 'Add State' }));
    fireEvent.click(within(rules).getByRole('button', { name: 'Save Turn Time' }));
    expect(await within(override(2)).findByText('State is required.')).toBeInTheDocument();
    expect(within(override(2)).getByText('Business days is required.')).toBeInTheDocument();
    expect(sent).toEqual([]);

    fireEvent.change(within(override(2)).getByLabelText(/^State/), { target: { value: 'OK' } });
    fireEvent.change(within(override(2)).getByLabelText(/^Business days/), { target: { value: '5' } });
    fireEvent.change(within(override(2)).getByLabelText(/Rush business days/), { target: { value: '2' } });
    fireEvent.change(within(rules).getByLabelText('Rush fee'), { target: { value: '$1,250.5' } });
    fireEvent.click(within(rules).getByRole('button', { name: 'Save Turn Time' }));
    expect(await screen.findByText(MSG_TURN_TIME_SAVED)).toBeInTheDocument();
    expect(sent).toEqual([
      {
        businessDays: 7,
        rushBusinessDays: 3,
        rushFeeCents: 125050,
        states: [
          { stateCode: 'TX', businessDays: 10, rushBusinessDays: null },
          { stateCode: 'OK', businessDays: 5, rushBusinessDays: 2 },
        ],
      },
    ]);
    await waitFor(() => expect(router.state.location.pathname).toBe('/staff/products'));
  });

  it('removes a state and leaves a blank rule as no rule', async () => {
    const sent = withTurnTime();
    renderApp('/staff/products/1/turn-time');
    const rules = await form();
    fireEvent.click(within(rules).getByRole('button', { name: 'Remove State override 1' }));
    for (const input of [...within(rules).getAllByLabelText(/business days/i), within(rules).getByLabelText('Rush fee')]) fireEvent.change(input, { target: { value: '' } });
    fireEvent.click(within(rules).getByRole('button', { name: 'Save Turn Time' }));
    await waitFor(() => expect(sent).toEqual([{ businessDays: null, rushBusinessDays: null, rushFeeCents: null, states: [] }]));
  });

  it("shows the server's refusal under the input it names", async () => {
    const message = 'Rush business days must be fewer than the business days.';
    withTurnTime({ message, fields: { rushBusinessDays: message } });
    renderApp('/staff/products/1/turn-time');
    const rules = await form();
    const rush = within(rules).getAllByLabelText('Rush business days')[0]!;
    fireEvent.change(rush, { target: { value: '9' } });
    fireEvent.click(within(rules).getByRole('button', { name: 'Save Turn Time' }));
    await waitFor(() => expect(rush).toHaveAccessibleDescription(expect.stringContaining(message)));
    expect(screen.getByRole('alert')).toHaveTextContent(message);
  });
});
