import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { MSG_FIX_FIELDS } from '../../lib/fieldRules';
import { reconsiderationFixture } from '../../test/reconsiderations';
import { renderApp } from '../../test/render';
import { appConfig, csrf, loggedIn, runFakeServer, server } from '../../test/server';
import type { BorrowerReconsideration, CopyLink } from './api';
import { MSG_LOAD_FAILED, MSG_NOT_OFFERED, sentLine } from './BorrowerReconsideration';

runFakeServer();

const copy: CopyLink = {
  propertyAddress: '123 Main St Unit 4, Austin, TX 78701',
  lender: 'Acme Lending',
  fileName: 'appraisal.pdf',
  fileSize: 2048,
  expiresAt: '2026-12-26T18:00:00Z',
};
const disclosure = { version: 3, text: 'We answer within five business days.\nA second appraisal may follow.', createdAt: '2026-02-01T15:00:00Z' };
const borrowers = reconsiderationFixture({
  initiatedBy: 'borrower',
  status: 'requested',
  requester: 'Jordan Buyer (borrower)',
  steps: [{ step: 'requested', actor: 'Jordan Buyer (borrower)', note: null, at: '2026-03-02T15:00:00Z' }],
});

/** A signed-out visitor on the link `tok`; the page answers `page`, a request is answered by `answer` (the case by default). */
function openLink(page: BorrowerReconsideration | Response, answer: () => Response = () => HttpResponse.json(borrowers)) {
  const loads: string[] = [];
  const posted: unknown[] = [];
  server.use(
    loggedIn(null),
    appConfig(),
    csrf,
    http.get('*/api/borrower/copy/tok', () => HttpResponse.json(copy)),
    http.get('*/api/borrower/copy/tok/reconsideration', ({ request }) => {
      loads.push(new URL(request.url).pathname);
      return page instanceof Response ? page : HttpResponse.json(page);
    }),
    http.post('*/api/borrower/copy/tok/reconsideration', async ({ request }) => {
      posted.push(await request.json());
      return answer();
    }),
  );
  renderApp('/borrower/copy/tok');
  return { loads, posted };
}

const section = () => screen.findByRole('region', { name: 'Reconsideration of Value' });
const theForm = async () => within(await section()).findByRole('form', { name: 'Request a Reconsideration of Value' });
const row = (form: HTMLElement, name: string) => within(form).getByRole('group', { name });
const type = (scope: HTMLElement, label: RegExp, value: string) => fireEvent.change(within(scope).getByRole('textbox', { name: label }), { target: { value } });
const send = (form: HTMLElement) => fireEvent.click(within(form).getByRole('button', { name: 'Send Request' }));

/** Fills the one deficiency and one comparable the tests send. */
function fillRequest(form: HTMLElement) {
  fireEvent.click(within(form).getByRole('checkbox', { name: 'Unsupported value' }));
  type(row(form, 'Deficiency 1'), /^What is wrong/, '  The kitchen is missing.  ');
  type(row(form, 'Deficiency 1'), /^Report page or field/, 'Sales comparison');
  fireEvent.click(within(form).getByRole('button', { name: 'Add comparable' }));
  const comparable = row(form, 'Comparable 1');
  type(comparable, /^Address/, '40 Elm St, Austin, TX');
  type(comparable, /^Sale price/, '$675,000.50');
  fireEvent.change(within(comparable).getByLabelText(/^Sale date/), { target: { value: '2026-10-02' } });
  type(comparable, /^Data source/, 'MLS #4471');
  type(comparable, /^Why it is a better comparable/, 'Same street and model.');
}

describe("the borrower's Reconsideration of Value", () => {
  it("shows the lender's disclosure and the form; marks what is missing, then sends the request in the API's shape and shows its status", async () => {
    const { loads, posted } = openLink({ offered: true, disclosure, request: null });
    const form = await theForm();
    const shown = within(await section()).getByRole('region', { name: "Your lender's disclosure" });
    expect(shown).toHaveTextContent("Your lender's disclosure (version 3)We answer within five business days.");

    send(form);
    expect(await within(form).findByText('Choose the basis of the request.')).toBeInTheDocument();
    expect(within(row(form, 'Deficiency 1')).getByRole('textbox', { name: /^What is wrong/ })).toHaveAccessibleDescription(/Please say what is wrong\./);
    expect(within(form).getByRole('alert')).toHaveTextContent(MSG_FIX_FIELDS);
    expect(posted).toEqual([]);

    fillRequest(form);
    fireEvent.click(within(form).getByRole('checkbox', { name: 'Factual error' }));
    send(form);
    expect(await within(await section()).findByRole('status')).toHaveTextContent(sentLine('2026-03-09'));
    expect(posted).toEqual([
      {
        basis: ['unsupported', 'factual_error'],
        deficiencies: [{ text: 'The kitchen is missing.', reportField: 'Sales comparison' }],
        comparables: [{ address: '40 Elm St, Austin, TX', salePriceCents: 67_500_050, saleDate: '2026-10-02', dataSource: 'MLS #4471', rationale: 'Same street and model.' }],
      },
    ]);
    const made = within(await section()).getByRole('region', { name: 'Request 7 from the borrower, 03/02/2026' });
    expect(within(made).getByText('Requested', { selector: '.mantine-Badge-label' })).toBeInTheDocument();
    expect(screen.queryByRole('form', { name: 'Request a Reconsideration of Value' })).not.toBeInTheDocument();
    // The page is not asked again: each answer records the disclosure as shown.
    expect(loads).toEqual(['/api/borrower/copy/tok/reconsideration']);
  });

  it("puts the server's refusal on the inputs it names, and its message above Send Request", async () => {
    const refusal = {
      message: 'Comparable 1: data source is required.',
      fields: {
        'comparables[0].dataSource': 'Comparable 1: data source is required.',
        'comparables[0].salePriceCents': 'Comparable 1: sale price is too high.',
        'deficiencies[0].reportField': 'Too long.',
      },
    };
    let answer = HttpResponse.json(refusal, { status: 422 });
    const { posted } = openLink({ offered: true, disclosure: null, request: null }, () => answer);
    const form = await theForm();
    expect(screen.queryByRole('region', { name: "Your lender's disclosure" })).not.toBeInTheDocument();
    fillRequest(form);
    send(form);
    const comparable = row(form, 'Comparable 1');
    await waitFor(() => expect(within(comparable).getByRole('textbox', { name: /^Data source/ })).toHaveAccessibleDescription('Comparable 1: data source is required.'));
    expect(within(comparable).getByRole('textbox', { name: /^Sale price/ })).toHaveAccessibleDescription('Comparable 1: sale price is too high.');
    expect(within(comparable).getByRole('textbox', { name: /^Address/ })).not.toHaveAccessibleDescription();
    expect(within(row(form, 'Deficiency 1')).getByRole('textbox', { name: /^Report page or field/ })).toHaveAccessibleDescription(/Too long\./);
    expect(within(form).getByRole('alert')).toHaveTextContent('Comparable 1: data source is required.');

    answer = HttpResponse.json({ message: 'A reconsideration of value was already requested for this appraisal.' }, { status: 409 });
    send(form);
    await waitFor(() => expect(within(form).getByRole('alert')).toHaveTextContent('A reconsideration of value was already requested for this appraisal.'));
    expect(posted).toHaveLength(2);
  });

  it('adds and removes deficiencies and up to five comparables, moving the focus to the new row or back to the add button', async () => {
    openLink({ offered: true, disclosure: null, request: null });
    const form = await theForm();
    expect(within(form).queryByRole('button', { name: 'Remove deficiency 1' })).not.toBeInTheDocument();
    expect(within(form).queryByRole('group', { name: 'Comparable 1' })).not.toBeInTheDocument();
    fireEvent.click(within(form).getByRole('button', { name: 'Add deficiency' }));
    await waitFor(() => expect(within(row(form, 'Deficiency 2')).getByRole('textbox', { name: /^What is wrong/ })).toHaveFocus());
    fireEvent.click(within(form).getByRole('button', { name: 'Remove deficiency 1' }));
    await waitFor(() => expect(within(form).getByRole('button', { name: 'Add deficiency' })).toHaveFocus());
    expect(within(form).queryByRole('group', { name: 'Deficiency 2' })).not.toBeInTheDocument();

    for (let n = 1; n <= 5; n++) fireEvent.click(within(form).getByRole('button', { name: 'Add comparable' }));
    expect(within(form).getAllByRole('group', { name: /^Comparable \d$/ })).toHaveLength(5);
    expect(within(form).queryByRole('button', { name: 'Add comparable' })).not.toBeInTheDocument();
    type(row(form, 'Comparable 4'), /^Address/, 'Fourth');
    fireEvent.click(within(form).getByRole('button', { name: 'Remove comparable 3' }));
    expect(within(row(form, 'Comparable 3')).getByRole('textbox', { name: /^Address/ })).toHaveValue('Fourth');
    expect(within(form).getByRole('button', { name: 'Add comparable' })).toBeInTheDocument();
  });

  it('once asked: the request with its status, due date, steps and outcome, and no form', async () => {
    const resolved = {
      ...borrowers,
      status: 'resolved',
      answerOutcome: 'no_change',
      commentary: ['The kitchen is in the report.', 'The living area is measured.'],
      outcome: 'value_unchanged',
      steps: [...borrowers.steps, { step: 'resolved', actor: 'Sam Staff', note: 'The value stands.', at: '2026-03-06T15:00:00Z' }],
    };
    openLink({ offered: true, disclosure, request: resolved });
    const made = await within(await section()).findByRole('region', { name: 'Request 7 from the borrower, 03/02/2026' });
    const field = (label: string) => within(made).getByText(label, { selector: 'dt' }).nextElementSibling;
    expect(within(made).getByText('Resolved', { selector: '.mantine-Badge-label' })).toBeInTheDocument();
    expect(field('Due')).toHaveTextContent('03/09/2026');
    expect(field('Outcome')).toHaveTextContent('Value unchanged');
    expect(field("Appraiser's Answer")).toHaveTextContent('No change');
    const steps = within(within(made).getByRole('list', { name: 'Steps' })).getAllByRole('listitem');
    expect(steps.map((s) => s.textContent)).toEqual(['Requested by Jordan Buyer (borrower), 03/02/2026, 9:00 AM', 'Resolved by Sam Staff, 03/06/2026, 9:00 AMThe value stands.']);
    expect(screen.queryByRole('form')).not.toBeInTheDocument();
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
  });

  it('not offered by the lender: one sentence pointing to the lender, and no form', async () => {
    openLink({ offered: false, disclosure: null, request: null });
    expect(await within(await section()).findByText(MSG_NOT_OFFERED)).toBeInTheDocument();
    expect(screen.queryByRole('form')).not.toBeInTheDocument();
  });

  it('a failed load says so, and the copy still downloads', async () => {
    openLink(new HttpResponse('down', { status: 503 }));
    expect(await within(await section()).findByText(MSG_LOAD_FAILED)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: /^Download the appraisal/ })).toBeInTheDocument();
    expect(screen.queryByRole('form')).not.toBeInTheDocument();
  });
});
