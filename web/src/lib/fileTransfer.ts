/**
 * Saving and viewing files in the browser (view in a new tab or download): used by the order files and
 * the printed order now, and by the profile documents later.
 *
 * - Small files are fetched whole and handed over as an object URL, released after 5 seconds.
 * - Large files are never held in memory: after a quick check that the server will send them, the
 *   browser itself fetches the streaming URL (Content-Disposition attachment or inline), so the
 *   file goes straight to disk or to the viewer.
 */
import { handleFailure, isSharedFailure } from './api';
import { notify } from './notify';

/** File download failure. */
export const MSG_DOWNLOAD_FAILED = 'Failed to download the file.';
export const MSG_VIEW_FAILED = 'Failed to view the file.';

/** An object URL used for viewing or saving is released after this long. */
export const OBJECT_URL_TTL_MS = 5000;

/** Files up to this size are fetched whole; larger ones are streamed by the browser. */
export const IN_MEMORY_LIMIT_BYTES = 20 * 1024 * 1024;

/** The JSON download response: base64 data, content type and file name. */
export interface FileDownloadResponse {
  data: string;
  contentType: string;
  fileName: string;
}

export function base64ToBlob(base64: string, contentType: string): Blob {
  const binary = atob(base64);
  const bytes = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
  return new Blob([bytes], { type: contentType || 'application/octet-stream' });
}

function clickLink(href: string, fileName?: string): void {
  const a = document.createElement('a');
  a.href = href;
  if (fileName !== undefined) a.download = fileName;
  else a.target = '_blank';
  a.rel = 'noopener';
  a.style.display = 'none';
  document.body.appendChild(a);
  a.click();
  a.remove();
}

function releaseLater(url: string): void {
  setTimeout(() => URL.revokeObjectURL(url), OBJECT_URL_TTL_MS);
}

/** Saves a blob under `fileName`. */
export function saveBlob(blob: Blob, fileName: string): void {
  const url = URL.createObjectURL(blob);
  clickLink(url, fileName);
  releaseLater(url);
}

/** Saves a base64 file (the JSON download shape, the printed order) under `fileName`. */
export function saveBase64(base64: string, contentType: string, fileName: string): void {
  saveBlob(base64ToBlob(base64, contentType), fileName);
}

/**
 * Starts a GET and resolves once the status is known; a large body is not read. A refusal has the
 * shared handling of every call (401: session expired, 403: /forbidden).
 */
async function probe(url: string, readBody: boolean): Promise<{ blob: Blob | null }> {
  const controller = new AbortController();
  const res = await fetch(url, { credentials: 'same-origin', signal: controller.signal });
  if (!res.ok) {
    controller.abort();
    throw handleFailure(res.status, null, { notify: false });
  }
  if (!readBody) {
    controller.abort();
    return { blob: null };
  }
  return { blob: await res.blob() };
}

function withDisposition(url: string, disposition: 'inline' | 'attachment'): string {
  const u = new URL(url, window.location.origin);
  u.searchParams.set('disposition', disposition);
  return u.pathname + u.search;
}

/**
 * Downloads from a streaming URL (one that answers the file with Content-Disposition).
 * Failure: the notice 'Failed to download the file.'. Resolves true on success.
 */
export async function downloadFromStream(url: string, fileName: string, sizeBytes?: number | null): Promise<boolean> {
  const href = withDisposition(url, 'attachment');
  const small = typeof sizeBytes === 'number' && sizeBytes <= IN_MEMORY_LIMIT_BYTES;
  try {
    const { blob } = await probe(href, small);
    if (blob) saveBlob(blob, fileName);
    else clickLink(href, fileName);
    return true;
  } catch (e) {
    console.error('download failed', e);
    if (!isSharedFailure(e)) notify('error', MSG_DOWNLOAD_FAILED);
    return false;
  }
}

/** Content types the View action may open in a tab: PDF and images. */
const VIEWABLE_TYPES = ['application/pdf', 'image/jpeg', 'image/png', 'image/gif'];
const VIEWABLE_EXTENSIONS = ['pdf', 'jpg', 'jpeg', 'png', 'gif'];

/** Whether View may open this file (by its name) in a tab; anything else is downloaded. */
export function isViewable(fileName: string): boolean {
  const extension = fileName.includes('.') ? fileName.split('.').pop()!.toLowerCase() : '';
  return VIEWABLE_EXTENSIONS.includes(extension);
}

/**
 * Opens a file from a streaming URL in a new tab. The tab is opened at once (while the click still
 * counts as the user's, so no pop-up blocker stops it) and pointed at the file when it has arrived.
 * Only PDF and images are opened: a page made from any other upload would run in the portal's own
 * origin, so those are downloaded instead (by name before anything is fetched, and by the content
 * type the server sent as well).
 * Failure: the tab closes and the notice 'Failed to view the file.' shows. Resolves true on success.
 */
export async function viewFromStream(url: string, fileName: string, sizeBytes?: number | null): Promise<boolean> {
  if (!isViewable(fileName)) return downloadFromStream(url, fileName, sizeBytes);
  const href = withDisposition(url, 'inline');
  const small = typeof sizeBytes === 'number' && sizeBytes <= IN_MEMORY_LIMIT_BYTES;
  const tab = window.open('', '_blank');
  if (tab) tab.opener = null;
  try {
    const { blob } = await probe(href, small);
    if (blob && !VIEWABLE_TYPES.includes(blob.type)) {
      tab?.close();
      saveBlob(blob, fileName);
      return true;
    }
    let target = href;
    if (blob) {
      target = URL.createObjectURL(blob);
      releaseLater(target);
    }
    if (tab) tab.location.href = target;
    else clickLink(target);
    return true;
  } catch (e) {
    console.error('view failed', e);
    tab?.close();
    if (!isSharedFailure(e)) notify('error', MSG_VIEW_FAILED);
    return false;
  }
}
