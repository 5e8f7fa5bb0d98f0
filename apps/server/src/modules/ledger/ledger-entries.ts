import { stableId } from '../../lib/stable-id.ts';
import { causePart, parseAccount } from './ledger-accounts.ts';
import { creditAvailable } from './ledger-check.ts';
import { LedgerError } from './ledger-errors.ts';
import type { AccountMovement, KeptSums } from './ledger-balances.ts';
import type { Side, StoredPosting } from './ledger.repository.ts';

/**
 * An entry of the ledger and its postings (docs/decisions/0037-the-ledger.md): what a caller
 * records, its id from its cause, and the checks an entry passes before it is written.
 */

/** What caused an entry: the transfer (or other subject) and the event, e.g. `payment-captured`. */
export interface EntryCause {
  transactionId: string;
  event: string;
}

export interface Posting {
  /** An account path (`accounts.customer(id, 'GBP')`). */
  account: string;
  side: Side;
  /** Minor units, positive. */
  amount: bigint;
}

export interface NewEntry {
  cause: EntryCause;
  postings: readonly Posting[];
  /** Reserve rather than post: settled later by `post` or `voidPending`, once. */
  pending?: { timeoutAt: Date | null };
}

export interface RecordedEntry {
  id: string;
  phase: 'posted' | 'pending' | 'post' | 'void';
  /** True when the cause had been recorded before: nothing was written this time. */
  replayed: boolean;
}

export interface Settlement {
  /** The pending entry's cause. */
  pending: EntryCause;
  /** The settlement's own cause (e.g. `cancellation-window-closed`). */
  cause: EntryCause;
}

/** An account's balance in minor units: debits − credits, posted, and what is still pending. */
export interface Balance {
  account: string;
  currency: string;
  posted: { debits: bigint; credits: bigint };
  pending: { debits: bigint; credits: bigint };
  /**
   * For an account that may not go below zero on its credit side: posted credits − posted debits
   * − pending debits (docs/product/sending-money.md#two-phases). Null for an account without a rule.
   */
  available: bigint | null;
}

/** An entry's id: the same cause, the same id, on every installation. */
export function entryIdOf(cause: EntryCause): string {
  return stableId(
    'ledger-entry',
    causePart(cause.transactionId, 'transaction id'),
    causePart(cause.event, 'event'),
  );
}

/** `from` pays `amount` to `to`: a debit of `from` and a credit of `to`, as the docs' tables read. */
export function movement(from: string, to: string, amount: bigint): Posting[] {
  return [
    { account: from, side: 'debit', amount },
    { account: to, side: 'credit', amount },
  ];
}

/** An account's balance from its sums (kept on its row, or summed from its postings). */
export function balanceOf(
  sums: KeptSums & { account: string; currency: string; signRule: string },
): Balance {
  return {
    account: sums.account,
    currency: sums.currency,
    posted: { debits: sums.postedDebits, credits: sums.postedCredits },
    pending: { debits: sums.pendingDebits, credits: sums.pendingCredits },
    available: sums.signRule === 'credit' ? creditAvailable(sums) : null,
  };
}

/** The postings, checked: known accounts, positive amounts, zero per currency. */
export function checkedPostings(postings: readonly Posting[]) {
  if (postings.length === 0) throw new LedgerError('invalid_entry', 'an entry needs postings');
  const perCurrency = new Map<string, bigint>();
  const accounts = new Map<string, ReturnType<typeof parseAccount>>();
  const stored: StoredPosting[] = postings.map((posting) => {
    const account = accounts.get(posting.account) ?? parseAccount(posting.account);
    accounts.set(account.id, account);
    if (typeof posting.amount !== 'bigint' || posting.amount <= 0n) {
      throw new LedgerError('invalid_entry', `${posting.account}: an amount must be positive`);
    }
    if (posting.side !== 'debit' && posting.side !== 'credit') {
      throw new LedgerError('invalid_entry', `${posting.account}: a side is debit or credit`);
    }
    const signed = posting.side === 'debit' ? posting.amount : -posting.amount;
    perCurrency.set(account.currency, (perCurrency.get(account.currency) ?? 0n) + signed);
    return { ...posting, currency: account.currency };
  });
  for (const [currency, difference] of perCurrency) {
    if (difference !== 0n) {
      throw new LedgerError(
        'unbalanced',
        `the postings in ${currency} do not sum to zero (debits − credits = ${difference})`,
      );
    }
  }
  return { postings: stored, accounts: [...accounts.values()] };
}

/** What the entry adds to each of its accounts (one row per account, for the kept balances). */
export function movementsOf(postings: readonly StoredPosting[]): AccountMovement[] {
  const byAccount = new Map<string, AccountMovement>();
  for (const posting of postings) {
    const movement = byAccount.get(posting.account) ?? {
      account: posting.account,
      debits: 0n,
      credits: 0n,
    };
    if (posting.side === 'debit') movement.debits += posting.amount;
    else movement.credits += posting.amount;
    byAccount.set(posting.account, movement);
  }
  return [...byAccount.values()];
}

const postingKey = (posting: StoredPosting) =>
  `${posting.account}|${posting.side}|${posting.amount}`;

export function samePostings(a: readonly StoredPosting[], b: readonly StoredPosting[]): boolean {
  const left = a.map(postingKey).sort();
  const right = b.map(postingKey).sort();
  return left.length === right.length && left.every((key, index) => key === right[index]);
}
