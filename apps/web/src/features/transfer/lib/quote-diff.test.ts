import { describe, expect, it } from 'vitest';
import { transferQuoteFixture } from '@/test/transfer-fixtures';
import { isQuoteSnapshot, quoteChanges, snapshotOf } from './quote-diff';

describe('quoteChanges', () => {
  it('lists what the recipient gets and what is paid, each before and now', () => {
    const before = snapshotOf(transferQuoteFixture());
    const now = snapshotOf(transferQuoteFixture({ receive: '10400.00', total: '102.50' }));
    expect(quoteChanges(before, now)).toEqual({
      recipientGets: { before: '10540.31', now: '10400.00', currency: 'INR' },
      totalToPay: { before: '101.99', now: '102.50', currency: 'GBP' },
    });
    expect(quoteChanges(before, before)).toEqual({});
  });

  it('trusts only a well-formed snapshot from the history’s state', () => {
    expect(isQuoteSnapshot(snapshotOf(transferQuoteFixture()))).toBe(true);
    expect(isQuoteSnapshot({ recipientGets: 1 })).toBe(false);
    expect(isQuoteSnapshot(null)).toBe(false);
  });
});
