import { describe, expect, it } from 'vitest';
import { numberFormat } from './number-formats';

describe('numberFormat', () => {
  it('makes one format per locale and options, and keeps it', () => {
    const twoDigits = { minimumFractionDigits: 2, maximumFractionDigits: 2 };
    expect(numberFormat('en', twoDigits)).toBe(numberFormat('en', { ...twoDigits }));
    expect(numberFormat('en', twoDigits)).not.toBe(numberFormat('es', twoDigits));
    expect(numberFormat('en', twoDigits)).not.toBe(numberFormat('en'));
    expect(numberFormat('en', twoDigits).format('1234.5' as Intl.StringNumericLiteral)).toBe(
      '1,234.50',
    );
  });

  it('refuses a currency that does not exist, each time it is asked', () => {
    expect(() => numberFormat('en', { style: 'currency', currency: 'XX' })).toThrow(RangeError);
    expect(() => numberFormat('en', { style: 'currency', currency: 'XX' })).toThrow(RangeError);
  });
});
