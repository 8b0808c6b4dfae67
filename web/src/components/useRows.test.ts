import { describe, expect, it } from 'vitest';
import { listErrorOf, rowErrorsOf } from './useRows';

const fields = {
  basis: 'Choose the basis of the request.',
  'comparables[5]': 'A request can offer at most 5 alternative comparables.',
  'comparables[0].salePriceCents': 'Comparable 1: sale price is required.',
  'comparables[2].dataSource': 'Comparable 3: data source is required.',
  'comparables[9].address': 'Comparable 10: address is required.',
  'deficiencies[0].text': 'Deficiency 1 is required.',
};

describe("a 422's field map on a form's rows", () => {
  it('puts `list[i].field` on row i (renamed where the row calls it otherwise), ignoring other lists and rows the form has not', () => {
    expect(rowErrorsOf<{ salePrice: string; dataSource: string; address: string }>(fields, 'comparables', 3, { salePriceCents: 'salePrice' })).toEqual([
      { salePrice: 'Comparable 1: sale price is required.' },
      {},
      { dataSource: 'Comparable 3: data source is required.' },
    ]);
  });

  it('reads what is wrong with a list as a whole: the list itself or one of its places', () => {
    expect(listErrorOf(fields, 'comparables')).toBe('A request can offer at most 5 alternative comparables.');
    expect(listErrorOf({ deficiencies: 'Describe at least one deficiency of the report.' }, 'deficiencies')).toBe('Describe at least one deficiency of the report.');
    expect(listErrorOf(fields, 'deficiencies')).toBeUndefined();
  });
});
