import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { namedFile, setUpMultipartServer } from '../../test/multipart';
import { appraiserInfo } from '../../test/appraiser';
import { MSG_NO_ENO_FILE, MSG_NO_LICENCES } from './CertificationsTab';
import { FHA_CERTIFIED, MSG_AMOUNT_INVALID, MSG_ENO_FILE_REQUIRED, MSG_ENO_FILE_TYPE, MSG_ENO_UPDATE_FAILED, MSG_ENO_UPDATED, MSG_PROVIDER_REQUIRED } from './rules';
import { APPRAISER_ID, renderProfile, type ProfileServerOptions } from './testServer';

setUpMultipartServer();

async function open(options: ProfileServerOptions = {}) {
  const { h } = renderProfile('/profile/me/certifications', options);
  await screen.findByRole('heading', { level: 2, name: 'Errors & Omissions (E&O) Insurance' });
  return h;
}

const field = (label: string) => screen.getByLabelText(new RegExp(`^${label}`)) as HTMLInputElement;
const pdf = () => namedFile('policy-2026.pdf');
const chooseFile = (file: File) => fireEvent.change(field('Policy File'), { target: { files: [file] } });
const update = () => fireEvent.click(screen.getByRole('button', { name: 'Update E&O Information' }));

describe('Certifications: E&O', () => {
  it('shows the current values; the fields stay disabled until a policy file is chosen', async () => {
    await open();
    expect(field('Provider')).toHaveValue('Lone Star Mutual');
    expect(field('Per Incident Amount')).toHaveValue('1000000');
    expect(field('Aggregate Amount')).toHaveValue('2000000');
    expect(field('Expiration Date')).toHaveValue('2027-06-30');
    expect(screen.getByTestId('eno-summary')).toHaveTextContent('Lone Star Mutual: $1,000,000.00 per incident, $2,000,000.00 aggregate, expires 06/30/2027');
    for (const label of ['Provider', 'Per Incident Amount', 'Aggregate Amount', 'Expiration Date']) expect(field(label)).toBeDisabled();
    expect(field('Policy File')).toHaveAttribute('accept', '.pdf,.doc,.docx');
    chooseFile(pdf());
    for (const label of ['Provider', 'Per Incident Amount', 'Aggregate Amount', 'Expiration Date']) expect(field(label)).toBeEnabled();
  });

  it('asks for the policy file before sending anything', async () => {
    const h = await open();
    update();
    expect(await screen.findByText(MSG_ENO_FILE_REQUIRED)).toBeInTheDocument();
    expect(h.calls.eno).toEqual([]);
  });

  it('refuses other file types and checks the fields', async () => {
    const h = await open();
    chooseFile(namedFile('photo.png', 'image/png'));
    fireEvent.change(field('Provider'), { target: { value: ' ' } });
    fireEvent.change(field('Per Incident Amount'), { target: { value: 'a lot' } });
    update();
    expect(await screen.findByText(MSG_ENO_FILE_TYPE)).toBeInTheDocument();
    expect(screen.getByText(MSG_PROVIDER_REQUIRED)).toBeInTheDocument();
    expect(screen.getByText(MSG_AMOUNT_INVALID)).toBeInTheDocument();
    expect(h.calls.eno).toEqual([]);
  });

  it('sends the form with the file, says so and shows the new values and file', async () => {
    const h = await open();
    expect(await screen.findByRole('button', { name: 'Download eno-2025.pdf' })).toBeInTheDocument();
    chooseFile(pdf());
    fireEvent.change(field('Provider'), { target: { value: 'Prairie Assurance' } });
    fireEvent.change(field('Per Incident Amount'), { target: { value: '$500,000' } });
    fireEvent.change(field('Aggregate Amount'), { target: { value: '' } });
    fireEvent.change(field('Expiration Date'), { target: { value: '2028-01-31' } });
    update();
    expect(await screen.findByText(MSG_ENO_UPDATED)).toBeInTheDocument();
    expect(h.calls.eno).toEqual([
      [
        ['appraiserId', String(APPRAISER_ID)],
        ['provider', 'Prairie Assurance'],
        ['perIncidentCoverage', '500000'],
        ['aggregateCoverage', '0'],
        ['expirationDate', '2028-01-31'],
        ['policyFile', 'policy-2026.pdf'],
      ],
    ]);
    await waitFor(() => expect(screen.getByTestId('eno-summary')).toHaveTextContent('Prairie Assurance: $500,000.00 per incident, $0.00 aggregate, expires 01/31/2028'));
    expect(await screen.findByRole('button', { name: 'Download policy-2026.pdf' })).toBeInTheDocument();
    // The file is used up: the fields lock again until another one is chosen.
    expect(field('Provider')).toBeDisabled();
    expect(field('Provider')).toHaveValue('Prairie Assurance');
  });

  it('a refused update shows Failed to update E&O information with the reason', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    await open({ refuse: { eno: { status: 400, message: 'The policy file is not a PDF or Word document.' } } });
    chooseFile(pdf());
    update();
    expect(await screen.findByText(MSG_ENO_UPDATE_FAILED)).toBeInTheDocument();
    expect(screen.getByText('The policy file is not a PDF or Word document.')).toBeInTheDocument();
    expect(field('Provider')).toBeEnabled();
  });

  it('a failed update for another reason shows Failed to update E&O information', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    await open({ refuse: { eno: { status: 500, message: 'boom' } } });
    chooseFile(pdf());
    update();
    expect(await screen.findByText(MSG_ENO_UPDATE_FAILED)).toBeInTheDocument();
    expect(screen.queryByText('boom')).not.toBeInTheDocument();
  });

  it('downloads the current policy file through the profile file stream', async () => {
    const h = await open();
    const clicks: string[] = [];
    Object.assign(URL, { createObjectURL: () => 'blob:test/1', revokeObjectURL: () => {} });
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      clicks.push(`${this.download}|${this.getAttribute('href')}`);
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Download eno-2025.pdf' }));
    await waitFor(() => expect(clicks.length).toBe(1));
    expect(h.calls.downloads[0]).toBe('41?disposition=attachment');
    expect(clicks[0]!.startsWith('eno-2025.pdf|')).toBe(true);
  });

  it('says when there is no policy file yet', async () => {
    await open({ state: { enoFile: null, appraiser: appraiserInfo({ enoProvider: null, enoPerIncidentAmount: 0, enoAggregateAmount: 0, enoExpirationDate: null }) } });
    expect(await screen.findByText(MSG_NO_ENO_FILE)).toBeInTheDocument();
    expect(screen.getByTestId('eno-summary')).toHaveTextContent('$0.00 per incident, $0.00 aggregate');
  });
});

describe('Certifications: licences and FHA', () => {
  it('lists licences read-only: type, state, number, expiration', async () => {
    await open();
    const table = await screen.findByRole('table', { name: 'Licenses' });
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((c) => c.textContent),
    ).toEqual(['Type', 'State', 'Number', 'Expiration']);
    expect(
      within(table)
        .getAllByRole('cell')
        .map((c) => c.textContent),
    ).toEqual(['Certified Residential', 'TX', 'TX-1380001-R', '03/31/2027']);
    expect(within(table).queryByRole('button')).not.toBeInTheDocument();
    expect(within(table).queryByRole('textbox')).not.toBeInTheDocument();
  });

  it('says when there are no licences', async () => {
    await open({ state: { licences: [] } });
    expect(await screen.findByText(MSG_NO_LICENCES)).toBeInTheDocument();
  });

  it('shows FHA Certified read-only', async () => {
    await open();
    const section = screen.getByRole('region', { name: 'FHA Certification' });
    expect(within(section).getByText(FHA_CERTIFIED)).toBeInTheDocument();
    expect(within(section).queryByRole('checkbox')).not.toBeInTheDocument();
  });

  it('shows Not FHA certified otherwise', async () => {
    await open({ state: { appraiser: appraiserInfo({ isFhaCertified: false }) } });
    const section = screen.getByRole('region', { name: 'FHA Certification' });
    expect(within(section).getByText('Not FHA certified')).toBeInTheDocument();
  });
});
