import { fireEvent, render, screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { Providers } from '../../../app/Providers';
import { createQueryClient } from '../../../app/queryClient';
import { HistoryTab, MessagesTab } from './ListTabs';
import type { HistoryEntry, OrderMessage } from './types';

const history = [
  { id: 1, hide: false, orderStatus: 4, orderStatusDescription: 'assigned', orderStatusMessage: '<p>Assigned.</p>', statusDate: '2026-11-20T15:00:00Z' },
  { id: 2, hide: true, orderStatus: 4, orderStatusDescription: 'assigned', orderStatusMessage: '<p>Internal note.</p>', statusDate: '2026-11-21T15:00:00Z' },
] as HistoryEntry[];

function renderIn(node: React.ReactNode) {
  render(<Providers queryClient={createQueryClient()}>{node}</Providers>);
}

describe('hide and show controls (staff)', () => {
  it('appraisers see only visible entries, and no controls', () => {
    renderIn(<HistoryTab items={history} timeZone="America/Chicago" mobile={false} />);
    expect(screen.queryByText('Internal note.')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /appraisers$/ })).not.toBeInTheDocument();
  });

  it.each([false, true])('staff see every entry, hidden ones marked, and each toggles (cards: %s)', (mobile) => {
    const onToggle = vi.fn();
    renderIn(<HistoryTab items={history} timeZone="America/Chicago" mobile={mobile} onToggleHidden={onToggle} />);
    expect(screen.getByText('Internal note.')).toBeInTheDocument();
    expect(screen.getAllByText('Hidden from appraisers')).toHaveLength(1);
    const show = screen.getByRole('button', { name: /^Show the history entry of .* to appraisers$/ });
    fireEvent.click(show);
    expect(onToggle).toHaveBeenCalledWith(history[1]);
    fireEvent.click(screen.getByRole('button', { name: /^Hide the history entry of .* from appraisers$/ }));
    expect(onToggle).toHaveBeenLastCalledWith(history[0]);
  });

  it('messages carry the control in their own column', () => {
    const messages = [
      {
        id: 5,
        hide: false,
        messageText: 'Call me',
        messageFromFirstName: 'Dana',
        messageFromLastName: 'Staff',
        messageTypeDescription: 'Staff to Appraiser',
        dateCreated: '2026-11-21T15:00:00Z',
      },
    ] as OrderMessage[];
    const onToggle = vi.fn();
    renderIn(<MessagesTab items={messages} timeZone="America/Chicago" mobile={false} onToggleHidden={onToggle} />);
    const table = screen.getByRole('table', { name: 'Messages' });
    expect(within(table).getByRole('columnheader', { name: 'Appraisers' })).toBeInTheDocument();
    fireEvent.click(within(table).getByRole('button', { name: /^Hide the message of/ }));
    expect(onToggle).toHaveBeenCalledWith(messages[0]);
  });
});
