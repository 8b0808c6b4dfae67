import { describe, expect, it } from 'vitest';
import { clientOrderBody, clientOrderErrors, dueDateHint, EMPTY_CLIENT_ORDER } from './orderForm';

const terms = { standardDueDate: '2026-12-08', rushFeeCents: 7500, feeCents: 45000 };

describe('the requested due date', () => {
  it('is optional: left empty, the standard date holds and the body says null', () => {
    const errors = clientOrderErrors({ ...EMPTY_CLIENT_ORDER }, '2026-11-27');
    expect(errors.requestedDueDate).toBeUndefined();
    expect(clientOrderBody({ ...EMPTY_CLIENT_ORDER }, []).requestedDueDate).toBeNull();
  });

  it('shows the standard date and the rush fee, and says rush for a sooner date', () => {
    expect(dueDateHint(terms, '').description).toBe('Optional: left empty, the standard due date 12/08/2026 holds. A sooner date is a rush order for $75.00 more.');
    expect(dueDateHint(terms, '2026-12-08').rush).toBeNull();
    expect(dueDateHint(terms, '2026-12-03').rush).toBe('Rush order: due before the standard 12/08/2026, $75.00 is added to the price.');
  });

  it('says when a product has no standard date, and what to do before a product is chosen', () => {
    expect(dueDateHint({ standardDueDate: null, rushFeeCents: 0, feeCents: null }, '').description).toBe('Required for this product: it has no standard turn time.');
    expect(dueDateHint(undefined, '').description).toBe('Optional: choose the product and the state to see the standard due date.');
  });
});

describe('the closing date', () => {
  it('is optional, never in the past, and sent as given', () => {
    expect(clientOrderErrors({ ...EMPTY_CLIENT_ORDER }, '2026-11-27').closingDate).toBeUndefined();
    expect(clientOrderErrors({ ...EMPTY_CLIENT_ORDER, closingDate: '2026-11-26' }, '2026-11-27').closingDate).toBe('Closing date cannot be in the past.');
    expect(clientOrderBody({ ...EMPTY_CLIENT_ORDER, closingDate: '2026-12-20' }, []).closingDate).toBe('2026-12-20');
    expect(clientOrderBody({ ...EMPTY_CLIENT_ORDER }, []).closingDate).toBeNull();
  });
});
