/**
 * The URL to use as a link target, or null when it must be shown as plain text: only absolute
 * http:// and https:// addresses are linked (no javascript:, data:, relative or malformed URLs).
 */
export function safeLinkUrl(raw: string | null | undefined): string | null {
  const value = (raw ?? '').trim();
  if (!value) return null;
  // Control characters or whitespace inside a URL are never legitimate here.
  // eslint-disable-next-line no-control-regex
  if (/[\u0000-\u001f\u007f\s]/.test(value)) return null;
  let parsed: URL;
  try {
    parsed = new URL(value);
  } catch {
    return null;
  }
  if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:') return null;
  if (!parsed.hostname) return null;
  return parsed.href;
}
