import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import type { Schemas } from '../../../lib/api';
import { FINDINGS } from '../../../test/fairLanguage';
import { namedFile, setUpMultipartServer } from '../../../test/multipart';
import { renderApp } from '../../../test/render';
import { loggedIn, server } from '../../../test/server';
import { MSG_CHOOSE_FILE_TO_CHECK, MSG_TEXT_NOT_READ, PRECHECK_TITLE } from './PrecheckCard';
import { appraiserUser, recordsServer, settled, staffUser } from './recordsFixtures';

setUpMultipartServer();

type Actions = Schemas['OrderDetails']['availableActions'];

const clean: Schemas['Precheck'] = { fileName: 'report.pdf', kind: 'report_pdf', hardStops: [], fairLanguage: [], textRead: true, lexiconVersion: 3 };

/** Order 5 with the appraiser's upload offered (or not); the pre-check answers `answer` and keeps what each call sent as [name, file name] pairs. */
function precheckServer(answer: () => Response, actions: Actions = ['UPLOAD_FILES', 'SEND_MESSAGE'], user = appraiserUser) {
  recordsServer({ order: { statusId: 13, availableActions: actions } });
  const sent: [string, string][][] = [];
  server.use(
    loggedIn(user),
    http.post('*/api/appraiser/precheck', async ({ request }) => {
      const form = await request.formData();
      sent.push([...form.entries()].map(([k, v]) => [k, typeof v === 'string' ? v : (v as File).name]));
      return answer();
    }),
  );
  return sent;
}

async function check(file: File | null) {
  const card = await screen.findByRole('region', { name: PRECHECK_TITLE });
  if (file) fireEvent.change(within(card).getByLabelText(/^Report PDF or data file/), { target: { files: [file] } });
  fireEvent.click(within(card).getByRole('button', { name: 'Check' }));
  return card;
}

describe('Check a report before sending', () => {
  it('sends the chosen file alone and shows its hard stops and findings, most serious first; says nothing is stored', async () => {
    const found = { ...clean, fileName: 'appraisal.zip', kind: 'data_file', hardStops: [{ code: '100', message: 'The appraised value is missing.' }], fairLanguage: FINDINGS };
    const sent = precheckServer(() => HttpResponse.json(found));
    renderApp('/appraiser/orderdetails/5');
    const card = await check(null);
    expect(within(card).getByText(/Nothing is stored\./)).toBeInTheDocument();
    expect(await within(card).findByText(MSG_CHOOSE_FILE_TO_CHECK)).toBeInTheDocument();
    expect(sent).toEqual([]);

    await check(namedFile('appraisal.zip', 'application/zip'));
    expect(await within(card).findByRole('status')).toHaveTextContent('Checked appraisal.zip: 1 hard stop and 3 fair-language findings.');
    expect(sent).toEqual([[['file', 'appraisal.zip']]]);
    expect(within(card).getByRole('alert')).toHaveTextContent('100: The appraised value is missing.');
    const items = within(within(card).getByRole('list', { name: 'Fair-language findings' })).getAllByRole('listitem');
    expect(items.map((i) => i.getAttribute('data-finding-id'))).toEqual(['1', '2', '3']);
    expect(within(card).queryByText(MSG_TEXT_NOT_READ)).not.toBeInTheDocument();
  });

  it('says when no text could be read from a PDF, and shows a refusal', async () => {
    let answer = () => HttpResponse.json({ ...clean, fileName: 'scan.pdf', textRead: false });
    precheckServer(() => answer());
    renderApp('/appraiser/orderdetails/5');
    const card = await check(namedFile('scan.pdf'));
    expect(await within(card).findByText(MSG_TEXT_NOT_READ)).toBeInTheDocument();
    expect(within(card).getByRole('status')).toHaveTextContent(/^Checked scan\.pdf\.$/);

    answer = () => HttpResponse.json({ message: 'notes.txt: files of this type cannot be uploaded. Allowed types: .pdf, .xml, .zip.' }, { status: 415 });
    await check(namedFile('notes.txt', 'text/plain'));
    expect(await within(card).findByRole('alert')).toHaveTextContent('notes.txt: files of this type cannot be uploaded.');
    expect(within(card).queryByText(MSG_TEXT_NOT_READ)).not.toBeInTheDocument();
  });

  it('a clean file says so', async () => {
    precheckServer(() => HttpResponse.json(clean));
    renderApp('/appraiser/orderdetails/5');
    const card = await check(namedFile('report.pdf'));
    expect(await within(card).findByRole('status')).toHaveTextContent('Checked report.pdf: no hard stops and no fair-language findings.');
    expect(within(card).queryByRole('list', { name: 'Fair-language findings' })).not.toBeInTheDocument();
  });

  it.each<[string, Actions, typeof appraiserUser]>([
    ['the appraiser, when the order takes no upload', ['SEND_MESSAGE'], appraiserUser],
    ['staff', ['UPLOAD_FILES'], staffUser],
  ])('is not offered to %s', async (_, actions, user) => {
    precheckServer(() => HttpResponse.json(clean), actions, user);
    renderApp(`/${user === staffUser ? 'staff' : 'appraiser'}/orderdetails/5`);
    expect(await screen.findByRole('tab', { name: 'Order Details' })).toBeInTheDocument();
    await settled();
    await waitFor(() => expect(screen.queryByRole('region', { name: PRECHECK_TITLE })).not.toBeInTheDocument());
  });
});
