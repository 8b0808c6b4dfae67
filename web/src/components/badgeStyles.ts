import { DEFAULT_THEME } from '@mantine/core';
import { OrderStatus } from '../lib/api-enums';

/** A Mantine palette colour and shade, e.g. { color: 'blue', shade: 8 }. */
export interface Swatch {
  color: keyof typeof DEFAULT_THEME.colors;
  shade: number;
}

export type StatusIconName =
  | 'upload'
  | 'dollar'
  | 'circle'
  | 'userCheck'
  | 'check'
  | 'checks'
  | 'progress'
  | 'message'
  | 'phone'
  | 'pause'
  | 'calendar'
  | 'home'
  | 'search'
  | 'send'
  | 'x'
  | 'alert'
  | 'pencil'
  | 'file'
  | 'clock'
  | 'shield'
  | 'arrowUp'
  | 'copy'
  | 'bolt'
  | 'star'
  | 'question';

export interface StatusStyle extends Swatch {
  icon: StatusIconName;
}

/** Badge colour and icon of each order status (docs/domain.md#order-statuses); the one table for them. */
export const STATUS_STYLES: Readonly<Record<OrderStatus, StatusStyle>> = {
  [OrderStatus.UcdpReadyToUpload]: { color: 'teal', shade: 8, icon: 'upload' },
  [OrderStatus.PendingPayment]: { color: 'yellow', shade: 5, icon: 'dollar' },
  [OrderStatus.Default]: { color: 'gray', shade: 7, icon: 'circle' },
  [OrderStatus.Assigned]: { color: 'blue', shade: 8, icon: 'userCheck' },
  [OrderStatus.Accepted]: { color: 'green', shade: 8, icon: 'check' },
  [OrderStatus.InProgress]: { color: 'indigo', shade: 7, icon: 'progress' },
  [OrderStatus.ReferToComments]: { color: 'cyan', shade: 8, icon: 'message' },
  [OrderStatus.LeftMessage]: { color: 'cyan', shade: 9, icon: 'phone' },
  [OrderStatus.NoAnswer]: { color: 'orange', shade: 8, icon: 'phone' },
  [OrderStatus.OnHold]: { color: 'gray', shade: 6, icon: 'pause' },
  [OrderStatus.Scheduled]: { color: 'blue', shade: 6, icon: 'calendar' },
  [OrderStatus.Rescheduled]: { color: 'violet', shade: 7, icon: 'calendar' },
  [OrderStatus.Inspected]: { color: 'teal', shade: 7, icon: 'home' },
  [OrderStatus.InReview]: { color: 'grape', shade: 7, icon: 'search' },
  [OrderStatus.Completed]: { color: 'green', shade: 9, icon: 'checks' },
  [OrderStatus.RevisionRequested]: { color: 'orange', shade: 6, icon: 'pencil' },
  [OrderStatus.Reviewed]: { color: 'grape', shade: 9, icon: 'check' },
  [OrderStatus.DeliveredToClient]: { color: 'green', shade: 7, icon: 'send' },
  [OrderStatus.Cancelled]: { color: 'dark', shade: 6, icon: 'x' },
  [OrderStatus.UcdpFail]: { color: 'red', shade: 8, icon: 'alert' },
  [OrderStatus.Rejected]: { color: 'red', shade: 9, icon: 'x' },
  [OrderStatus.InvoiceCreated]: { color: 'lime', shade: 8, icon: 'file' },
  [OrderStatus.LenderRevisionRequest]: { color: 'orange', shade: 9, icon: 'pencil' },
  [OrderStatus.RevisionRequestedResponse]: { color: 'yellow', shade: 7, icon: 'message' },
  [OrderStatus.Level2Qc]: { color: 'violet', shade: 8, icon: 'shield' },
  [OrderStatus.WaitingApproval]: { color: 'yellow', shade: 4, icon: 'clock' },
  [OrderStatus.Delayed]: { color: 'red', shade: 6, icon: 'clock' },
  [OrderStatus.Draft]: { color: 'gray', shade: 4, icon: 'pencil' },
  [OrderStatus.Quote]: { color: 'lime', shade: 5, icon: 'dollar' },
  [OrderStatus.PendingLevel2]: { color: 'violet', shade: 5, icon: 'clock' },
  [OrderStatus.CancelPending]: { color: 'pink', shade: 7, icon: 'x' },
  [OrderStatus.ReviewEscalation]: { color: 'pink', shade: 9, icon: 'arrowUp' },
  [OrderStatus.PossibleRevision]: { color: 'orange', shade: 4, icon: 'search' },
  [OrderStatus.SpotHire]: { color: 'cyan', shade: 5, icon: 'bolt' },
  [OrderStatus.AppraiserDelay]: { color: 'red', shade: 4, icon: 'clock' },
  [OrderStatus.Level3Qc]: { color: 'indigo', shade: 9, icon: 'shield' },
  [OrderStatus.DocumentReview]: { color: 'blue', shade: 9, icon: 'file' },
  [OrderStatus.PendingDelivery]: { color: 'teal', shade: 5, icon: 'send' },
  [OrderStatus.DuplicateReview]: { color: 'gray', shade: 8, icon: 'copy' },
  [OrderStatus.ChaseEscalation]: { color: 'pink', shade: 5, icon: 'arrowUp' },
  [OrderStatus.LeadershipQc]: { color: 'grape', shade: 5, icon: 'star' },
};

/** Neutral look for an unknown status id or attention text. */
export const NEUTRAL_STATUS: StatusStyle = { color: 'gray', shade: 2, icon: 'question' };
export const NEUTRAL_SWATCH: Swatch = { color: 'gray', shade: 2 };

/** The colour of each attention indicator (docs/domain.md#attention-indicators, texts as the server sends them). */
export const ATTENTION_COLORS: Readonly<Record<string, Swatch>> = {
  'order overdue': { color: 'red', shade: 9 },
  'revision request': { color: 'orange', shade: 7 },
  'due today': { color: 'yellow', shade: 6 },
  'acceptance response required': { color: 'blue', shade: 7 },
  'late acceptance': { color: 'pink', shade: 8 },
  'order rejected': { color: 'grape', shade: 8 },
  'inspection date not set': { color: 'cyan', shade: 7 },
  'late inspection date set': { color: 'violet', shade: 6 },
  'inspection overdue': { color: 'red', shade: 7 },
  'desktop followup': { color: 'teal', shade: 9 },
  'on hold': { color: 'gray', shade: 7 },
};

export function statusStyle(statusId: number): StatusStyle {
  return Object.prototype.hasOwnProperty.call(STATUS_STYLES, statusId) ? STATUS_STYLES[statusId as OrderStatus] : NEUTRAL_STATUS;
}

export function attentionSwatch(indicator: string): Swatch {
  const key = indicator.trim().toLowerCase();
  return Object.prototype.hasOwnProperty.call(ATTENTION_COLORS, key) ? ATTENTION_COLORS[key]! : NEUTRAL_SWATCH;
}

export function swatchHex({ color, shade }: Swatch): string {
  return DEFAULT_THEME.colors[color][shade]!;
}

function luminance(hex: string): number {
  const n = parseInt(hex.replace('#', ''), 16);
  const channel = (v: number) => {
    const s = v / 255;
    return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
  };
  return 0.2126 * channel((n >> 16) & 255) + 0.7152 * channel((n >> 8) & 255) + 0.0722 * channel(n & 255);
}

/** WCAG contrast ratio of two #rrggbb colours. */
export function contrastRatio(a: string, b: string): number {
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
  return (hi + 0.05) / (lo + 0.05);
}

/** Black or white, whichever reads better on `background` (always at least 4.5:1). */
export function textOn(background: string): '#000000' | '#ffffff' {
  return contrastRatio(background, '#000000') >= contrastRatio(background, '#ffffff') ? '#000000' : '#ffffff';
}
