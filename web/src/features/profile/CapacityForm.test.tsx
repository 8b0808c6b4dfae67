import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { appraiserInfo } from '../../test/appraiser';
import { runFakeServer } from '../../test/server';
import { MSG_CAPACITY_SAVED } from './CapacityForm';
import { MSG_CAPACITY_RANGE } from './rules';
import { APPRAISER_ID, renderProfile, type ProfileServerOptions } from './testServer';

runFakeServer();

async function open(options: ProfileServerOptions = {}) {
  const { h } = renderProfile('/profile/me/settings', options);
  const card = await screen.findByRole('region', { name: 'Capacity' });
  const input = within(card).getByRole('textbox', { name: /^Open orders at most/ });
  const save = () => fireEvent.click(within(card).getByRole('button', { name: 'Save Capacity' }));
  return { h, card, input, save };
}

describe('Settings: Capacity', () => {
  it('starts from the saved capacity and saves a new one', async () => {
    const { h, input, save } = await open({ state: { appraiser: appraiserInfo({ capacity: 5 }) } });
    expect(input).toHaveValue('5');
    fireEvent.change(input, { target: { value: ' 12 ' } });
    save();
    expect(await screen.findByText(MSG_CAPACITY_SAVED)).toBeInTheDocument();
    expect(h.calls.capacity).toEqual([{ appraiserId: APPRAISER_ID, capacity: 12 }]);
    await waitFor(() => expect(h.state.appraiser.capacity).toBe(12));
  });

  it('sends no limit (null) when left blank', async () => {
    const { h, input, save } = await open({ state: { appraiser: appraiserInfo({ capacity: 5 }) } });
    fireEvent.change(input, { target: { value: '' } });
    save();
    await waitFor(() => expect(h.calls.capacity).toEqual([{ appraiserId: APPRAISER_ID, capacity: null }]));
  });

  it.each(['0', '201', '2.5', 'ten'])('refuses %j before sending', async (typed) => {
    const { h, card, input, save } = await open();
    fireEvent.change(input, { target: { value: typed } });
    save();
    expect(await within(card).findByText(MSG_CAPACITY_RANGE)).toBeInTheDocument();
    expect(input).toHaveAttribute('aria-invalid', 'true');
    expect(h.calls.capacity).toEqual([]);
  });

  it('shows the server’s refusal under the input', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const { card, input, save } = await open({ refuse: { capacity: { status: 422, message: 'Capacity is refused.' } } });
    fireEvent.change(input, { target: { value: '3' } });
    save();
    expect(await within(card).findByText('Capacity is refused.')).toBeInTheDocument();
    expect(input).toHaveAttribute('aria-invalid', 'true');
  });
});
