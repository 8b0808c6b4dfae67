import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { MSG_FIX_FIELDS } from '../../lib/fieldRules';
import { runFakeServer } from '../../test/server';
import { MSG_FEES_SAVED } from './FeeScheduleCard';
import { renderProfile, type ProfileServerOptions } from './testServer';

runFakeServer();

async function open(options: ProfileServerOptions = {}) {
  const { h } = renderProfile('/profile/me/settings', options);
  const card = await screen.findByRole('region', { name: 'Fee Schedule' });
  const fee = async (product: string) => within(card).findByRole('textbox', { name: `Fee for ${product}` });
  const save = () => fireEvent.click(within(card).getByRole('button', { name: 'Save Fee Schedule' }));
  return { h, card, fee, save };
}

describe('Settings: Fee Schedule', () => {
  it('shows a row per product with the saved fee in dollars, and saves the whole list in cents', async () => {
    const { h, fee, save } = await open();
    expect(await fee('1004 Single Family Residential')).toHaveValue('400.00');
    expect(await fee('1007 Rent Schedule')).toHaveValue('');
    fireEvent.change(await fee('1007 Rent Schedule'), { target: { value: '$1,125.5' } });
    save();
    expect(await screen.findByText(MSG_FEES_SAVED)).toBeInTheDocument();
    expect(h.calls.fees).toEqual([
      [
        { productId: 1, feeCents: 40000 },
        { productId: 2, feeCents: 112550 },
      ],
    ]);
  });

  it('leaves a blanked fee out of the list', async () => {
    const { h, fee, save } = await open();
    fireEvent.change(await fee('1004 Single Family Residential'), { target: { value: ' ' } });
    save();
    await waitFor(() => expect(h.calls.fees).toEqual([[]]));
  });

  it('checks each fee before sending', async () => {
    const { h, card, fee, save } = await open();
    fireEvent.change(await fee('1007 Rent Schedule'), { target: { value: '12.345' } });
    save();
    expect(await within(card).findByText(MSG_FIX_FIELDS)).toBeInTheDocument();
    expect(await fee('1007 Rent Schedule')).toHaveAttribute('aria-invalid', 'true');
    expect(h.calls.fees).toEqual([]);
  });

  it('puts the server’s refusal of an entry under that product’s fee', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const { fee, save } = await open({ refuseFees: { '[1].feeCents': 'A price must be from $0.00 to $1,000,000.00.' } });
    fireEvent.change(await fee('1007 Rent Schedule'), { target: { value: '5' } });
    save();
    const input = await fee('1007 Rent Schedule');
    await waitFor(() => expect(input).toHaveAttribute('aria-invalid', 'true'));
    expect(input).toHaveAccessibleDescription('A price must be from $0.00 to $1,000,000.00.');
    expect(await fee('1004 Single Family Residential')).not.toHaveAttribute('aria-invalid');
  });
});
