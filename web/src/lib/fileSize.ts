const UNITS = ['KB', 'MB', 'GB'] as const;

/**
 * A file size in Bytes, KB, MB or GB, 1 KB = 1024 bytes: whole bytes below 1 KB,
 * otherwise up to two decimals without trailing zeros ("1.5 KB", "2 MB"). Sizes of 1024 GB and more
 * stay in GB. Negative or non-finite sizes show as "0 Bytes".
 */
export function formatFileSize(bytes: number | null | undefined): string {
  if (typeof bytes !== 'number' || !Number.isFinite(bytes) || bytes < 0) return '0 Bytes';
  if (bytes < 1024) return `${Math.round(bytes)} ${Math.round(bytes) === 1 ? 'Byte' : 'Bytes'}`;
  let value = bytes / 1024;
  let unit = 0;
  while (value >= 1024 && unit < UNITS.length - 1) {
    value /= 1024;
    unit += 1;
  }
  // Rounding may carry into the next unit (1023.999 KB -> 1024 KB): move up once more.
  if (Number(value.toFixed(2)) >= 1024 && unit < UNITS.length - 1) {
    value /= 1024;
    unit += 1;
  }
  return `${Number(value.toFixed(2))} ${UNITS[unit]}`;
}
