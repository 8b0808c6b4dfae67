import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { expect } from 'vitest';

/** Types into the field of `scope` whose label matches. */
export const fillIn = (scope: HTMLElement) => (label: RegExp, value: string) => fireEvent.change(within(scope).getByLabelText(label), { target: { value } });

/** Clicks the dialog's `button` and waits until the dialog named `title` has closed. */
export async function submitAndWaitClosed(dialog: HTMLElement, button: string, title: string): Promise<void> {
  fireEvent.click(within(dialog).getByRole('button', { name: button }));
  await waitFor(() => expect(screen.queryByRole('dialog', { name: title })).not.toBeInTheDocument());
}
