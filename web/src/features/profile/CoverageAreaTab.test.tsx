import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { runFakeServer } from '../../test/server';
import { MSG_NO_COVERAGE } from './CoverageAreaTab';
import { MSG_COVERAGE_ADD_FAILED, MSG_COVERAGE_ADDED, MSG_COVERAGE_REMOVE_FAILED, MSG_COVERAGE_REMOVED, MSG_NOT_ENOUGH_DATA, MSG_SELECT_STATE_AND_COUNTY } from './rules';
import { APPRAISER_ID, renderProfile, type ProfileServerOptions } from './testServer';
import { mockMediaQueries } from '../../test/media';

runFakeServer();

async function open(options: ProfileServerOptions = {}) {
  const { h } = renderProfile('/profile/me/coverage-area', options);
  await screen.findByRole('heading', { level: 2, name: 'Coverage Areas' });
  return h;
}

const rows = () =>
  within(screen.getByRole('table', { name: 'Coverage areas' }))
    .getAllByRole('row')
    .slice(1)
    .map((r) =>
      within(r)
        .getAllByRole('cell')
        .slice(0, 3)
        .map((c) => c.textContent),
    );

/** Picks the option named `option` once it has loaded. */
async function choose(label: string, option: string) {
  const select = screen.getByRole('combobox', { name: label });
  const item = await waitFor(() => within(select).getByRole<HTMLOptionElement>('option', { name: option }));
  fireEvent.change(select, { target: { value: item.value } });
}

describe('Coverage Area', () => {
  it('lists State, County and Status (Verified or Pending)', async () => {
    await open();
    const table = await screen.findByRole('table', { name: 'Coverage areas' });
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((h) => h.textContent),
    ).toEqual(['State', 'County', 'Status', 'Actions']);
    expect(rows()).toEqual([
      ['TX', 'Travis', 'Verified'],
      ['TX', 'Williamson', 'Pending'],
    ]);
  });

  it('shows Not enough data for a score of 0, and the score otherwise', async () => {
    await open();
    expect(await screen.findByTestId('appraiser-score')).toHaveTextContent(MSG_NOT_ENOUGH_DATA);
  });

  it('shows a score above 0', async () => {
    await open({ state: { averageScore: 4.5 } });
    expect(await screen.findByTestId('appraiser-score')).toHaveTextContent('4.5 out of 5');
  });

  it('says so when there are no coverage areas', async () => {
    await open({ state: { areas: [] } });
    expect(await screen.findByText(MSG_NO_COVERAGE)).toBeInTheDocument();
  });

  it('asks for a state and county before sending anything', async () => {
    const h = await open();
    const county = screen.getByRole('combobox', { name: 'County' });
    expect(county).toBeDisabled();
    fireEvent.click(screen.getByRole('button', { name: 'Add' }));
    expect(await screen.findByText(MSG_SELECT_STATE_AND_COUNTY)).toHaveAttribute('role', 'alert');
    await choose('State', 'Texas');
    expect(county).toBeEnabled();
    fireEvent.click(screen.getByRole('button', { name: 'Add' }));
    expect(await screen.findByText(MSG_SELECT_STATE_AND_COUNTY)).toBeInTheDocument();
    expect(h.calls.add).toEqual([]);
  });

  it('adds a state and county, says so and refreshes the list', async () => {
    const h = await open();
    await choose('State', 'Texas');
    await choose('County', 'Bexar');
    fireEvent.click(screen.getByRole('button', { name: 'Add' }));
    expect(await screen.findByText(MSG_COVERAGE_ADDED)).toBeInTheDocument();
    expect(h.calls.add).toEqual([{ appraiserId: APPRAISER_ID, state: 'TX', county: 'Bexar' }]);
    await waitFor(() => expect(rows()).toContainEqual(['TX', 'Bexar', 'Pending']));
    // The county is cleared for the next one; the state stays.
    expect(screen.getByRole('combobox', { name: 'County' })).toHaveValue('');
    expect(screen.getByRole('combobox', { name: 'State' })).toHaveValue('TX');
  });

  it('changing the state loads that state’s counties and clears the county', async () => {
    await open();
    await choose('State', 'Texas');
    await choose('County', 'Travis');
    await choose('State', 'Oklahoma');
    expect(screen.getByRole('combobox', { name: 'County' })).toHaveValue('');
    await waitFor(() => expect(within(screen.getByRole('combobox', { name: 'County' })).getByRole('option', { name: 'Tulsa' })).toBeInTheDocument());
  });

  it('a refused add shows Failed to add coverage area with the server’s reason', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const h = await open({ refuse: { add: { status: 409, message: 'This coverage area already exists.' } } });
    await choose('State', 'Texas');
    await choose('County', 'Travis');
    fireEvent.click(screen.getByRole('button', { name: 'Add' }));
    expect(await screen.findByText(MSG_COVERAGE_ADD_FAILED)).toBeInTheDocument();
    expect(screen.getByText('This coverage area already exists.')).toBeInTheDocument();
    expect(h.calls.add).toHaveLength(1);
    expect(rows()).toHaveLength(2);
  });

  it('a failed add for another reason shows Failed to add coverage area', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    await open({ refuse: { add: { status: 500, message: 'boom' } } });
    await choose('State', 'Texas');
    await choose('County', 'Travis');
    fireEvent.click(screen.getByRole('button', { name: 'Add' }));
    expect(await screen.findByText(MSG_COVERAGE_ADD_FAILED)).toBeInTheDocument();
    expect(screen.queryByText('boom')).not.toBeInTheDocument();
  });

  it('removes only after confirmation, says so and refreshes the list', async () => {
    const h = await open();
    await screen.findByRole('table', { name: 'Coverage areas' });
    fireEvent.click(screen.getByRole('button', { name: 'Remove Williamson, TX' }));
    let dialog = await screen.findByRole('dialog', { name: 'Remove Coverage Area' });
    expect(dialog).toHaveTextContent('Remove Williamson, TX from the coverage areas?');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(h.calls.remove).toEqual([]);

    fireEvent.click(screen.getByRole('button', { name: 'Remove Williamson, TX' }));
    dialog = await screen.findByRole('dialog', { name: 'Remove Coverage Area' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Remove' }));
    expect(await screen.findByText(MSG_COVERAGE_REMOVED)).toBeInTheDocument();
    expect(h.calls.remove).toEqual([{ appraiserId: APPRAISER_ID, coverageAreaId: 2, county: 'Williamson', state: 'TX' }]);
    await waitFor(() => expect(rows()).toEqual([['TX', 'Travis', 'Verified']]));
  });

  it('a failed removal shows Failed to remove coverage area and keeps the row', async () => {
    await open({ refuse: { remove: { status: 500, message: 'boom' } } });
    vi.spyOn(console, 'error').mockImplementation(() => {});
    await screen.findByRole('table', { name: 'Coverage areas' });
    fireEvent.click(screen.getByRole('button', { name: 'Remove Travis, TX' }));
    const dialog = await screen.findByRole('dialog', { name: 'Remove Coverage Area' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Remove' }));
    expect(await screen.findByText(MSG_COVERAGE_REMOVE_FAILED)).toBeInTheDocument();
    expect(rows()).toHaveLength(2);
  });

  it('is a list of cards on a small screen', async () => {
    mockMediaQueries((query) => query.includes('max-width'));
    await open();
    const list = await screen.findByRole('list', { name: 'Coverage areas' });
    expect(screen.queryByRole('table', { name: 'Coverage areas' })).not.toBeInTheDocument();
    const cards = within(list).getAllByRole('listitem');
    expect(cards).toHaveLength(2);
    expect(cards[1]).toHaveTextContent('Williamson');
    expect(cards[1]).toHaveTextContent('Pending');
    expect(within(cards[1]!).getByRole('button', { name: 'Remove Williamson, TX' })).toBeInTheDocument();
  });
});
