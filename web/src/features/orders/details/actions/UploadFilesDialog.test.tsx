import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { namedFile, setUpMultipartServer } from '../../../../test/multipart';
import { renderApp } from '../../../../test/render';
import { loggedIn, server } from '../../../../test/server';
import { appraiserUser, recordsServer, twoRounds } from '../recordsFixtures';
import { MSG_ANSWER_REQUIRED } from './RevisionAnswers';

setUpMultipartServer();

/** The order (revision requested) and its file types; keeps each upload as [name, value or file name] pairs. */
function revisionServer(statusId: 16 | 23 | 13, answers: (n: number) => Response | undefined = () => undefined) {
  recordsServer({ order: { statusId, availableActions: ['UPLOAD_FILES', 'SEND_MESSAGE'] }, revisions: twoRounds });
  const uploads: [string, string][][] = [];
  server.use(
    http.get('*/api/constants/order-file-types/:id', () =>
      HttpResponse.json([
        { label: 'Appraisal Report', value: '1' },
        { label: 'Revised Appraisal Report', value: '2' },
        { label: 'Invoice', value: '9' },
      ]),
    ),
    http.post('*/api/file/upload', async ({ request }) => {
      const form = await request.formData();
      uploads.push([...form.entries()].map(([k, v]) => [k, typeof v === 'string' ? v : (v as File).name]));
      return answers(uploads.length) ?? HttpResponse.json([]);
    }),
  );
  server.use(loggedIn(appraiserUser));
  return uploads;
}

async function openUpload() {
  renderApp('/appraiser/orderdetails/5');
  fireEvent.click(await screen.findByRole('button', { name: 'Actions' }));
  fireEvent.click(await screen.findByRole('menuitem', { name: 'Upload Files' }));
  const dialog = await screen.findByRole('dialog', { name: 'Upload Files' });
  const type = within(dialog).getByRole('combobox', { name: /File type/ });
  await waitFor(() => expect(within(type).getByRole('option', { name: 'Revised Appraisal Report' })).toBeInTheDocument());
  fireEvent.change(within(dialog).getByLabelText(/^File/, { selector: 'input[type=file]' }), { target: { files: [namedFile('revised.pdf')] } });
  return { dialog, type };
}

const answerBox = (dialog: HTMLElement, item: string) => within(within(dialog).getByRole('group', { name: item })).getByRole('textbox', { name: /^Your answer/ });

describe('Upload Files while a revision is requested', () => {
  it('asks a report for an answer to each item of the open round', async () => {
    const uploads = revisionServer(16);
    const { dialog, type } = await openUpload();
    expect(within(dialog).queryByRole('textbox', { name: /^Your answer/ })).toBeNull();
    fireEvent.change(type, { target: { value: '2' } });
    const sketch = answerBox(dialog, 'Sketch: Add the garage.');
    const comparable = answerBox(dialog, 'Comparable 2: Check the GLA.');
    expect(within(dialog).queryByRole('group', { name: 'Page 3: Explain the view adjustment.' })).toBeNull();

    fireEvent.click(within(dialog).getByRole('button', { name: 'Upload' }));
    await waitFor(() => expect(sketch).toHaveAccessibleDescription(MSG_ANSWER_REQUIRED));
    expect(comparable).toHaveAccessibleDescription(MSG_ANSWER_REQUIRED);

    fireEvent.change(sketch, { target: { value: 'Garage added to the sketch.' } });
    fireEvent.change(comparable, { target: { value: ' ' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Upload' }));
    await waitFor(() => expect(sketch).not.toHaveAccessibleDescription());
    expect(comparable).toHaveAccessibleDescription(MSG_ANSWER_REQUIRED);
    expect(uploads).toEqual([]);
  });

  it("sends the answers with the files, and shows the server's refusal under its item", async () => {
    const refusal = { message: 'Please answer revision item 2 (Comparable 2) with the revised report.', fields: { 'revisionAnswers[1]': 'Please answer revision item 2.' } };
    const uploads = revisionServer(16, (n) => (n === 1 ? HttpResponse.json(refusal, { status: 422 }) : undefined));
    const { dialog, type } = await openUpload();
    fireEvent.change(type, { target: { value: '2' } });
    const comparable = answerBox(dialog, 'Comparable 2: Check the GLA.');
    fireEvent.change(answerBox(dialog, 'Sketch: Add the garage.'), { target: { value: 'Garage added to the sketch.' } });
    fireEvent.change(comparable, { target: { value: 'GLA checked: 1,850 sq ft.' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Upload' }));
    await waitFor(() => expect(comparable).toHaveAccessibleDescription('Please answer revision item 2.'));
    expect(within(dialog).getByRole('alert')).toHaveTextContent(refusal.message);

    fireEvent.click(within(dialog).getByRole('button', { name: 'Upload' }));
    expect(await screen.findByText('File uploaded.')).toBeInTheDocument();
    expect(uploads[1]).toEqual([
      ['orderId', '5'],
      [
        'revisionAnswers',
        JSON.stringify([
          { id: 2, answer: 'Garage added to the sketch.' },
          { id: 3, answer: 'GLA checked: 1,850 sq ft.' },
        ]),
      ],
      ['files', 'revised.pdf'],
      ['fileTypes', '2'],
    ]);
  });

  it('sends no answers with other files, nor outside a revision', async () => {
    const uploads = revisionServer(23);
    const { dialog, type } = await openUpload();
    fireEvent.change(type, { target: { value: '9' } });
    expect(within(dialog).queryByRole('textbox', { name: /^Your answer/ })).toBeNull();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Upload' }));
    expect(await screen.findByText('File uploaded.')).toBeInTheDocument();
    expect(uploads[0]!.map(([name]) => name)).toEqual(['orderId', 'files', 'fileTypes']);
  });

  it('asks nothing of a first report', async () => {
    const uploads = revisionServer(13);
    const { dialog, type } = await openUpload();
    fireEvent.change(type, { target: { value: '1' } });
    expect(within(dialog).queryByRole('textbox', { name: /^Your answer/ })).toBeNull();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Upload' }));
    expect(await screen.findByText('File uploaded.')).toBeInTheDocument();
    expect(uploads[0]!.map(([name]) => name)).toEqual(['orderId', 'files', 'fileTypes']);
  });
});
