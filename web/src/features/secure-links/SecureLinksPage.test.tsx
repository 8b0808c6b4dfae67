import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it, vi } from 'vitest';
import { MSG_FORBIDDEN, MSG_SESSION_EXPIRED } from '../../lib/api';
import { MSG_DOWNLOAD_FAILED } from '../../lib/fileTransfer';
import { renderApp } from '../../test/render';
import { appConfig, csrf, runFakeServer, server } from '../../test/server';
import type { SecureLink } from './api';

runFakeServer();

const link: SecureLink = {
  id: 7,
  subject: 'Engagement letter',
  usaFileNumber: 'USA-1001',
  senderName: 'Dana Staff',
  senderEmail: 'dana@appraisalportal.example',
  recipientEmail: 'avery@prairie.example',
  sentDateTime: '2026-03-02T15:00:00Z',
  viewDateTime: null,
  message: 'Please read the attached letter.',
  attachments: [{ id: 31, fileName: 'letter.pdf', fileSize: 2048, contentType: 'application/pdf', downloadUrl: '/api/appraiser/secure-links/7/attachments/31' }],
};

/** An appraiser's secure link whose attachment answers `status`; a 401 also ends the session. */
function withLink(status: number) {
  let signedIn = true;
  const asked: string[] = [];
  server.use(
    csrf,
    appConfig(),
    http.get('*/api/auth/session', () => HttpResponse.json({ user: signedIn ? { securityUserId: 10, userType: 1, firstName: 'Avery', lastName: 'Appraiser' } : null })),
    http.get('*/api/appraiser/secure-links', () => HttpResponse.json([link])),
    http.post('*/api/appraiser/secure-links/7/viewed', () => HttpResponse.json({ ...link, viewDateTime: '2026-03-03T15:00:00Z' })),
    http.get('*/api/appraiser/secure-links/7/attachments/31', ({ request }) => {
      asked.push(new URL(request.url).search);
      if (status === 401) signedIn = false;
      return status === 200
        ? new HttpResponse('%PDF-1.4', { headers: { 'content-type': 'application/pdf', 'content-disposition': 'attachment; filename="letter.pdf"' } })
        : HttpResponse.json({ message: 'No.' }, { status });
    }),
  );
  const app = renderApp('/appraiser/secure-links/7');
  return { ...app, asked };
}

async function downloadAttachment() {
  const dialog = await screen.findByRole('dialog', { name: 'Secure Link Details' });
  const attachment = await within(dialog).findByText('letter.pdf');
  expect(attachment).toHaveAccessibleName('Download letter.pdf');
  fireEvent.click(attachment);
}

describe('Secure link attachments', () => {
  it('download through the shared file transfer', async () => {
    Object.assign(URL, { createObjectURL: () => 'blob:test/1', revokeObjectURL: () => {} });
    const saved: string[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      saved.push(`${this.download}|${this.getAttribute('href')}`);
    });
    const { asked } = withLink(200);
    await downloadAttachment();
    await waitFor(() => expect(saved).toEqual(['letter.pdf|blob:test/1']));
    expect(asked).toEqual(['?disposition=attachment']);
  });

  it('a 401 says the session expired and sends to sign-in', async () => {
    const { router } = withLink(401);
    await downloadAttachment();
    expect(await screen.findByText(MSG_SESSION_EXPIRED)).toBeInTheDocument();
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(screen.queryByText(MSG_DOWNLOAD_FAILED)).not.toBeInTheDocument();
  });

  it('a 403 goes to /forbidden', async () => {
    const { router } = withLink(403);
    await downloadAttachment();
    expect(await screen.findByText(MSG_FORBIDDEN)).toBeInTheDocument();
    await waitFor(() => expect(router.state.location.pathname).toBe('/forbidden'));
  });

  it('another failure says the download failed', async () => {
    const { router } = withLink(500);
    await downloadAttachment();
    expect(await screen.findByText(MSG_DOWNLOAD_FAILED)).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/appraiser/secure-links/7');
  });
});
