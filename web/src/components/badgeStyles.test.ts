import { describe, expect, it } from 'vitest';
import { ATTENTION_COLORS, NEUTRAL_STATUS, NEUTRAL_SWATCH, STATUS_STYLES, attentionSwatch, contrastRatio, statusStyle, swatchHex, textOn } from './badgeStyles';

const INDICATORS = [
  'order overdue',
  'revision request',
  'due today',
  'acceptance response required',
  'late acceptance',
  'order rejected',
  'inspection date not set',
  'late inspection date set',
  'inspection overdue',
  'desktop followup',
  'on hold',
];

describe('status badge table', () => {
  it('has a style for each of the 41 statuses, each colour used once', () => {
    for (let id = 1; id <= 41; id++) expect(statusStyle(id), `status ${id}`).not.toBe(NEUTRAL_STATUS);
    const colours = Object.values(STATUS_STYLES).map((s) => `${s.color}.${s.shade}`);
    expect(colours).toHaveLength(41);
    expect(new Set(colours).size).toBe(41);
  });
  it('falls back to a neutral style for unknown ids', () => {
    expect(statusStyle(0)).toBe(NEUTRAL_STATUS);
    expect(statusStyle(42)).toBe(NEUTRAL_STATUS);
    expect(statusStyle(5)).toBe(STATUS_STYLES[5]);
  });
});

describe('attention badge table', () => {
  it('has one colour per indicator', () => {
    expect(Object.keys(ATTENTION_COLORS).sort()).toEqual([...INDICATORS].sort());
    const colours = Object.values(ATTENTION_COLORS).map((s) => `${s.color}.${s.shade}`);
    expect(new Set(colours).size).toBe(INDICATORS.length);
  });
  it('looks texts up case-insensitively and falls back to neutral', () => {
    expect(attentionSwatch('Order Overdue')).toBe(ATTENTION_COLORS['order overdue']);
    expect(attentionSwatch('something new')).toBe(NEUTRAL_SWATCH);
    expect(attentionSwatch('toString')).toBe(NEUTRAL_SWATCH);
  });
});

describe('badge text contrast', () => {
  it('every badge colour gets text with at least 4.5:1 contrast', () => {
    const swatches = [...Object.values(STATUS_STYLES), ...Object.values(ATTENTION_COLORS), NEUTRAL_STATUS, NEUTRAL_SWATCH];
    for (const s of swatches) {
      const bg = swatchHex(s);
      expect(contrastRatio(bg, textOn(bg)), `${s.color}.${s.shade}`).toBeGreaterThanOrEqual(4.5);
    }
  });
});
