import {
  apiPaths,
  recipientSchema,
  type Recipient,
  type Transaction,
  type TransactionStateCode,
} from '@corridor/contracts';
import { count, eq } from 'drizzle-orm';
import { expect } from 'vitest';
import type { FileTestApp } from '../../test/app-per-file.ts';
import type { TestClock } from '../../test/clock.ts';
import type { TestBrowser } from '../../test/test-browser.ts';
import { accounts } from '../ledger/index.ts';
// Test code (not run by the app): it reads the ledger's rows and uses other modules' test kits.
/* eslint-disable no-restricted-imports */
import { fxRates } from '../fx/fx.schema.ts';
import { ledgerEntries } from '../ledger/ledger.schema.ts';
import { ledgerOn } from '../ledger/ledger-test-kit.ts';
import {
  channelOf,
  countryIdOf,
  indianBank,
  kenyanWallet,
  SIBLING,
} from '../recipients/recipients-test-kit.ts';
/* eslint-enable no-restricted-imports */
import { confirmedTo, freshRate, readySender, transferOf } from './transfers-test-kit.ts';

// Its tests read transfers through this kit too.
export { transferOf };

/**
 * What the money-flow tests share (test code only): a confirmed bank-transfer transfer to a
 * recipient whose account number picks the sandbox partner's ending, the jobs run on the test
 * clock, and the transfer's ledger balances.
 */

/** The default delays (seconds): settlement after "I've paid", and each payout step. */
export const SETTLE_SECONDS = 10;
export const STEP_SECONDS = 5;
const STEP_MS = 5_000;

/** An Indian bank account ending in `suffix` (docs/sandbox-providers.md#payouts test accounts). */
export const accountEndingIn = (suffix: string) => `5010012345${suffix}`;

export interface ConfirmedTransfer {
  browser: TestBrowser;
  customerId: string;
  recipient: Recipient;
  transaction: Transaction;
  paymentId: string;
}

/** Who is paid: an Indian bank account (its number ending picks the partner's end), cash
 * pickup in India, or a Kenyan mobile wallet. */
export type Payee =
  | { method: 'BANK-ACCOUNT'; account: string }
  | { method: 'CASH-PICKUP' }
  | { method: 'MOBILE-WALLET' };

async function addRecipient(file: FileTestApp, browser: TestBrowser, payee: Payee) {
  const db = file.database.db;
  const iso2 = payee.method === 'MOBILE-WALLET' ? 'KE' : 'IN';
  const channel = await channelOf(browser, db, iso2, payee.method);
  const body =
    payee.method === 'BANK-ACCOUNT'
      ? {
          ...indianBank(channel, 'Asha'),
          account_number: payee.account,
          confirm_account_number: payee.account,
        }
      : payee.method === 'MOBILE-WALLET'
        ? kenyanWallet(channel, await countryIdOf(db, 'KE'))
        : {
            relationship_id: SIBLING,
            name: 'Asha',
            third_name: 'Rao',
            mobile_number: { country: await countryIdOf(db, 'IN'), number: '98765 43210' },
          };
  const added = await browser.post(
    `${apiPaths.addRecipient}?payout_channel_id=${channel.id}`,
    body,
  );
  expect(added.statusCode, added.body).toBe(201);
  return recipientSchema.parse(added.json());
}

/** A fresh GBP→KES rate beside the GBP→INR one (freshRate moves the clock past the cache). */
async function kenyanRate(file: FileTestApp, clock: TestClock): Promise<void> {
  const asOf = clock.now();
  await file.database.db
    .insert(fxRates)
    .values({
      provider: 'sandbox',
      base_currency: 'GBP',
      quote_currency: 'KES',
      rate: '165.25',
      as_of: asOf,
      fetched_at: asOf,
    })
    .onConflictDoNothing();
}

/** A ready sender and its recipient, who can confirm several transfers (`confirmedFrom`). */
export interface Payer {
  browser: TestBrowser;
  customerId: string;
  recipient: Recipient;
}

/** A ready sender (with `documents` approved) and a recipient paid by `payee`. */
export async function readyPayer(
  file: FileTestApp,
  clock: TestClock,
  options: { payee?: Payee; documents?: readonly ('POI' | 'POA' | 'SOF')[] } = {},
): Promise<Payer> {
  const { app, database } = file;
  const { browser, customerId } = await readySender(
    app,
    database.db,
    clock,
    options.documents ? { documents: options.documents } : {},
  );
  await kenyanRate(file, clock);
  await freshRate(database.db, clock);
  const payee = options.payee ?? { method: 'BANK-ACCOUNT', account: accountEndingIn('4242') };
  const recipient = await addRecipient(file, browser, payee);
  return { browser, customerId, recipient };
}

/** The payer's transfer of `amount` GBP, confirmed: PENDING-PAYMENT, its payment open. */
export async function confirmedFrom(payer: Payer, amount: string): Promise<ConfirmedTransfer> {
  const transaction = await confirmedTo(payer.browser, payer.recipient, amount);
  expect(transaction.state.code).toBe('PENDING-PAYMENT');
  return { ...payer, transaction, paymentId: transaction.payment.id };
}

/** A ready sender's transfer of `amount` GBP, confirmed: PENDING-PAYMENT, its payment open. */
export async function confirmedTransfer(
  file: FileTestApp,
  clock: TestClock,
  options: { payee?: Payee; amount?: string } = {},
): Promise<ConfirmedTransfer> {
  const payer = await readyPayer(file, clock, options.payee ? { payee: options.payee } : {});
  return confirmedFrom(payer, options.amount ?? '100');
}

/** Moves the clock on, then runs every job due until none is. */
export async function runJobs(file: FileTestApp, clock: TestClock, ms: number): Promise<void> {
  clock.advance(ms);
  await file.app.jobs.tick();
  await file.app.jobs.idle(20_000);
}

/**
 * Runs the jobs a step at a time (STEP_SECONDS on the clock) until the transfer is in `state`;
 * fails after `steps` steps.
 */
export async function runUntil(
  file: FileTestApp,
  clock: TestClock,
  transfer: { browser: TestBrowser; transaction: { id: string } },
  state: TransactionStateCode,
  steps = 12,
): Promise<Transaction> {
  for (let step = 0; step < steps; step += 1) {
    const current = await transferOf(transfer.browser, transfer.transaction.id);
    if (current.state.code === state) return current;
    await runJobs(file, clock, STEP_MS);
  }
  const last = await transferOf(transfer.browser, transfer.transaction.id);
  expect(last.state.code).toBe(state);
  return last;
}

/** The states of the transfer's timeline that happened, in order. */
export const pastStates = (transaction: Transaction) =>
  transaction.timeline.filter((entry) => entry.created_at !== null).map((e) => e.state.code);

/** How many ledger entries a transfer has (a repeated job must add none). */
export async function entryCount(file: FileTestApp, transactionId: string): Promise<number> {
  const [row] = await file.database.db
    .select({ n: count() })
    .from(ledgerEntries)
    .where(eq(ledgerEntries.transaction_id, transactionId));
  return row?.n ?? 0;
}

/** An account's posted balance as the docs' tables read it: credits − debits. */
export async function creditOf(file: FileTestApp, clock: TestClock, account: string) {
  const balance = await ledgerOn(file.database.db, { clock }).ledger.balance(
    file.database.db,
    account,
  );
  return balance.posted.credits - balance.posted.debits;
}

/** The balances a transfer touches, its own and (as totals) the shared ones. */
export async function balancesOf(
  file: FileTestApp,
  clock: TestClock,
  ids: { transactionId: string; customerId: string; partnerCode: string },
) {
  const credit = (account: string) => creditOf(file, clock, account);
  return {
    safeguarding: await credit(accounts.safeguarding('GBP')),
    customer: await credit(accounts.customer(ids.customerId, 'GBP')),
    transitGbp: await credit(accounts.transit(ids.transactionId, 'GBP')),
    transitInr: await credit(accounts.transit(ids.transactionId, 'INR')),
    fxGbp: await credit(accounts.fxPosition('GBP')),
    fxInr: await credit(accounts.fxPosition('INR')),
    fees: await credit(accounts.fees('GBP')),
    margin: await credit(accounts.fxMargin('INR')),
    partner: await credit(accounts.partner(ids.partnerCode, 'INR')),
  };
}
