import { describe, expect, it } from 'vitest';
import { orderArea, orderDetailsPathFrom } from './paths';

describe('order paths', () => {
  it.each([
    ['/appraiser/dashboard', '/appraiser/orderdetails/7'],
    ['/staff/dashboard', '/staff/orderdetails/7'],
    ['/staff', '/staff/orderdetails/7'],
    ['/staffing', '/appraiser/orderdetails/7'],
    ['/', '/appraiser/orderdetails/7'],
  ])('a row on %s opens %s', (from, to) => {
    expect(orderDetailsPathFrom(from, 7)).toBe(to);
  });

  it('keeps the back button and the gone page in the area', () => {
    const staff = orderArea('/staff/orderdetails/7/files');
    expect(staff.dashboard).toBe('/staff/dashboard');
    expect(staff.noLongerAvailable(7)).toBe('/staff/orderdetails/7/no-longer-available');
    expect(orderArea('/appraiser/orderdetails/7').dashboard).toBe('/appraiser/dashboard');
  });
});
