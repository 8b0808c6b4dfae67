import { describe, expect, it } from 'vitest';
import { pageItems, shownRange } from './pageItems';

const show = (current: number, total: number) =>
  pageItems(current, total)
    .map((i) => (i.kind === 'page' ? String(i.page) : '…'))
    .join(' ');

describe('pageItems', () => {
  it('is empty without pages', () => {
    expect(show(0, 0)).toBe('');
  });
  it('shows every page when there are few', () => {
    expect(show(0, 1)).toBe('1');
    expect(show(0, 2)).toBe('1 2');
    expect(show(1, 3)).toBe('1 2 3');
  });
  it('shows first, last and current plus or minus 1 with ellipses for gaps', () => {
    expect(show(0, 10)).toBe('1 2 … 10');
    expect(show(1, 10)).toBe('1 2 3 … 10');
    expect(show(2, 10)).toBe('1 2 3 4 … 10');
    expect(show(4, 10)).toBe('1 … 4 5 6 … 10');
    expect(show(7, 10)).toBe('1 … 7 8 9 10');
    expect(show(9, 10)).toBe('1 … 9 10');
  });
  it('an ellipsis stands for any gap, even of one page', () => {
    expect(show(3, 10)).toBe('1 … 3 4 5 … 10');
  });
  it('clamps an out-of-range index', () => {
    expect(show(99, 5)).toBe('1 … 4 5');
    expect(show(-3, 5)).toBe('1 2 … 5');
  });
  it('gives unique ellipsis keys', () => {
    const keys = pageItems(5, 12).flatMap((i) => (i.kind === 'ellipsis' ? [i.key] : []));
    expect(new Set(keys).size).toBe(2);
  });
});

describe('shownRange', () => {
  it('computes the shown rows', () => {
    expect(shownRange(0, 25, 53)).toEqual({ from: 1, to: 25 });
    expect(shownRange(2, 25, 53)).toEqual({ from: 51, to: 53 });
    expect(shownRange(0, 25, 0)).toEqual({ from: 0, to: 0 });
  });
});
