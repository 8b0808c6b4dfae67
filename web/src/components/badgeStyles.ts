import { DEFAULT_THEME } from '@mantine/core';
import type { Schemas } from '../lib/api';

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

/** Badge colour and icon of each order status id (1..41, docs/domain.md#order-statuses); the one table for them. */
export const STATUS_STYLES: Readonly<Record<Schemas['OrderStatus'], StatusStyle>> = {
  1: { color: 'teal', shade: 8, icon: 'upload' }, // UCDP ready to upload
  2: { color: 'yellow', shade: 5, icon: 'dollar' }, // pending payment
  3: { color: 'gray', shade: 7, icon: 'circle' }, // default
  4: { color: 'blue', shade: 8, icon: 'userCheck' }, // assigned
  5: { color: 'green', shade: 8, icon: 'check' }, // accepted
  6: { color: 'indigo', shade: 7, icon: 'progress' }, // in progress
  7: { color: 'cyan', shade: 8, icon: 'message' }, // refer to comments
  8: { color: 'cyan', shade: 9, icon: 'phone' }, // left message
  9: { color: 'orange', shade: 8, icon: 'phone' }, // no answer
  10: { color: 'gray', shade: 6, icon: 'pause' }, // on hold
  11: { color: 'blue', shade: 6, icon: 'calendar' }, // scheduled
  12: { color: 'violet', shade: 7, icon: 'calendar' }, // rescheduled
  13: { color: 'teal', shade: 7, icon: 'home' }, // inspected
  14: { color: 'grape', shade: 7, icon: 'search' }, // in review
  15: { color: 'green', shade: 9, icon: 'checks' }, // completed
  16: { color: 'orange', shade: 6, icon: 'pencil' }, // revision requested
  17: { color: 'grape', shade: 9, icon: 'check' }, // reviewed
  18: { color: 'green', shade: 7, icon: 'send' }, // delivered to client
  19: { color: 'dark', shade: 6, icon: 'x' }, // cancelled
  20: { color: 'red', shade: 8, icon: 'alert' }, // UCDP fail
  21: { color: 'red', shade: 9, icon: 'x' }, // rejected
  22: { color: 'lime', shade: 8, icon: 'file' }, // invoice created
  23: { color: 'orange', shade: 9, icon: 'pencil' }, // lender revision request
  24: { color: 'yellow', shade: 7, icon: 'message' }, // revision requested response
  25: { color: 'violet', shade: 8, icon: 'shield' }, // level 2 QC
  26: { color: 'yellow', shade: 4, icon: 'clock' }, // waiting approval
  27: { color: 'red', shade: 6, icon: 'clock' }, // delayed
  28: { color: 'gray', shade: 4, icon: 'pencil' }, // draft
  29: { color: 'lime', shade: 5, icon: 'dollar' }, // quote
  30: { color: 'violet', shade: 5, icon: 'clock' }, // pending level 2
  31: { color: 'pink', shade: 7, icon: 'x' }, // cancel pending
  32: { color: 'pink', shade: 9, icon: 'arrowUp' }, // review escalation
  33: { color: 'orange', shade: 4, icon: 'search' }, // possible revision
  34: { color: 'cyan', shade: 5, icon: 'bolt' }, // spot hire
  35: { color: 'red', shade: 4, icon: 'clock' }, // appraiser delay
  36: { color: 'indigo', shade: 9, icon: 'shield' }, // level 3 QC
  37: { color: 'blue', shade: 9, icon: 'file' }, // document review
  38: { color: 'teal', shade: 5, icon: 'send' }, // pending delivery
  39: { color: 'gray', shade: 8, icon: 'copy' }, // duplicate review
  40: { color: 'pink', shade: 5, icon: 'arrowUp' }, // chase escalation
  41: { color: 'grape', shade: 5, icon: 'star' }, // leadership QC
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
  return Object.prototype.hasOwnProperty.call(STATUS_STYLES, statusId) ? STATUS_STYLES[statusId as Schemas['OrderStatus']] : NEUTRAL_STATUS;
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
