import { paymentChannel, transactionChannel } from '@corridor/contracts';
import { asc, eq, inArray, sql } from 'drizzle-orm';
// Test code: a second assembly of the product moves the batches' copies (its workers off).
// eslint-disable-next-line no-restricted-imports
import { assemble, type Assembly } from '../../app/assembly.ts';
import { cryptoRandom } from '../../lib/random.ts';
import type { FileTestApp } from '../../test/app-per-file.ts';
import { TestClock } from '../../test/clock.ts';
import { testConfig } from '../../test/test-app.ts';
import type { JsonObject } from '../../db/columns.ts';
import { bundleItems } from '../../jobs/bundled-jobs.ts';
import { scheduledJobs } from '../../jobs/scheduled-jobs.schema.ts';
import { outboxKinds } from '../../outbox/index.ts';
import { writtenMessages } from '../../outbox/outbox-test-kit.ts';
// Test code (not run by the app): it reads the ledger's, payments' and payouts' rows.
/* eslint-disable no-restricted-imports */
import { ledgerEntries, ledgerPostings } from '../ledger/ledger.schema.ts';
import { payments } from '../payments/payments.schema.ts';
import { payouts } from '../payouts/transfer-payouts.schema.ts';
/* eslint-enable no-restricted-imports */
import type { ConfirmedTransfer } from './flow-test-kit.ts';
import { BUNDLED_JOB_NAMES } from './flow-jobs.ts';
import { transactionStates, transactions } from './transfers.schema.ts';

/**
 * What the batched steps' tests share (docs/decisions/0043-batched-steps.md, test code only): a
 * clock that stands still, a second assembly of the product on the file's database (whose
 * workers are off, so nothing runs a job behind the test), and what a transfer left in the
 * database, with the ids that name it replaced, so a batch's copy and its twin compare equal.
 */

/** The test clock, standing still unless a test moves it: both copies' times match. */
export class StillClock extends TestClock {
  private at = super.now().getTime();

  override now(): Date {
    return new Date(this.at);
  }

  override advance(ms: number): void {
    if (ms < 0) throw new Error('a test clock only moves forward');
    this.at += ms;
  }
}

/** The product assembled on the file's database, its workers off; close it in afterAll. */
export function secondAssembly(file: FileTestApp, clock: TestClock) {
  return assemble({
    config: testConfig(),
    database: file.database,
    clock,
    random: cryptoRandom,
    log: file.app.log,
    mailer: { send: async () => {} },
    broadcaster: {
      broadcast: async () => {},
      broadcastAll: async () => {},
      endSessionConnections: async () => {},
    },
  });
}

export type SecondAssembly = Omit<Assembly, 'close'> & { close(): Promise<void> };

/** A job's items: a bundle's (decision 69), or the job itself, with its singleton key. */
const itemsOf = (job: { name: string; data: JsonObject; key: string | null }) =>
  (bundleItems(job.data) ?? [job.data]).map((data) => ({
    name: job.name,
    data,
    // A bundled kind's many sends carry no key (decision 69), its single ones do: not compared.
    key: BUNDLED_JOB_NAMES.has(job.name) ? 'bundled kind' : job.key,
  }));

/** The order of a transfer's jobs: by kind, then time and data. */
const byKindTimeData = (a: { name: string; data: unknown }, b: { name: string; data: unknown }) =>
  a.name.localeCompare(b.name) || JSON.stringify(a).localeCompare(JSON.stringify(b));

/**
 * The jobs sent for a transfer: for later (scheduled_jobs), and due now (pg-boss's table),
 * bundles opened.
 */
async function jobsOf(file: FileTestApp, id: string) {
  const { db } = file.database;
  const jobs = (await db.select().from(scheduledJobs))
    .flatMap((job) =>
      itemsOf({ name: job.name, data: job.data, key: job.singleton_key }).map((item) => ({
        ...item,
        run_at: job.run_at,
      })),
    )
    .filter((job) => job.data.transaction_id === id)
    .sort(byKindTimeData);
  // The jobs sent due now went straight into pg-boss's own table.
  const due = (await db.execute(
    sql`select "name", "data", "singleton_key" as "key" from "pgboss"."job"`,
  )) as unknown as { rows: { name: string; data: JsonObject; key: string | null }[] };
  return {
    jobs,
    due: due.rows
      .flatMap(itemsOf)
      .filter((job) => job.data.transaction_id === id)
      .sort(byKindTimeData),
  };
}

/**
 * The messages written about a transfer: its and its payments' realtime events (one aggregate
 * for every transfer, bundled by a batch: decision 68), and any of its own aggregate.
 */
async function messagesOf(file: FileTestApp, id: string) {
  const { db } = file.database;
  const paymentIds = await db
    .select({ id: payments.id })
    .from(payments)
    .where(eq(payments.transaction_id, id));
  const channels = new Set([
    transactionChannel(id),
    ...paymentIds.map((payment) => paymentChannel(payment.id)),
  ]);
  return (await writtenMessages(db)).filter(
    (message) =>
      message.aggregateId === id ||
      (message.kind === outboxKinds.realtime && channels.has(String(message.payload.channel))),
  );
}

/** What a transfer left in the database, with the ids that name it replaced. */
export async function footprint(file: FileTestApp, transfer: ConfirmedTransfer) {
  const { db } = file.database;
  const id = transfer.transaction.id;
  const anonymous = (value: unknown) =>
    JSON.parse(
      JSON.stringify(value, (_key, item: unknown) =>
        typeof item === 'bigint' ? item.toString() : item,
      )
        .replaceAll(id, '<transfer>')
        .replaceAll(transfer.customerId, '<customer>')
        .replaceAll(transfer.paymentId, '<payment>')
        .replaceAll(transfer.transaction.transaction_number, '<number>'),
    ) as unknown;
  const [row] = await db.select().from(transactions).where(eq(transactions.id, id));
  const timeline = await db
    .select({
      state: transactionStates.state,
      cause: transactionStates.cause,
      hold_reason: transactionStates.hold_reason,
      hold_action: transactionStates.hold_action,
      at: transactionStates.at,
    })
    .from(transactionStates)
    .where(eq(transactionStates.transaction_id, id))
    .orderBy(asc(transactionStates.at));
  const entries = await db
    .select()
    .from(ledgerEntries)
    .where(eq(ledgerEntries.transaction_id, id))
    .orderBy(asc(ledgerEntries.event));
  const entryIds = entries.map((entry) => entry.id);
  const postings =
    entryIds.length === 0
      ? []
      : await db.select().from(ledgerPostings).where(inArray(ledgerPostings.entry_id, entryIds));
  const eventOf = new Map(entries.map((entry) => [entry.id, entry.event]));
  const paid = await db
    .select({
      number: payments.number,
      state: payments.state,
      customer_confirmed_payment: payments.customer_confirmed_payment,
      updated_at: payments.updated_at,
    })
    .from(payments)
    .where(eq(payments.transaction_id, id))
    .orderBy(asc(payments.number));
  const [payout] = await db.select().from(payouts).where(eq(payouts.transaction_id, id));
  const messages = await messagesOf(file, id);
  const { jobs, due } = await jobsOf(file, id);
  return anonymous({
    transfer: { state: row?.state, updated_at: row?.updated_at },
    timeline,
    entries: entries.map((entry) => ({
      event: entry.event,
      phase: entry.phase,
      pending: entry.pending_id === null ? null : (eventOf.get(entry.pending_id) ?? 'elsewhere'),
      timeout_at: entry.timeout_at,
      created_at: entry.created_at,
    })),
    postings: postings
      .map((posting) => ({
        event: eventOf.get(posting.entry_id),
        account: posting.account_id,
        side: posting.side,
        amount: posting.amount.toString(),
      }))
      .sort((a, b) => JSON.stringify(a).localeCompare(JSON.stringify(b))),
    payments: paid,
    payout: payout && {
      state: payout.state,
      attempts: payout.attempts,
      partner_code: payout.partner_code,
      partner_reference: payout.partner_reference === null ? null : 'set',
      collection_pin: payout.collection_pin === null ? null : 'set',
      sent_at: payout.sent_at,
      paid_at: payout.paid_at,
      created_at: payout.created_at,
      updated_at: payout.updated_at,
    },
    messages: messages.map((message) => ({
      kind: message.kind,
      aggregate_type: message.aggregateType,
      payload: message.payload,
      created_at: message.createdAt,
    })),
    jobs,
    due,
  });
}
