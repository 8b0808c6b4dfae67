import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { MSG_CHOOSE_FILE, MSG_SELECT_FILE_TYPE } from '../../components/FileUploadDialog';
import { namedFile, setUpMultipartServer } from '../../test/multipart';
import { MSG_NO_DOCUMENTS } from './DocumentsTab';
import { APPRAISER_ID, renderProfile, type ProfileServerOptions } from './testServer';

setUpMultipartServer();

async function open(options: ProfileServerOptions = {}) {
  const { h } = renderProfile('/profile/me/documents', options);
  await screen.findByRole('button', { name: 'Add Documents' });
  return h;
}

const cells = (table: HTMLElement) =>
  within(table)
    .getAllByRole('row')
    .slice(1)
    .map((r) =>
      within(r)
        .getAllByRole('cell')
        .slice(0, 6)
        .map((c) => c.textContent),
    );

describe('Documents', () => {
  it('lists ID, Type, Name, Size, Uploaded by, Date and Time Uploaded, newest first', async () => {
    await open();
    const table = await screen.findByRole('table', { name: 'Documents' });
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((c) => c.textContent),
    ).toEqual(['ID', 'Type', 'Name', 'Size', 'Uploaded by', 'Date and Time Uploaded', 'Actions']);
    expect(cells(table)).toEqual([
      ['52', 'W-9', 'w9.pdf', '1.5 KB', 'Avery Appraiser', '02/03/2026, 10:30 AM'],
      ['51', 'License', 'license.pdf', '300 Bytes', 'Dana Staff', '01/02/2026, 9:00 AM'],
    ]);
    expect(within(table).getByRole('button', { name: 'Download w9.pdf' })).toBeInTheDocument();
    expect(within(table).getByRole('button', { name: 'View w9.pdf (opens in a new tab)' })).toBeInTheDocument();
  });

  it('says so when there are none', async () => {
    await open({ state: { documents: [] } });
    expect(await screen.findByText(MSG_NO_DOCUMENTS)).toBeInTheDocument();
  });

  it('downloads a document through the profile file stream', async () => {
    const h = await open();
    Object.assign(URL, { createObjectURL: () => 'blob:test/1', revokeObjectURL: () => {} });
    const clicks: string[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      clicks.push(`${this.download}|${this.getAttribute('href')}`);
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Download license.pdf' }));
    await waitFor(() => expect(clicks).toEqual(['license.pdf|blob:test/1']));
    expect(h.calls.downloads).toEqual(['51?disposition=attachment']);
  });

  it('Add Documents: checks every row, uploads with appraiserId and refreshes the list', async () => {
    const h = await open();
    fireEvent.click(screen.getByRole('button', { name: 'Add Documents' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add Documents' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Upload' }));
    expect(await within(dialog).findByText(MSG_SELECT_FILE_TYPE)).toBeInTheDocument();
    expect(within(dialog).getByText(MSG_CHOOSE_FILE)).toBeInTheDocument();

    const type = within(dialog).getByRole('combobox', { name: /File type/ });
    await waitFor(() => expect(within(type).getByRole('option', { name: 'Resume' })).toBeInTheDocument());
    fireEvent.change(type, { target: { value: '23' } });
    fireEvent.change(within(dialog).getByLabelText(/^File/, { selector: 'input[type=file]' }), { target: { files: [namedFile('resume.pdf')] } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Upload' }));

    expect(await screen.findByText('File uploaded.')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Add Documents' })).not.toBeInTheDocument());
    expect(h.calls.upload).toEqual([
      [
        ['appraiserId', String(APPRAISER_ID)],
        ['files', 'resume.pdf'],
        ['fileTypes', '23'],
      ],
    ]);
    const table = screen.getByRole('table', { name: 'Documents' });
    await waitFor(() => expect(cells(table)[0]?.[2]).toBe('resume.pdf'));
    expect(cells(table)).toHaveLength(3);
  });

  it('a refused upload keeps the dialog open with the reason', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    await open({ refuse: { upload: { status: 415, message: 'This kind of file cannot be uploaded.' } } });
    fireEvent.click(screen.getByRole('button', { name: 'Add Documents' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add Documents' });
    const type = within(dialog).getByRole('combobox', { name: /File type/ });
    await waitFor(() => expect(within(type).getByRole('option', { name: 'License' })).toBeInTheDocument());
    fireEvent.change(type, { target: { value: '20' } });
    fireEvent.change(within(dialog).getByLabelText(/^File/, { selector: 'input[type=file]' }), { target: { files: [namedFile('virus.exe')] } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Upload' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('This kind of file cannot be uploaded.');
    expect(cells(screen.getByRole('table', { name: 'Documents' }))).toHaveLength(2);
  });
});
