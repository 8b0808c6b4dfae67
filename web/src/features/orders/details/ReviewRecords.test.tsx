import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderApp } from '../../../test/render';
import { loggedIn, runFakeServer, server } from '../../../test/server';
import { MSG_COPY_AFTER_REPORT } from './BorrowerCopyCard';
import { recordsServer, reportedOrder, settled, staffUser } from './recordsFixtures';
import { hasReport } from './report';
import { MSG_UCDP_AFTER_REPORT } from './UcdpCard';

runFakeServer();

const ucdpCard = () => screen.findByRole('region', { name: 'UCDP / EAD Submission' });
const copyCard = () => screen.findByRole('region', { name: "Borrower's Copy" });

describe('UCDP and borrower copy cards before the report', () => {
  it('are collapsed to one line each on a new order, and load nothing', async () => {
    server.use(loggedIn(staffUser));
    const loads = recordsServer({ order: { statusId: 3, orderStatus: 'default', files: [] } });
    renderApp('/staff/orderdetails/5');
    const ucdp = await ucdpCard();
    expect(within(ucdp).getByText(MSG_UCDP_AFTER_REPORT)).toBeInTheDocument();
    expect(within(ucdp).queryByRole('button', { name: 'Save Submission' })).not.toBeInTheDocument();
    expect(within(ucdp).queryByRole('textbox')).not.toBeInTheDocument();
    const copy = await copyCard();
    expect(within(copy).getByText(MSG_COPY_AFTER_REPORT)).toBeInTheDocument();
    expect(within(copy).queryByRole('button', { name: "Send the borrower's copy" })).not.toBeInTheDocument();
    await settled();
    expect(loads.ucdp).toBe(0);
    expect(loads.borrowerCopy).toBe(0);
  });

  it('open with Show all the same (the waiver may come before the report), focus moving into the card', async () => {
    server.use(loggedIn(staffUser));
    const loads = recordsServer({ order: { statusId: 11, files: [] } });
    renderApp('/staff/orderdetails/5');
    const copy = await copyCard();
    fireEvent.click(within(copy).getByRole('button', { name: "Show Borrower's Copy" }));
    expect(await screen.findByRole('button', { name: 'Record waiver' })).toBeInTheDocument();
    await waitFor(() => expect(loads.borrowerCopy).toBe(1));
    expect(screen.getByTestId('card-borrower-copy').parentElement).toHaveFocus();
    expect(screen.queryByText(MSG_COPY_AFTER_REPORT)).not.toBeInTheDocument();
    expect(within(await ucdpCard()).getByText(MSG_UCDP_AFTER_REPORT)).toBeInTheDocument();
  });

  it('show in full once there is a report', async () => {
    server.use(loggedIn(staffUser));
    recordsServer({ order: reportedOrder });
    renderApp('/staff/orderdetails/5');
    const ucdp = await ucdpCard();
    expect(await within(ucdp).findByRole('button', { name: 'Save Submission' })).toBeInTheDocument();
    expect(screen.queryByText(MSG_UCDP_AFTER_REPORT)).not.toBeInTheDocument();
    expect(await within(await copyCard()).findByRole('button', { name: "Send the borrower's copy" })).toBeInTheDocument();
  });
});

describe('hasReport', () => {
  const file = reportedOrder.files![0]!;
  it('is a report file not hidden, or a status only a report leads to', () => {
    expect(hasReport({ statusId: 3, files: [] })).toBe(false);
    expect(hasReport({ statusId: 13, files: [{ ...file, fileTypeDescription: 'Purchase Contract' }] })).toBe(false);
    expect(hasReport({ statusId: 13, files: [{ ...file, hide: true }] })).toBe(false);
    expect(hasReport({ statusId: 13, files: [file] })).toBe(true);
    expect(hasReport({ statusId: 13, files: [{ ...file, fileTypeDescription: 'Revised Appraisal Report' }] })).toBe(true);
    for (const statusId of [14, 15, 18, 24, 41] as const) expect(hasReport({ statusId, files: [] }), String(statusId)).toBe(true);
  });
});
