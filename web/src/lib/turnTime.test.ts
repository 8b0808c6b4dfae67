import { describe, expect, it } from 'vitest';
import { businessDays, formatTurnTime } from './turnTime';

describe('turn time', () => {
  it('says business days, singular for one and with one decimal for an average', () => {
    expect(businessDays(1)).toBe('1 business day');
    expect(businessDays(0)).toBe('0 business days');
    expect(businessDays(4.25)).toBe('4.3 business days');
  });

  it('tells a finished clock from a running or paused one', () => {
    expect(formatTurnTime({ businessDays: 5, finished: true, paused: false })).toBe('5 business days (report uploaded)');
    expect(formatTurnTime({ businessDays: 2, finished: false, paused: false })).toBe('2 business days so far');
    expect(formatTurnTime({ businessDays: 2, finished: false, paused: true })).toBe('2 business days so far (paused)');
    expect(formatTurnTime(null)).toBe('');
  });
});
