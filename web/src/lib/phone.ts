/**
 * US phone numbers as the portal shows them: 7 digits -> 555-0110, 10 -> (512) 555-0110,
 * 11 with a leading 1 -> +1 (512) 555-0110; an extension ("x123", "ext. 123", "extension 123") is
 * kept as " x123". Anything else is shown as given (trimmed), so nothing is ever lost.
 */
export function formatUsPhone(value: string | null | undefined): string {
  if (!value) return '';
  const raw = value.trim();
  if (!raw) return '';
  const ext = /\s*(?:x|ext\.?|extension|#)\s*(\d+)\s*$/i.exec(raw);
  const main = ext ? raw.slice(0, ext.index) : raw;
  const suffix = ext ? ` x${ext[1]}` : '';
  // Only digits and the usual separators may appear in the number itself.
  if (!/^[\d\s().+\-/]*$/.test(main)) return raw;
  const digits = main.replace(/\D/g, '');
  let formatted: string | null = null;
  if (digits.length === 7) {
    formatted = `${digits.slice(0, 3)}-${digits.slice(3)}`;
  } else if (digits.length === 10) {
    formatted = `(${digits.slice(0, 3)}) ${digits.slice(3, 6)}-${digits.slice(6)}`;
  } else if (digits.length === 11 && digits.startsWith('1')) {
    formatted = `+1 (${digits.slice(1, 4)}) ${digits.slice(4, 7)}-${digits.slice(7)}`;
  }
  return formatted === null ? raw : `${formatted}${suffix}`;
}

/** The digits (and a leading +) for a tel: link; the extension becomes ",123" (dial after connect). */
export function telHref(value: string): string {
  const ext = /\s*(?:x|ext\.?|extension|#)\s*(\d+)\s*$/i.exec(value.trim());
  const main = ext ? value.trim().slice(0, ext.index) : value.trim();
  let digits = main.replace(/\D/g, '');
  if (digits.length === 10) digits = `1${digits}`;
  const plus = digits.length === 11 && digits.startsWith('1') ? '+' : '';
  return `tel:${plus}${digits}${ext ? `,${ext[1]}` : ''}`;
}
