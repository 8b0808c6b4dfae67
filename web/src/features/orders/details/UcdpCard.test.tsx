import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import type { Schemas } from '../../../lib/api';
import { renderApp } from '../../../test/render';
import { loggedIn, runFakeServer, server } from '../../../test/server';
import { recordsServer, reportedOrder, staffUser } from './recordsFixtures';
import { MSG_SUBMISSION_STATUS_REQUIRED, MSG_UCDP_SAVED } from './UcdpCard';

runFakeServer();

/** Staff on order 5 with `ucdp`; the first save is refused naming the Fannie Mae ID, the next recorded. */
function ucdpServer(ucdp: Schemas['Ucdp']) {
  const sent: unknown[] = [];
  server.use(loggedIn(staffUser));
  const loads = recordsServer({ order: reportedOrder, ucdp });
  server.use(
    http.put('*/api/staff/orders/5/ucdp', async ({ request }) => {
      const body = (await request.json()) as Schemas['UcdpBody'];
      sent.push(body);
      if (sent.length === 1)
        return HttpResponse.json({ message: 'Bad ID', fields: { fannieDocFileId: 'A Doc File ID is the 10 letters and digits the portal gave the submission.' } }, { status: 422 });
      return HttpResponse.json({ ...ucdp, ...body, updatedBy: 'Sam Staff', updatedAt: '2026-03-06T15:00:00Z' });
    }),
  );
  return { sent, loads };
}

const card = () => screen.findByRole('region', { name: 'UCDP / EAD Submission' });

describe('UCDP / EAD Submission card', () => {
  it('needs a status, and shows each refusal under its input', async () => {
    const { sent } = ucdpServer({ isFha: false, status: null, fannieDocFileId: null, freddieDocFileId: null });
    renderApp('/staff/orderdetails/5');
    const c = await card();
    expect(within(c).queryByRole('textbox', { name: /FHA case number/ })).toBeNull();
    expect(within(c).getByText(/type "UCDP Submission Summary Report"/)).toBeInTheDocument();
    const save = within(c).getByRole('button', { name: 'Save Submission' });
    fireEvent.click(save);
    const status = within(c).getByRole('combobox', { name: /^Submission status/ });
    expect(status).toHaveAccessibleDescription(MSG_SUBMISSION_STATUS_REQUIRED);
    expect(sent).toEqual([]);
    const fannie = within(c).getByRole('textbox', { name: 'Fannie Mae Doc File ID' });
    fireEvent.change(fannie, { target: { value: 'abc' } });
    fireEvent.change(status, { target: { value: 'hard_stop' } });
    fireEvent.click(save);
    await waitFor(() => expect(fannie).toHaveAccessibleDescription('A Doc File ID is the 10 letters and digits the portal gave the submission.'));
    expect(within(c).getByRole('alert')).toHaveTextContent('Bad ID');
    expect(sent).toEqual([{ fannieDocFileId: 'abc', freddieDocFileId: null, status: 'hard_stop', fhaCaseNumber: null }]);
  });

  it('records the Doc File IDs and status, and reloads the order', async () => {
    const { sent, loads } = ucdpServer({ isFha: false, status: null, fannieDocFileId: null, freddieDocFileId: null });
    sent.push('refused first: not this time');
    renderApp('/staff/orderdetails/5');
    const c = await card();
    fireEvent.change(within(c).getByRole('textbox', { name: 'Freddie Mac Doc File ID' }), { target: { value: ' F123456789 ' } });
    fireEvent.change(within(c).getByRole('combobox', { name: /^Submission status/ }), { target: { value: 'successful' } });
    fireEvent.click(within(c).getByRole('button', { name: 'Save Submission' }));
    expect(await screen.findByText(MSG_UCDP_SAVED)).toBeInTheDocument();
    expect(sent[1]).toEqual({ fannieDocFileId: null, freddieDocFileId: 'F123456789', status: 'successful', fhaCaseNumber: null });
    expect(await within(c).findByText(/^Recorded by Sam Staff on 03\/06\/2026/)).toBeInTheDocument();
    await waitFor(() => expect(loads.details).toBe(2));
  });

  it('asks an FHA order for its case number', async () => {
    ucdpServer({
      isFha: true,
      status: 'submitted',
      fannieDocFileId: null,
      freddieDocFileId: null,
      fhaCaseNumber: null,
      updatedBy: 'Rae Reviewer',
      updatedAt: '2026-03-05T15:00:00Z',
    });
    const sent: unknown[] = [];
    server.use(
      http.put('*/api/staff/orders/5/ucdp', async ({ request }) => {
        const body = (await request.json()) as Schemas['UcdpBody'];
        sent.push(body);
        return HttpResponse.json({ isFha: true, ...body });
      }),
    );
    renderApp('/staff/orderdetails/5');
    const c = await card();
    expect(within(c).getByRole('combobox', { name: /^Submission status/ })).toHaveValue('submitted');
    expect(within(c).getByText(/^Recorded by Rae Reviewer on 03\/05\/2026/)).toBeInTheDocument();
    const fha = within(c).getByRole('textbox', { name: /^FHA case number/ });
    expect(fha).toHaveAttribute('placeholder', '###-#######');
    fireEvent.change(fha, { target: { value: '123-4567890' } });
    fireEvent.click(within(c).getByRole('button', { name: 'Save Submission' }));
    expect(await screen.findByText(MSG_UCDP_SAVED)).toBeInTheDocument();
    expect(sent).toEqual([{ fannieDocFileId: null, freddieDocFileId: null, status: 'submitted', fhaCaseNumber: '123-4567890' }]);
  });
});
