import { MantineProvider } from '@mantine/core';
import { Notifications, notifications } from '@mantine/notifications';
import { render, screen } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { server } from '../test/server';
import { MSG_FORBIDDEN, MSG_SESSION_EXPIRED, setApiHandlers } from './api';
import { base64ToBlob, downloadFromStream, MSG_DOWNLOAD_FAILED, MSG_VIEW_FAILED, OBJECT_URL_TTL_MS, viewFromStream } from './fileTransfer';

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => {
  server.resetHandlers();
  vi.restoreAllMocks();
  vi.useRealTimers();
});
afterAll(() => server.close());

/** Renders the notices, starting from none (an earlier test's may still be showing). */
function notices() {
  notifications.clean();
  render(
    <MantineProvider>
      <Notifications />
    </MantineProvider>,
  );
}

/** jsdom has no object URLs: count them instead. */
function objectUrls() {
  const created: Blob[] = [];
  const revoked: string[] = [];
  Object.assign(URL, {
    createObjectURL: (b: Blob) => {
      created.push(b);
      return `blob:test/${created.length}`;
    },
    revokeObjectURL: (u: string) => revoked.push(u),
  });
  return { created, revoked };
}

describe('file transfer', () => {
  it('decodes base64', async () => {
    const blob = base64ToBlob(btoa('%PDF-1.4'), 'application/pdf');
    expect(blob.type).toBe('application/pdf');
    expect(await blob.text()).toBe('%PDF-1.4');
  });

  it('downloads a small file through an object URL released after 5 seconds', async () => {
    const seen: string[] = [];
    server.use(
      http.get('*/api/file/stream/appraisalfile/7', ({ request }) => {
        seen.push(new URL(request.url).search);
        return new HttpResponse('hello', { headers: { 'content-type': 'text/plain' } });
      }),
    );
    const urls = objectUrls();
    const clicks: string[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      clicks.push(`${this.download}|${this.getAttribute('href')}`);
    });
    vi.useFakeTimers({ shouldAdvanceTime: true });
    expect(await downloadFromStream('/api/file/stream/appraisalfile/7', 'notes.txt', 5)).toBe(true);
    expect(seen).toEqual(['?disposition=attachment']);
    expect(clicks).toEqual(['notes.txt|blob:test/1']);
    expect(await urls.created[0]!.text()).toBe('hello');
    expect(urls.revoked).toEqual([]);
    vi.advanceTimersByTime(OBJECT_URL_TTL_MS);
    expect(urls.revoked).toEqual(['blob:test/1']);
  });

  it('lets the browser stream a large file itself', async () => {
    server.use(http.get('*/api/file/stream/appraisalfile/8', () => new HttpResponse('big', { headers: { 'content-type': 'application/pdf' } })));
    const urls = objectUrls();
    const clicks: string[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      clicks.push(`${this.download}|${this.getAttribute('href')}`);
    });
    expect(await downloadFromStream('/api/file/stream/appraisalfile/8', 'report.pdf', 500 * 1024 * 1024)).toBe(true);
    expect(urls.created).toEqual([]);
    expect(clicks).toEqual(['report.pdf|/api/file/stream/appraisalfile/8?disposition=attachment']);
  });

  it('says Failed to download the file. when the server refuses', async () => {
    notices();
    server.use(http.get('*/api/file/stream/appraisalfile/9', () => HttpResponse.json({ message: 'File not found.' }, { status: 404 })));
    vi.spyOn(console, 'error').mockImplementation(() => {});
    expect(await downloadFromStream('/api/file/stream/appraisalfile/9', 'x.pdf', 10)).toBe(false);
    expect(await screen.findByText(MSG_DOWNLOAD_FAILED)).toBeInTheDocument();
  });

  it('views in the tab it opened at once, and closes it with Failed to view the file. on failure', async () => {
    notices();
    objectUrls();
    const tab = { opener: {}, location: { href: '' }, close: vi.fn() };
    vi.spyOn(window, 'open').mockImplementation(() => tab as unknown as Window);
    server.use(
      http.get('*/api/file/stream/appraisalfile/10', () => new HttpResponse('img', { headers: { 'content-type': 'image/png' } })),
      http.get('*/api/file/stream/appraisalfile/11', () => HttpResponse.json({ message: 'Storage unavailable' }, { status: 500 })),
    );
    expect(await viewFromStream('/api/file/stream/appraisalfile/10', 'front.png', 3)).toBe(true);
    expect(tab.opener).toBeNull();
    expect(tab.location.href).toBe('blob:test/1');

    vi.spyOn(console, 'error').mockImplementation(() => {});
    expect(await viewFromStream('/api/file/stream/appraisalfile/11', 'report.pdf', 3)).toBe(false);
    expect(tab.close).toHaveBeenCalled();
    expect(await screen.findByText(MSG_VIEW_FAILED)).toBeInTheDocument();
  });

  it.each([
    [403, MSG_FORBIDDEN, 'onForbidden'],
    [401, MSG_SESSION_EXPIRED, 'onUnauthorized'],
  ] as const)('a %i on download or view has the shared handling, not the file notice', async (status, notice, handler) => {
    notices();
    const handlers = { onForbidden: vi.fn(), onUnauthorized: vi.fn() };
    setApiHandlers(handlers);
    const tab = { opener: {}, location: { href: '' }, close: vi.fn() };
    vi.spyOn(window, 'open').mockImplementation(() => tab as unknown as Window);
    vi.spyOn(console, 'error').mockImplementation(() => {});
    server.use(http.get('*/api/file/stream/appraisalfile/12', () => HttpResponse.json({ message: 'No' }, { status })));
    try {
      expect(await downloadFromStream('/api/file/stream/appraisalfile/12', 'x.pdf', 10)).toBe(false);
      expect(await viewFromStream('/api/file/stream/appraisalfile/12', 'x.pdf', 10)).toBe(false);
      expect(tab.close).toHaveBeenCalled();
      expect(handlers[handler]).toHaveBeenCalledTimes(2);
      expect((await screen.findAllByText(notice)).length).toBeGreaterThan(0);
      expect(screen.queryByText(MSG_DOWNLOAD_FAILED)).not.toBeInTheDocument();
      expect(screen.queryByText(MSG_VIEW_FAILED)).not.toBeInTheDocument();
    } finally {
      setApiHandlers({});
    }
  });

  it('never opens anything but PDF and images in a tab: other files are downloaded', async () => {
    const { created } = objectUrls();
    const open = vi.spyOn(window, 'open');
    const clicked: string[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      clicked.push(this.download);
    });
    server.use(http.get('*/api/file/stream/appraisalfile/12', () => new HttpResponse('<script>alert(1)</script>', { headers: { 'content-type': 'application/xml' } })));
    expect(await viewFromStream('/api/file/stream/appraisalfile/12', 'report.xml', 30)).toBe(true);
    expect(open).not.toHaveBeenCalled();
    expect(clicked).toEqual(['report.xml']);

    // Named like a PDF but sent as something else: the tab closes and the file is saved.
    const tab = { opener: {}, location: { href: '' }, close: vi.fn() };
    open.mockImplementation(() => tab as unknown as Window);
    expect(await viewFromStream('/api/file/stream/appraisalfile/12', 'renamed.pdf', 30)).toBe(true);
    expect(tab.close).toHaveBeenCalled();
    expect(tab.location.href).toBe('');
    expect(clicked).toEqual(['report.xml', 'renamed.pdf']);
    expect(created.map((b) => b.type)).toEqual(['application/xml', 'application/xml']);
  });
});
