import { fireEvent, screen } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { renderApp } from '../../test/render';
import { appConfig, loggedIn, runFakeServer, server } from '../../test/server';
import type { CopyLink } from './api';
import { MSG_ECOA } from './BorrowerCopyPage';

runFakeServer();

const copy: CopyLink = {
  propertyAddress: '12 Oak St, Austin, TX 78701',
  lender: 'Acme Lending',
  fileName: 'appraisal.pdf',
  fileSize: 1258291,
  expiresAt: '2026-12-26T18:00:00Z',
};
const GONE = 'This link is not valid or has expired. Please ask your lender for a new one.';

/** A signed-out visitor opening the link `token`; the server answers `answer`. */
function openLink(token: string, answer: () => Response) {
  const asked: string[] = [];
  server.use(
    loggedIn(null),
    appConfig(),
    http.get('*/api/borrower/copy/:token', ({ params }) => {
      asked.push(String(params.token));
      return answer();
    }),
  );
  const app = renderApp(`/borrower/copy/${token}`);
  return { asked, ...app };
}

describe("the borrower's copy page", () => {
  it('shows the property, the lender, until when, and a download link to the file, without signing in', async () => {
    const { asked, router } = openLink('tok-123', () => HttpResponse.json(copy));
    expect(await screen.findByRole('heading', { level: 1, name: 'Your copy of the appraisal' })).toBeInTheDocument();
    expect(screen.getByText('Property', { selector: 'dt' }).nextElementSibling).toHaveTextContent('12 Oak St, Austin, TX 78701');
    expect(screen.getByText('Lender', { selector: 'dt' }).nextElementSibling).toHaveTextContent('Acme Lending');
    expect(screen.getByText('Available until 12/26/2026')).toBeInTheDocument();
    const link = screen.getByRole('link', { name: 'Download the appraisal (PDF, 1.2 MB)' });
    expect(link).toHaveAttribute('href', '/api/borrower/copy/tok-123/download');
    expect(link).toHaveAttribute('download');
    expect(screen.getByText(MSG_ECOA)).toBeInTheDocument();
    expect(asked).toEqual(['tok-123']);
    expect(router.state.location.pathname).toBe('/borrower/copy/tok-123');
  });

  it('leaves out a lender it does not know', async () => {
    openLink('tok-9', () => HttpResponse.json({ ...copy, lender: null, fileSize: 2048 }));
    expect(await screen.findByRole('link', { name: 'Download the appraisal (PDF, 2 KB)' })).toBeInTheDocument();
    expect(screen.queryByText('Lender')).not.toBeInTheDocument();
  });

  it('an expired or unknown link shows the server’s message and no download', async () => {
    openLink('old', () => HttpResponse.json({ message: GONE }, { status: 404 }));
    expect(await screen.findByRole('alert')).toHaveTextContent(GONE);
    expect(screen.getByRole('heading', { level: 1, name: 'Your copy of the appraisal' })).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: /Download the appraisal/ })).not.toBeInTheDocument();
  });

  it('another failure offers Try Again', async () => {
    let fail = true;
    const { asked } = openLink('tok-1', () => (fail ? new HttpResponse('down', { status: 503 }) : HttpResponse.json(copy)));
    fireEvent.click(await screen.findByRole('button', { name: 'Try Again' }));
    fail = false;
    expect(await screen.findByRole('link', { name: 'Download the appraisal (PDF, 1.2 MB)' })).toBeInTheDocument();
    expect(asked.length).toBeGreaterThanOrEqual(2);
  });
});
