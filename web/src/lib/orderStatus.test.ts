import { describe, expect, it } from 'vitest';
import { OrderStatus } from './api-enums';
import { LENDER_STATUS_WORDS, lenderBadge, lenderStatus, statusLabel } from './orderStatus';

describe('statusLabel', () => {
  it("capitalises each word of the stored name as the server's label does, acronyms kept", () => {
    expect(statusLabel('default')).toBe('Default');
    expect(statusLabel('in review')).toBe('In Review');
    expect(statusLabel('UCDP ready to upload')).toBe('UCDP Ready To Upload');
    expect(statusLabel('level 2 QC')).toBe('Level 2 QC');
    expect(statusLabel('In Review')).toBe('In Review');
  });
});

describe("the lender's status words", () => {
  it('has a word for every status; the unassigned status reads Received', () => {
    expect(
      Object.keys(LENDER_STATUS_WORDS)
        .map(Number)
        .sort((a, b) => a - b),
    ).toEqual(Object.values(OrderStatus).sort((a, b) => a - b));
    expect(lenderStatus(OrderStatus.Default, 'Default')).toBe('Received');
    expect(lenderStatus(OrderStatus.DeliveredToClient, 'Delivered To Client')).toBe('Delivered');
    expect(Object.values(LENDER_STATUS_WORDS)).not.toContain('Default');
  });

  it("keeps the server's label, capitalised, for a status it does not know", () => {
    expect(lenderStatus(99, 'brand new')).toBe('Brand New');
  });

  it('gives statuses that share a word one badge style', () => {
    for (const id of [OrderStatus.InReview, OrderStatus.Level2Qc, OrderStatus.LeadershipQc, OrderStatus.UcdpFail]) {
      expect(lenderBadge(id, 'x')).toEqual({ label: 'In Review', styleAs: OrderStatus.InReview });
    }
    expect(lenderBadge(OrderStatus.Default, 'Default')).toEqual({ label: 'Received', styleAs: OrderStatus.Default });
  });
});
