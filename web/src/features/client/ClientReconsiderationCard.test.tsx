import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import type { Schemas } from '../../lib/api';
import { clientOrderFixture, clientUser, deliveredClientOrder } from '../../test/clientOrder';
import { reconsiderationFixture } from '../../test/reconsiderations';
import { renderApp } from '../../test/render';
import { appConfig, csrf, loggedIn, runFakeServer, server } from '../../test/server';
import { MSG_NO_RECONSIDERATIONS, MSG_ROV_SENT } from './ClientReconsiderationCard';

runFakeServer();

type Case = Schemas['Reconsideration'];

const resolved = reconsiderationFixture({
  status: 'resolved',
  answerOutcome: 'revised',
  commentary: ['The kitchen is adjusted.', 'The living area is corrected.'],
  revisedFileId: 41,
  outcome: 'value_changed',
  valuePressure: null,
  withheld: null,
});

/** demo.client on order 54 (`order`), whose reconsiderations are `cases`; a request is answered by `answer`. Returns what was asked and sent. */
function clientOrder(order: Schemas['ClientOrder'], cases: Case[], answer: () => Response = () => HttpResponse.json(reconsiderationFixture({ id: 8, status: 'requested' }))) {
  const loads: string[] = [];
  const posted: unknown[] = [];
  server.use(
    loggedIn(clientUser),
    appConfig(),
    csrf,
    http.get('*/api/client/orders/54', () => HttpResponse.json(order)),
    http.get('*/api/client/orders/54/messages', () => HttpResponse.json([])),
    http.get('*/api/client/orders/54/documents', () => HttpResponse.json([])),
    http.get('*/api/client/orders/54/revision-requests', () => HttpResponse.json([])),
    http.get('*/api/orders/54/report-data', () => HttpResponse.json(null)),
    http.get('*/api/orders/54/fair-language', () => HttpResponse.json([])),
    http.get('*/api/client/orders/54/reconsiderations', ({ request }) => {
      loads.push(new URL(request.url).pathname);
      return HttpResponse.json(cases);
    }),
    http.post('*/api/client/orders/54/reconsiderations', async ({ request }) => {
      posted.push(await request.json());
      return answer();
    }),
  );
  renderApp('/client/orders/54');
  return { loads, posted };
}

const card = () => screen.findByRole('region', { name: 'Reconsideration of Value' });

describe("the client's Reconsideration of Value card", () => {
  it('shows the cases of a delivered order, read-only, with their status, steps and outcome', async () => {
    clientOrder(deliveredClientOrder(), [resolved]);
    const theCase = await within(await card()).findByRole('region', { name: 'Request 7 from the lender, 03/02/2026' });
    const field = (label: string) => within(theCase).getByText(label, { selector: 'dt' }).nextElementSibling;
    expect(within(theCase).getByText('Resolved', { selector: '.mantine-Badge-label' })).toBeInTheDocument();
    expect(field('Outcome')).toHaveTextContent('Value changed');
    expect(field("Appraiser's Answer")).toHaveTextContent('Revised');
    expect(field('Basis')).toHaveTextContent('Unsupported value, Factual error');
    expect(within(theCase).getByRole('list', { name: 'Steps' })).toHaveTextContent('Reviewed by Sam Staff');
    // Read-only: none of staff's steps, nor what only staff see.
    expect(within(theCase).queryByRole('button')).not.toBeInTheDocument();
    expect(within(theCase).queryByText('Value pressure')).not.toBeInTheDocument();
    expect(within(theCase).queryByText(/Examiner's file/)).not.toBeInTheDocument();
  });

  it('is not there before delivery, and asks for nothing', async () => {
    const { loads } = clientOrder(clientOrderFixture(), [resolved]);
    await screen.findByRole('region', { name: 'Documents' });
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.queryByRole('region', { name: 'Reconsideration of Value' })).not.toBeInTheDocument();
    expect(loads).toEqual([]);
  });

  it('Request Reconsideration opens the request form; a refusal shows in it, then the request is sent and the cases read again', async () => {
    let answer = HttpResponse.json({ message: 'The loan closed on 03/01/2026: a reconsideration of value must come before closing.' }, { status: 409 });
    const { loads, posted } = clientOrder(deliveredClientOrder(), [], () => answer);
    const c = await card();
    expect(await within(c).findByText(MSG_NO_RECONSIDERATIONS)).toBeInTheDocument();
    fireEvent.click(within(c).getByRole('button', { name: 'Request Reconsideration' }));
    const dialog = await screen.findByRole('dialog', { name: 'Request Reconsideration' });
    fireEvent.click(within(dialog).getByRole('checkbox', { name: 'Discrimination' }));
    fireEvent.change(within(within(dialog).getByRole('group', { name: 'Deficiency 1' })).getByRole('textbox', { name: /^What is wrong/ }), {
      target: { value: 'The neighbourhood is described by who lives there.' },
    });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Send Request' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('The loan closed on 03/01/2026');

    answer = HttpResponse.json(reconsiderationFixture({ id: 8, status: 'requested' }));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Send Request' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Request Reconsideration' })).not.toBeInTheDocument());
    expect(await screen.findByText(MSG_ROV_SENT)).toBeInTheDocument();
    const sent = { basis: ['discrimination'], deficiencies: [{ text: 'The neighbourhood is described by who lives there.', reportField: null }], comparables: [] };
    expect(posted).toEqual([sent, sent]);
    await waitFor(() => expect(loads).toHaveLength(2));
  });
});
