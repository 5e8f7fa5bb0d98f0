import type { SavedQuote } from '@corridor/contracts';

/** The figures of a quote a re-quote compares, kept across the navigation to the new quote. */
export interface QuoteSnapshot {
  recipientGets: string;
  payoutCurrency: string;
  totalToPay: string;
  paymentCurrency: string;
}

export function snapshotOf(quote: SavedQuote): QuoteSnapshot {
  return {
    recipientGets: quote.recipient_gets,
    payoutCurrency: quote.payout_currency.code,
    totalToPay: quote.total_to_pay,
    paymentCurrency: quote.payment_currency.code,
  };
}

/** What a re-quote changed, each figure before and now; empty when nothing did. */
export interface QuoteChanges {
  recipientGets?: { before: string; now: string; currency: string };
  totalToPay?: { before: string; now: string; currency: string };
}

/** Compared as the server wrote them: every figure is the server's (decision 20). The rate
 * is not listed: what arrives and what is paid are what it changes for the customer. */
export function quoteChanges(before: QuoteSnapshot, now: QuoteSnapshot): QuoteChanges {
  const changes: QuoteChanges = {};
  if (before.recipientGets !== now.recipientGets || before.payoutCurrency !== now.payoutCurrency) {
    changes.recipientGets = {
      before: before.recipientGets,
      now: now.recipientGets,
      currency: now.payoutCurrency,
    };
  }
  if (before.totalToPay !== now.totalToPay || before.paymentCurrency !== now.paymentCurrency) {
    changes.totalToPay = {
      before: before.totalToPay,
      now: now.totalToPay,
      currency: now.paymentCurrency,
    };
  }
  return changes;
}

/** Whether `value` is a snapshot (it travels in the history's state, which anyone can write). */
export function isQuoteSnapshot(value: unknown): value is QuoteSnapshot {
  if (typeof value !== 'object' || value === null) return false;
  const record = value as Record<string, unknown>;
  return ['recipientGets', 'payoutCurrency', 'totalToPay', 'paymentCurrency'].every(
    (key) => typeof record[key] === 'string',
  );
}
