import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import type { Schemas } from '../../../lib/api';
import { namedFile, setUpMultipartServer } from '../../../test/multipart';
import { reconsiderationFixture } from '../../../test/reconsiderations';
import { renderApp } from '../../../test/render';
import { loggedIn, server } from '../../../test/server';
import { appraiserUser, recordsServer } from './recordsFixtures';
import { answerRequired, MSG_ANSWER_SENT, MSG_REPORT_REQUIRED, MSG_TO_ANSWER } from './ReconsiderationAnswerCard';
import { RECONSIDERATION_TITLE } from '../../../components/ReconsiderationCaseView';

setUpMultipartServer();

/** As the appraiser reads a case sent to them: screened, no requester, nothing staff only. */
const sent = reconsiderationFixture({ status: 'sent', requester: null, valuePressure: null, withheld: null });

/** The appraiser on delivered order 5 with `cases`; keeps each answer as [name, value or file name] pairs, answered by `reply`. */
function appraiserOrderWith(cases: Schemas['Reconsideration'][], reply: (n: number) => Response | undefined = () => undefined) {
  recordsServer({ order: { statusId: 18, orderStatus: 'Delivered To Client' }, reconsiderations: cases });
  const answers: [string, string][][] = [];
  let loads = 0;
  server.use(
    loggedIn(appraiserUser),
    http.get('*/api/appraiser/orders/5/reconsiderations', () => {
      loads += 1;
      return HttpResponse.json(cases);
    }),
    http.post('*/api/appraiser/reconsiderations/7/answer', async ({ request }) => {
      const form = await request.formData();
      answers.push([...form.entries()].map(([k, v]) => [k, typeof v === 'string' ? v : (v as File).name]));
      return reply(answers.length) ?? HttpResponse.json({ ...sent, status: 'answered' });
    }),
  );
  return { answers, loads: () => loads };
}

async function openAnswer() {
  renderApp('/appraiser/orderdetails/5');
  const card = await screen.findByRole('region', { name: RECONSIDERATION_TITLE });
  fireEvent.click(within(card).getByRole('button', { name: 'Answer' }));
  return screen.findByRole('dialog', { name: 'Answer Reconsideration' });
}

const box = (dialog: HTMLElement, n: number) => within(dialog).getByRole('textbox', { name: new RegExp(`^Answer to deficiency ${n}`) });

describe('the Reconsideration of Value card (the appraiser)', () => {
  it('lists the cases sent, as sent, with what to answer and nothing staff only', async () => {
    appraiserOrderWith([
      sent,
      reconsiderationFixture({ id: 9, status: 'answered', requestDate: '2026-02-27', answerOutcome: 'no_change', commentary: ['Kitchen considered.', 'Area checked.'] }),
    ]);
    renderApp('/appraiser/orderdetails/5');
    const card = await screen.findByRole('region', { name: RECONSIDERATION_TITLE });
    expect(within(card).getByText(MSG_TO_ANSWER)).toBeInTheDocument();
    const open = within(card).getByRole('region', { name: 'Request 7 from the lender, 03/02/2026' });
    expect(within(open).getByText('The sales comparison ignores the renovated kitchen.')).toBeInTheDocument();
    expect(within(open).getByRole('table', { name: /^Alternative comparables/ })).toHaveTextContent('$675,000.50');
    expect(within(open).getByText('Requested', { selector: 'dt' }).nextElementSibling).toHaveTextContent(/^03\/02\/2026$/);
    expect(within(open).queryByRole('list', { name: 'Steps' })).not.toBeInTheDocument();
    expect(within(open).getByRole('button', { name: 'Answer' })).toBeInTheDocument();
    const answered = within(card).getByRole('region', { name: 'Request 9 from the lender, 02/27/2026' });
    expect(within(answered).queryByRole('button', { name: 'Answer' })).not.toBeInTheDocument();
    expect(within(answered).getByText("Appraiser's Answer").nextElementSibling).toHaveTextContent('No change');
    expect(within(answered).getByRole('list', { name: 'Deficiencies' })).toHaveTextContent("Appraiser's answer: Kitchen considered.");
  });

  it('is not there when nothing was sent to the appraiser', async () => {
    const { loads } = appraiserOrderWith([]);
    renderApp('/appraiser/orderdetails/5');
    await screen.findByRole('region', { name: 'Property Information' });
    await waitFor(() => expect(loads()).toBe(1));
    expect(screen.queryByRole('region', { name: RECONSIDERATION_TITLE })).not.toBeInTheDocument();
  });

  it('asks an answer for each deficiency, then sends No change with the commentary', async () => {
    const { answers, loads } = appraiserOrderWith([sent]);
    const dialog = await openAnswer();
    expect(within(dialog).getByRole('radio', { name: /^No change/ })).toBeChecked();
    expect(within(dialog).queryByLabelText(/^Revised report/)).not.toBeInTheDocument();
    fireEvent.change(box(dialog, 2), { target: { value: 'The sketch measures 1,980 sq ft.' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Send Answer' }));
    await waitFor(() => expect(box(dialog, 1)).toHaveAccessibleDescription(answerRequired(1)));
    expect(box(dialog, 2)).not.toHaveAccessibleDescription();
    expect(answers).toEqual([]);

    fireEvent.change(box(dialog, 1), { target: { value: ' The kitchen is in comparable 2. ' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Send Answer' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Answer Reconsideration' })).not.toBeInTheDocument());
    expect(answers).toEqual([
      [
        ['outcome', 'no_change'],
        ['commentary', JSON.stringify(['The kitchen is in comparable 2.', 'The sketch measures 1,980 sq ft.'])],
      ],
    ]);
    expect(await screen.findByText(MSG_ANSWER_SENT)).toBeInTheDocument();
    await waitFor(() => expect(loads()).toBe(2));
  });

  it("Revised needs the report PDF, sends it with the data file, and shows the server's refusal on its field", async () => {
    const refusal = { message: 'Answer deficiency 2 with your commentary.', fields: { 'commentary[1]': 'Answer deficiency 2 with your commentary.' } };
    const { answers } = appraiserOrderWith([sent], (n) => (n === 1 ? HttpResponse.json(refusal, { status: 422 }) : undefined));
    const dialog = await openAnswer();
    fireEvent.click(within(dialog).getByRole('radio', { name: /^Revised/ }));
    fireEvent.change(box(dialog, 1), { target: { value: 'Kitchen adjusted.' } });
    fireEvent.change(box(dialog, 2), { target: { value: 'Area corrected.' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Send Answer' }));
    const report = within(dialog).getByLabelText(/^Revised report \(PDF\)/, { selector: 'input[type=file]' });
    await waitFor(() => expect(report).toHaveAccessibleDescription(MSG_REPORT_REQUIRED));
    expect(answers).toEqual([]);

    fireEvent.change(report, { target: { files: [namedFile('revised.pdf')] } });
    fireEvent.change(within(dialog).getByLabelText(/^Data file \(XML or ZIP\)/, { selector: 'input[type=file]' }), { target: { files: [namedFile('revised.xml', 'text/xml')] } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Send Answer' }));
    await waitFor(() => expect(box(dialog, 2)).toHaveAccessibleDescription('Answer deficiency 2 with your commentary.'));
    expect(within(dialog).getByRole('alert')).toHaveTextContent(refusal.message);

    fireEvent.click(within(dialog).getByRole('button', { name: 'Send Answer' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Answer Reconsideration' })).not.toBeInTheDocument());
    expect(answers.at(-1)).toEqual([
      ['outcome', 'revised'],
      ['commentary', JSON.stringify(['Kitchen adjusted.', 'Area corrected.'])],
      ['report', 'revised.pdf'],
      ['dataFile', 'revised.xml'],
    ]);
  });
});
