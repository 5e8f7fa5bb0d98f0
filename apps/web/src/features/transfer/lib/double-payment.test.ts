import { describe, expect, it } from 'vitest';
import { confirmedTransactionFixture, transferQuoteFixture } from '@/test/transfer-fixtures';
import { ATTEMPT_WINDOW_MS, findConfirmedTransfer, type ConfirmAttempt } from './double-payment';

const quote = transferQuoteFixture();
const startedAt = Date.parse('2026-11-28T12:00:00.000Z');
const attempt: ConfirmAttempt = {
  recipientId: quote.recipient?.id ?? '',
  paymentCurrencyId: quote.payment_currency.id,
  localAmount: '100.00',
  startedAt,
};
const createdAt = (ms: number) => new Date(ms).toISOString();

describe('findConfirmedTransfer (docs/product/routes-and-screens.md#transfer-wizard, double-payment safety)', () => {
  it('finds the transfer of the same recipient, currency and amount made since a minute before', () => {
    const made = confirmedTransactionFixture(quote, { createdAt: createdAt(startedAt + 2_000) });
    expect(findConfirmedTransfer([made], attempt)).toBe(made);
    const justInside = confirmedTransactionFixture(quote, {
      createdAt: createdAt(startedAt - ATTEMPT_WINDOW_MS),
    });
    expect(findConfirmedTransfer([justInside], attempt)).toBe(justInside);
  });

  it('reads "100" and "100.00" as one amount', () => {
    const made = confirmedTransactionFixture(quote, { createdAt: createdAt(startedAt) });
    expect(findConfirmedTransfer([made], { ...attempt, localAmount: '100' })).toBe(made);
  });

  it('passes over older transfers, other amounts, other recipients and other currencies', () => {
    const older = confirmedTransactionFixture(quote, {
      createdAt: createdAt(startedAt - ATTEMPT_WINDOW_MS - 1),
    });
    const otherAmount = confirmedTransactionFixture(quote, {
      createdAt: createdAt(startedAt),
      localAmount: '100.01',
    });
    const list = [older, otherAmount];
    expect(findConfirmedTransfer(list, attempt)).toBeUndefined();
    const made = confirmedTransactionFixture(quote, { createdAt: createdAt(startedAt) });
    expect(
      findConfirmedTransfer([made], { ...attempt, recipientId: 'someone-else' }),
    ).toBeUndefined();
    expect(
      findConfirmedTransfer([made], { ...attempt, paymentCurrencyId: 'another-currency' }),
    ).toBeUndefined();
  });
});
