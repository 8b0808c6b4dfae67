import { fireEvent, screen, within } from '@testing-library/react';
import { expect } from 'vitest';

/**
 * A list row's Deactivate asks first (the dialog `dialogTitle`); then the row of `name` (found by
 * `row`) shows `inactiveLabel`, a notice says so, and it offers Reactivate, which brings Deactivate back.
 */
export async function deactivateThenReactivate(name: string, dialogTitle: string, inactiveLabel: string, row: (name: string) => Promise<HTMLElement>): Promise<void> {
  fireEvent.click(await screen.findByRole('button', { name: `Deactivate ${name}` }));
  const dialog = await screen.findByRole('dialog', { name: dialogTitle });
  fireEvent.click(within(dialog).getByRole('button', { name: 'Deactivate' }));
  expect(await screen.findByRole('button', { name: `Reactivate ${name}` })).toBeInTheDocument();
  expect(within(await row(name)).getByText(inactiveLabel)).toBeInTheDocument();
  expect(screen.getByText(`${name} was deactivated.`)).toBeInTheDocument();

  fireEvent.click(screen.getByRole('button', { name: `Reactivate ${name}` }));
  expect(await screen.findByRole('button', { name: `Deactivate ${name}` })).toBeInTheDocument();
}
