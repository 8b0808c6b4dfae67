import type { Schemas } from './api';

export type TurnTime = Schemas['TurnTime'];

/** "1 business day", "4.5 business days". */
export function businessDays(days: number): string {
  const shown = Number.isInteger(days) ? String(days) : days.toFixed(1);
  return `${shown} business ${days === 1 ? 'day' : 'days'}`;
}

/** The order page's Turn Time: the business days, and whether the clock has stopped or is paused. */
export function formatTurnTime(turn: TurnTime | null | undefined): string {
  if (!turn) return '';
  const days = businessDays(turn.businessDays);
  if (turn.finished) return `${days} (report uploaded)`;
  return turn.paused ? `${days} so far (paused)` : `${days} so far`;
}
