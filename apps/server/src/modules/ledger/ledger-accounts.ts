import { LedgerError } from './ledger-errors.ts';

/**
 * The ledger's accounts, per currency, named by path (docs/product/sending-money.md#accounts).
 * An account is created on first use with the sign rule of its kind.
 */

/** Which balance may not go below zero: a customer's or a transfer's money is never negative. */
export type SignRule = 'credit' | 'none';

/** One segment of a path (an id, a partner code): no colon, so a path reads back one way. */
const SEGMENT = /^[A-Za-z0-9._-]{1,100}$/;
const CURRENCY = /^[A-Z]{3}$/;

const KINDS: readonly { prefix: string; hasId: boolean; signRule: SignRule }[] = [
  { prefix: 'bank:safeguarding', hasId: false, signRule: 'none' },
  { prefix: 'customer', hasId: true, signRule: 'credit' },
  { prefix: 'transit', hasId: true, signRule: 'credit' },
  { prefix: 'fx:position', hasId: false, signRule: 'none' },
  { prefix: 'revenue:fees', hasId: false, signRule: 'none' },
  { prefix: 'revenue:fx-margin', hasId: false, signRule: 'none' },
  { prefix: 'partner', hasId: true, signRule: 'none' },
];

export interface LedgerAccount {
  id: string;
  currency: string;
  signRule: SignRule;
}

function segment(value: string, what: string): string {
  if (!SEGMENT.test(value)) {
    throw new LedgerError(
      'invalid_entry',
      `${what} ${JSON.stringify(value)} is not a path segment`,
    );
  }
  return value;
}

function currency(value: string): string {
  if (!CURRENCY.test(value)) {
    throw new LedgerError('invalid_entry', `${JSON.stringify(value)} is not a currency code`);
  }
  return value;
}

/** The account a path names, with its currency and sign rule; LedgerError for an unknown path. */
export function parseAccount(path: string): LedgerAccount {
  const parts = path.split(':');
  const code = parts.at(-1) ?? '';
  for (const kind of KINDS) {
    const prefix = kind.prefix.split(':');
    const expected = prefix.length + (kind.hasId ? 1 : 0) + 1;
    if (parts.length !== expected || prefix.some((part, index) => parts[index] !== part)) {
      continue;
    }
    if (kind.hasId) segment(parts[prefix.length] ?? '', 'account id');
    return { id: path, currency: currency(code), signRule: kind.signRule };
  }
  throw new LedgerError('invalid_entry', `${JSON.stringify(path)} names no ledger account`);
}

/** The paths, built so callers never spell them by hand. */
export const accounts = {
  safeguarding: (cur: string) => `bank:safeguarding:${currency(cur)}`,
  customer: (customerId: string, cur: string) =>
    `customer:${segment(customerId, 'customer id')}:${currency(cur)}`,
  transit: (transactionId: string, cur: string) =>
    `transit:${segment(transactionId, 'transaction id')}:${currency(cur)}`,
  fxPosition: (cur: string) => `fx:position:${currency(cur)}`,
  fees: (cur: string) => `revenue:fees:${currency(cur)}`,
  fxMargin: (cur: string) => `revenue:fx-margin:${currency(cur)}`,
  partner: (code: string, cur: string) =>
    `partner:${segment(code, 'partner code')}:${currency(cur)}`,
} as const;

/** The transfer a transit account belongs to, or null for another account. */
export function transitTransactionId(path: string): string | null {
  const parts = path.split(':');
  return parts.length === 3 && parts[0] === 'transit' ? (parts[1] ?? null) : null;
}

/** Checks one part of a cause (a transaction id, an event name). */
export function causePart(value: string, what: string): string {
  return segment(value, what);
}
