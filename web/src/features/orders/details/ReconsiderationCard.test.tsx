import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import type { Schemas } from '../../../lib/api';
import { reconsiderationFixture } from '../../../test/reconsiderations';
import { renderApp } from '../../../test/render';
import { loggedIn, runFakeServer, server } from '../../../test/server';
import { recordsServer, reportedOrder, settled, staffUser } from './recordsFixtures';
import { MSG_DISCRIMINATION, MSG_VALUE_PRESSURE, RECONSIDERATION_TITLE } from '../../../components/ReconsiderationCaseView';

runFakeServer();

type Case = Schemas['Reconsideration'];

/** Staff on order 5 (reported) with `cases`; returns the queue's queries and what each step was sent. */
function staffOrderWith(cases: Case[], order: Partial<Schemas['OrderDetails']> = reportedOrder) {
  const asked: string[] = [];
  const posted: { path: string; body: unknown }[] = [];
  server.use(loggedIn(staffUser));
  recordsServer({ order });
  server.use(
    http.get('*/api/staff/reconsiderations', ({ request }) => {
      asked.push(new URL(request.url).search);
      return HttpResponse.json(cases);
    }),
    http.post('*/api/staff/reconsiderations/:rid/:step', async ({ request }) => {
      posted.push({ path: new URL(request.url).pathname, body: await request.text() });
      return HttpResponse.json(cases[0]);
    }),
  );
  return { asked, posted };
}

const card = () => screen.findByRole('region', { name: RECONSIDERATION_TITLE });
const theCase = async () => within(await card()).getByRole('region', { name: 'Request 7 from the lender, 03/02/2026' });

describe('the Reconsideration of Value card (staff)', () => {
  it("shows the order's cases: the header, basis, deficiencies with the answers, comparables in dollars, the warnings and the steps", async () => {
    const { asked } = staffOrderWith([
      reconsiderationFixture({
        status: 'answered',
        effectiveDate: null,
        valuePressure: true,
        withheld: ['Please bring the value to $450,000.'],
        missing: ['effective date'],
        answerOutcome: 'revised',
        commentary: ['The kitchen is adjusted on page 4.', 'The living area is corrected.'],
        revisedFileId: 41,
      }),
    ]);
    renderApp('/staff/orderdetails/5');
    const c = await theCase();
    expect(asked).toEqual(['?orderId=5']);
    expect(within(c).getByText('Answered')).toBeInTheDocument();
    expect(within(c).getAllByText('Value pressure').length).toBeGreaterThan(0);
    const field = (label: string) => within(c).getByText(label, { selector: 'dt' }).nextElementSibling;
    expect(field('Borrower')).toHaveTextContent('Jordan Buyer');
    expect(field('Property')).toHaveTextContent('123 Main St Unit 4, Austin, TX 78701');
    expect(field('Effective Date')).toHaveTextContent('Not provided');
    expect(field('Appraiser')).toHaveTextContent('Dana Reed');
    expect(field('Requested')).toHaveTextContent('03/02/2026 by Finley Client');
    expect(field('Due')).toHaveTextContent('03/09/2026');
    expect(field('Basis')).toHaveTextContent('Unsupported value, Factual error');
    expect(field("Appraiser's Answer")).toHaveTextContent('Revised');

    const items = within(within(c).getByRole('list', { name: 'Deficiencies' })).getAllByRole('listitem');
    expect(items[0]).toHaveTextContent("The sales comparison ignores the renovated kitchen.Report field: Sales comparisonAppraiser's answer: The kitchen is adjusted on page 4.");
    expect(items[1]).toHaveTextContent("The living area is 2,140 sq ft, not 1,980.Appraiser's answer: The living area is corrected.");
    const comparables = within(c).getByRole('table', { name: /^Alternative comparables/ });
    expect(within(comparables).getAllByRole('row')[1]).toHaveTextContent('40 Elm St, Austin, TX$675,000.5010/02/2026MLS #4471Same street and model.');

    expect(within(c).getByText(MSG_VALUE_PRESSURE).parentElement).toHaveTextContent('Please bring the value to $450,000.');
    expect(within(c).getByText('The request cannot be sent until it has: effective date.')).toBeInTheDocument();
    const steps = within(within(c).getByRole('list', { name: 'Steps' })).getAllByRole('listitem');
    expect(steps[0]).toHaveTextContent(/^Requested by Finley Client, 03\/02\/2026, 9:00 AM$/);
    expect(steps[1]).toHaveTextContent(/^Reviewed by Sam Staff, 03\/03\/2026, 10:30 AMComplete: two deficiencies, one comparable\.$/);

    expect(within(c).getByRole('link', { name: 'Export JSON' })).toHaveAttribute('href', '/api/staff/reconsiderations/7/export?format=json');
    expect(within(c).getByRole('link', { name: 'Export PDF' })).toHaveAttribute('href', '/api/staff/reconsiderations/7/export?format=pdf');
    expect(within(c).getByRole('button', { name: 'Resolve' })).toBeInTheDocument();
    expect(within(c).queryByRole('button', { name: 'Review' })).not.toBeInTheDocument();
    expect(within(c).queryByRole('button', { name: 'Send to Appraiser' })).not.toBeInTheDocument();
  });

  it('is not there without a case', async () => {
    const { asked } = staffOrderWith([]);
    renderApp('/staff/orderdetails/5');
    await screen.findByRole('region', { name: "Borrower's Copy" });
    await settled();
    expect(asked).toEqual(['?orderId=5']);
    expect(screen.queryByRole('region', { name: RECONSIDERATION_TITLE })).not.toBeInTheDocument();
  });

  it('asks nothing for an order without a report', async () => {
    const { asked } = staffOrderWith([reconsiderationFixture()], { statusId: 11, files: [] });
    renderApp('/staff/orderdetails/5');
    await screen.findByRole('region', { name: 'Property Information' });
    await settled();
    expect(asked).toEqual([]);
  });

  it('Review asks for a note, shows a refusal, then records it and reads the cases again', async () => {
    const requested = reconsiderationFixture({ status: 'requested', steps: [] });
    const { asked, posted } = staffOrderWith([requested]);
    let refuse = true;
    server.use(
      http.post('*/api/staff/reconsiderations/7/review', async ({ request }) => {
        posted.push({ path: '/review', body: await request.json() });
        if (refuse) {
          refuse = false;
          return HttpResponse.json({ message: 'This reconsideration is reviewed: it cannot be reviewed.' }, { status: 409 });
        }
        return HttpResponse.json({ ...requested, status: 'reviewed' });
      }),
    );
    renderApp('/staff/orderdetails/5');
    fireEvent.click(within(await theCase()).getByRole('button', { name: 'Review' }));
    const dialog = await screen.findByRole('dialog', { name: 'Review Request' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Record Review' }));
    expect(await within(dialog).findByText('Note is required.')).toBeInTheDocument();
    expect(posted).toEqual([]);
    fireEvent.change(within(dialog).getByRole('textbox', { name: /^Note/ }), { target: { value: ' Complete. ' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Record Review' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('This reconsideration is reviewed: it cannot be reviewed.');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Record Review' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Review Request' })).not.toBeInTheDocument());
    expect(posted).toEqual([
      { path: '/review', body: { note: 'Complete.' } },
      { path: '/review', body: { note: 'Complete.' } },
    ]);
    expect(await screen.findByText('The review was recorded.')).toBeInTheDocument();
    await waitFor(() => expect(asked).toHaveLength(2));
  });

  it("Send shows the server's refusal of a discrimination request, which the case explains", async () => {
    const discrimination = reconsiderationFixture({ basis: ['discrimination'] });
    const { posted } = staffOrderWith([discrimination]);
    server.use(
      http.post('*/api/staff/reconsiderations/7/send', () => {
        posted.push({ path: '/send', body: null });
        return HttpResponse.json(
          { message: 'A request alleging discrimination is not sent to the original appraiser: resolve it with a second appraisal or a referral.' },
          { status: 409 },
        );
      }),
    );
    renderApp('/staff/orderdetails/5');
    const c = await theCase();
    expect(within(c).getByText(MSG_DISCRIMINATION)).toBeInTheDocument();
    fireEvent.click(within(c).getByRole('button', { name: 'Send to Appraiser' }));
    const dialog = await screen.findByRole('dialog', { name: 'Send to Appraiser' });
    expect(dialog).toHaveTextContent('The deficiencies and comparables go to Dana Reed');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Send' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('A request alleging discrimination is not sent to the original appraiser');
    expect(posted).toEqual([{ path: '/send', body: null }]);
  });

  it('Resolve offers the outcomes of the step the case is at, shows a refused field on it and sends the outcome and note', async () => {
    const sent = reconsiderationFixture({ status: 'sent' });
    const { posted } = staffOrderWith([sent]);
    let refuse = true;
    server.use(
      http.post('*/api/staff/reconsiderations/7/resolve', async ({ request }) => {
        posted.push({ path: '/resolve', body: await request.json() });
        if (refuse) {
          refuse = false;
          return HttpResponse.json({ message: 'Note can be at most 4000 characters long.', fields: { note: 'Note can be at most 4000 characters long.' } }, { status: 422 });
        }
        return HttpResponse.json({ ...sent, status: 'resolved', outcome: 'second_appraisal' });
      }),
    );
    renderApp('/staff/orderdetails/5');
    fireEvent.click(within(await theCase()).getByRole('button', { name: 'Resolve' }));
    const dialog = await screen.findByRole('dialog', { name: 'Resolve Request' });
    const outcome = within(dialog).getByRole('combobox', { name: /^Outcome/ });
    expect(
      within(outcome)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['Choose an outcome', 'Second appraisal', 'Rejected as incomplete']);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Resolve' }));
    expect(await within(dialog).findByText('Outcome is required.')).toBeInTheDocument();
    expect(within(dialog).getByText('Note is required.')).toBeInTheDocument();
    fireEvent.change(outcome, { target: { value: 'second_appraisal' } });
    fireEvent.change(within(dialog).getByRole('textbox', { name: /^Note/ }), { target: { value: 'Second appraisal ordered: 26000012.' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Resolve' }));
    const note = within(dialog).getByRole('textbox', { name: /^Note/ });
    await waitFor(() => expect(note).toHaveAccessibleDescription(/Note can be at most 4000 characters long\./));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Resolve' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Resolve Request' })).not.toBeInTheDocument());
    expect(posted.at(-1)).toEqual({ path: '/resolve', body: { outcome: 'second_appraisal', note: 'Second appraisal ordered: 26000012.' } });
  });

  it('offers every outcome once the appraiser answered, and nothing but the export once resolved', async () => {
    staffOrderWith([
      reconsiderationFixture({ status: 'answered', answerOutcome: 'no_change' }),
      reconsiderationFixture({ id: 9, status: 'resolved', outcome: 'value_unchanged', requestDate: '2026-02-27' }),
    ]);
    renderApp('/staff/orderdetails/5');
    fireEvent.click(within(await theCase()).getByRole('button', { name: 'Resolve' }));
    const dialog = await screen.findByRole('dialog', { name: 'Resolve Request' });
    expect(
      within(dialog)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['Choose an outcome', 'Value changed', 'Value unchanged', 'Second appraisal', 'Rejected as incomplete']);
    const resolved = within(await card()).getByRole('region', { name: 'Request 9 from the lender, 02/27/2026' });
    expect(within(resolved).getByText('Outcome').nextElementSibling).toHaveTextContent('Value unchanged');
    expect(within(resolved).queryAllByRole('button')).toEqual([]);
    expect(within(resolved).getByRole('link', { name: 'Export PDF' })).toHaveAttribute('href', '/api/staff/reconsiderations/9/export?format=pdf');
  });
});
