import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { renderApp } from '../../../test/render';
import { appConfig, loggedIn, runFakeServer, server } from '../../../test/server';
import { SECURE_LINK_MESSAGES } from './SendSecureLinkDialog';
import { MSG_NONE_SENT } from './StaffSecureLinksPage';
import { staff } from '../../../test/users';

runFakeServer();

const appraiser = {
  id: 10,
  name: 'Avery Appraiser',
  username: 'demo.appraiser',
  email: 'a@example.com',
  company: 'Prairie Valuation Partners',
  active: true,
  licenses: [],
  openOrders: 3,
};
const sentLink = {
  id: 5,
  usaFileNumber: 'A0000123',
  subject: 'Plat map',
  senderName: 'Dana Staff',
  senderEmail: 'dana@example.com',
  recipientEmail: 'a@example.com',
  sentDateTime: '2026-11-20T15:00:00Z',
  viewDateTime: null,
  message: 'The plat map you asked for.',
  attachments: [{ id: 90, fileName: 'Plat map.pdf', contentType: 'application/pdf', fileSize: 10, downloadUrl: '/x' }],
  recipientAppraiserId: 10,
  recipientName: 'Avery Appraiser',
  orderId: 123,
};

describe('Staff Secure Links page', () => {
  it('lists what was sent with its viewed state, and reads a link', async () => {
    server.use(
      loggedIn(staff),
      appConfig(),
      http.get('*/api/staff/secure-links', () => HttpResponse.json([sentLink])),
    );
    renderApp('/staff/secure-links');
    await screen.findByRole('heading', { level: 1, name: 'Secure Links' });
    const table = await screen.findByRole('table', { name: 'Secure links sent' });
    expect(within(table).getByRole('link', { name: 'A0000123' })).toHaveAttribute('href', '/staff/orderdetails/123');
    expect(within(table).getByText('Not yet')).toBeInTheDocument();
    fireEvent.click(within(table).getByRole('button', { name: 'Read Plat map sent to Avery Appraiser' }));
    const dialog = await screen.findByRole('dialog', { name: 'Plat map' });
    expect(within(dialog).getByText('The plat map you asked for.')).toBeInTheDocument();
    expect(within(dialog).getByText('Plat map.pdf')).toBeInTheDocument();
  });

  it('composes a link: checks the fields, offers the order files, sends the chosen ones', async () => {
    let sent: unknown = null;
    let links: (typeof sentLink)[] = [];
    server.use(
      loggedIn(staff),
      appConfig(),
      http.get('*/api/auth/csrf', () => HttpResponse.json({ token: 't' })),
      http.get('*/api/staff/secure-links', () => HttpResponse.json(links)),
      http.get('*/api/staff/appraisers', () => HttpResponse.json([appraiser, { ...appraiser, id: 11, name: 'Gone Away', active: false }])),
      http.get('*/api/order-details/123', () =>
        HttpResponse.json({
          files: [
            {
              id: 90,
              fileName: 'Plat map.pdf',
              fileTypeDescription: 'Other',
              fileSize: 10,
              uploadDateTime: '2026-11-20T15:00:00Z',
              uploadedByFirstName: 'D',
              uploadedByLastName: 'S',
              hide: false,
            },
          ],
        }),
      ),
      http.get('*/api/order-details/999', () => HttpResponse.json({ message: 'Order not found.' }, { status: 404 })),
      http.post('*/api/staff/secure-links', async ({ request }) => {
        sent = await request.json();
        links = [sentLink];
        return HttpResponse.json({ id: 5 }, { status: 201 });
      }),
    );
    renderApp('/staff/secure-links');
    expect(await screen.findByText(MSG_NONE_SENT)).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'New Secure Link' }));
    const dialog = await screen.findByRole('dialog', { name: 'New Secure Link' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Send Secure Link' }));
    expect(await within(dialog).findByText(SECURE_LINK_MESSAGES.recipient)).toBeInTheDocument();
    expect(within(dialog).getByText(SECURE_LINK_MESSAGES.subject)).toBeInTheDocument();
    expect(within(dialog).getByText(SECURE_LINK_MESSAGES.message)).toBeInTheDocument();

    const recipient = within(dialog).getByRole('combobox', { name: /^Recipient/ });
    await waitFor(() => expect(within(recipient).getByRole('option', { name: 'Avery Appraiser (Prairie Valuation Partners)' })).toBeInTheDocument());
    expect(within(recipient).queryByRole('option', { name: /Gone Away/ })).not.toBeInTheDocument();
    fireEvent.change(recipient, { target: { value: '10' } });
    fireEvent.change(within(dialog).getByLabelText(/^Order ID/), { target: { value: '999' } });
    expect(await within(dialog).findByText('Order not found.')).toBeInTheDocument();
    fireEvent.change(within(dialog).getByLabelText(/^Order ID/), { target: { value: '123' } });
    fireEvent.click(await within(dialog).findByRole('checkbox', { name: 'Plat map.pdf (Other)' }));
    fireEvent.change(within(dialog).getByLabelText(/^Subject/), { target: { value: ' Plat map ' } });
    fireEvent.change(within(dialog).getByLabelText(/^Message/), { target: { value: 'The plat map you asked for.' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Send Secure Link' }));
    await waitFor(() => expect(sent).toEqual({ recipientAppraiserId: 10, orderId: 123, subject: 'Plat map', message: 'The plat map you asked for.', fileIds: [90] }));
    expect(await screen.findByRole('table', { name: 'Secure links sent' })).toBeInTheDocument();
  });
});
