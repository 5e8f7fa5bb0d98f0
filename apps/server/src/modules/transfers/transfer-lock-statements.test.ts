import { apiPaths } from '@corridor/contracts';
import { inArray, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Executor } from '../../db/executor.ts';
import { cryptoRandom } from '../../lib/random.ts';
import { appPerFile } from '../../test/app-per-file.ts';
import { SECOND, TestClock } from '../../test/clock.ts';
import {
  confirmedFrom,
  readyPayer,
  runJobs,
  runUntil,
  SETTLE_SECONDS,
  type ConfirmedTransfer,
} from './flow-test-kit.ts';
import { HAPPY_PATH } from './transaction-states.ts';
import { lockWithHistoryByStatement } from './transfer-lock-statements.ts';
import { createTransfersRepository } from './transfers.repository.ts';
import { transactions } from './transfers.schema.ts';

/**
 * The statements that lock transfers with their timelines answer one row a transfer, its
 * timeline as one JSON value (docs/decisions/0061-batch-statements-planned-each-call.md#one-row-a-transfer-thirteenth-session): what
 * each lock holds must be what plain selects read of the same rows (the transfer's row, and
 * `historiesOf`'s records with their times to the millisecond as drizzle decodes them), and the
 * timelines are still read by their index.
 */
const clock = new TestClock();
const file = appPerFile({ clock, movesMoney: true });
const repository = createTransfersRepository();

/** "I've paid"'s kind of lock, by the transfer's id, with a value read in the same statement. */
const lockById = lockWithHistoryByStatement(
  'test_transfer_lock_by_id',
  sql<string | null>`${sql.placeholder('transaction')}::uuid`,
  sql<number>`41 + 1`,
);

/** Paid out (its whole timeline), and confirmed only (PENDING-PAYMENT). */
let paidOut: ConfirmedTransfer;
let pending: ConfirmedTransfer;

beforeAll(async () => {
  const payer = await readyPayer(file, clock);
  paidOut = await confirmedFrom(payer, '100');
  pending = await confirmedFrom(payer, '101');
  const paid = await paidOut.browser.post(apiPaths.paymentSent(paidOut.paymentId), {});
  expect(paid.statusCode, paid.body).toBe(200);
  await runJobs(file, clock, SETTLE_SECONDS * SECOND);
  await runUntil(file, clock, paidOut, 'PAYOUT-SUCCESS');
});

/** Thrown to roll a test's transaction back: what it writes is not kept. */
class RolledBack extends Error {}

async function rolledBack(work: (tx: Executor) => Promise<void>): Promise<void> {
  await file.database.db
    .transaction(async (tx) => {
      await work(tx);
      throw new RolledBack();
    })
    .catch((error: unknown) => {
      if (!(error instanceof RolledBack)) throw error;
    });
}

const rowsOf = async <T>(ex: Executor, query: ReturnType<typeof sql>): Promise<T[]> =>
  ((await ex.execute(query)) as unknown as { rows: T[] }).rows;

describe('a locked transfer', () => {
  it("holds its row and historiesOf's timeline, times to the millisecond, by each lock", async () => {
    await rolledBack(async (tx) => {
      const ids = [paidOut.transaction.id, pending.transaction.id];
      // Times the database keeps finer than JavaScript: a record's microseconds must be cut off
      // as a select of the column cuts them (999 µs must not round up to the next millisecond).
      await tx.execute(
        sql`update "transaction_states" set "at" = "at" + interval '999 microseconds' where "transaction_id" = ${paidOut.transaction.id}`,
      );
      await tx.execute(
        sql`update "transaction_states" set "at" = "at" + interval '500 microseconds' where "transaction_id" = ${pending.transaction.id}`,
      );
      // A record with a hold, its reason and action (written here, not by the flow).
      await tx.execute(
        sql`insert into "transaction_states" ("id", "transaction_id", "state", "cause", "hold_reason", "hold_action", "at")
          select ${cryptoRandom.uuid()}, "transaction_id", 'DOCUMENT-REQUIRED', 'document-required', 'DOCUMENT-OWED', 'UPLOAD-DOCUMENT', max("at") + interval '1.000250 seconds'
          from "transaction_states" where "transaction_id" = ${pending.transaction.id} group by "transaction_id"`,
      );
      const fractions = await rowsOf<{ micros: number }>(
        tx,
        sql`select distinct (extract(microseconds from "at")::int % 1000) as "micros" from "transaction_states" where "transaction_id" in (${paidOut.transaction.id}, ${pending.transaction.id}) order by 1`,
      );
      expect(fractions.map((row) => Number(row.micros))).toEqual([500, 750, 999]);

      const histories = await repository.historiesOf(tx, ids);
      const rows = new Map(
        (await tx.select().from(transactions).where(inArray(transactions.id, ids))).map((row) => [
          row.id,
          row,
        ]),
      );
      const expected = (id: string) => ({
        row: rows.get(id),
        history: histories.get(id),
        known: {},
      });
      expect(histories.get(paidOut.transaction.id)?.map((record) => record.state)).toEqual([
        ...HAPPY_PATH,
      ]);
      expect(histories.get(pending.transaction.id)?.at(-1)?.hold).toEqual({
        reason: 'DOCUMENT-OWED',
        action: 'UPLOAD-DOCUMENT',
      });
      const times = (id: string) => histories.get(id)?.map((record) => record.at.getTime()) ?? [];

      for (const transfer of [paidOut, pending]) {
        const id = transfer.transaction.id;
        const one = await repository.lockWithHistory(tx, id);
        expect(one).toEqual(expected(id));
        expect(one?.history.map((record) => record.at.getTime())).toEqual(times(id));
        expect(await repository.lockWithHistory(tx, id, transfer.customerId)).toEqual(expected(id));
        expect(
          await repository.lockWithHistoryBy(tx, lockById, {
            customer: transfer.customerId,
            transaction: id,
          }),
        ).toEqual({ locked: expected(id), along: 42 });
      }

      const many = await repository.lockManyWithHistory(tx, [...ids].reverse());
      expect([...many.keys()]).toEqual([...ids].sort());
      for (const id of ids) {
        expect(many.get(id)).toEqual(expected(id));
        expect(many.get(id)?.history.map((record) => record.at.getTime())).toEqual(times(id));
      }
    });
  });

  it("reads as missing when it is not the customer's or not there", async () => {
    const id = paidOut.transaction.id;
    const stranger = cryptoRandom.uuid();
    await rolledBack(async (tx) => {
      expect(await repository.lockWithHistory(tx, id, stranger)).toBeUndefined();
      expect(
        await repository.lockWithHistoryBy(tx, lockById, { customer: stranger, transaction: id }),
      ).toBeUndefined();
      expect(await repository.lockWithHistory(tx, cryptoRandom.uuid())).toBeUndefined();
      const many = await repository.lockManyWithHistory(tx, [cryptoRandom.uuid(), id]);
      expect([...many.keys()]).toEqual([id]);
    });
  });
});

/** Every node of an EXPLAIN (FORMAT JSON) plan. */
interface PlanNode {
  'Node Type': string;
  'Relation Name'?: string;
  'Index Name'?: string;
  Plans?: PlanNode[];
}
const nodesOf = (node: PlanNode): PlanNode[] => [node, ...(node.Plans ?? []).flatMap(nodesOf)];

describe('the locks’ plans', () => {
  it('read each timeline by its index, however many records the table holds', async () => {
    const { db } = file.database;
    const id = pending.transaction.id;
    const sent = await file.statements.during(() =>
      db.transaction(async (tx) => {
        await repository.lockWithHistory(tx, id);
        await repository.lockWithHistoryBy(tx, lockById, {
          customer: pending.customerId,
          transaction: id,
        });
        await repository.lockManyWithHistory(tx, [id]);
      }),
    );
    const locks = sent.filter((text) => text.includes('"transaction_states"'));
    expect(locks).toHaveLength(3);

    await rolledBack(async (tx) => {
      // Another transfer's timeline grows to 20,000 records (never analysed, as on a new database).
      await tx.execute(
        sql`insert into "transaction_states" ("id", "transaction_id", "state", "cause", "at")
          select gen_random_uuid(), ${paidOut.transaction.id}, 'PAYOUT-SUCCESS', 'partner-confirmed', now() + n * interval '1 millisecond'
          from generate_series(1, 20000) as n`,
      );
      for (const [index, text] of locks.entries()) {
        const name = `lock_plan_${index}`;
        await tx.execute(sql.raw(`prepare ${name} as ${text}`));
        const [prepared] = await rowsOf<{ types: string }>(
          tx,
          sql`select parameter_types::text as "types" from pg_prepared_statements where name = ${name}`,
        );
        // The transfer's id, then its customer's; the batch's ids as one JSON list.
        const uuids = [`'${id}'`, `'${pending.customerId}'`];
        const parameters = (prepared?.types ?? '')
          .replace(/[{}"]/g, '')
          .split(',')
          .map((type) => (type === 'jsonb' ? `'${JSON.stringify([id])}'` : uuids.shift()));
        // Its plan for these values (a batch's, planned each call) and the generic one (kept by
        // a statement prepared once a connection).
        for (const mode of ['force_custom_plan', 'force_generic_plan']) {
          await tx.execute(sql.raw(`set local plan_cache_mode = ${mode}`));
          const [explained] = await rowsOf<{ 'QUERY PLAN': unknown }>(
            tx,
            sql.raw(`explain (format json) execute ${name}(${parameters.join(', ')})`),
          );
          const plan = explained?.['QUERY PLAN'];
          const [root] = (typeof plan === 'string' ? JSON.parse(plan) : plan) as [
            { Plan: PlanNode },
          ];
          // By the (transaction_id, at) index: an index scan, or a bitmap of it; never a scan.
          const nodes = nodesOf(root.Plan);
          const scans = nodes.filter((node) => node['Relation Name'] === 'transaction_states');
          expect(
            scans.map((node) => node['Node Type']),
            `${mode}: ${text}`,
          ).not.toContain('Seq Scan');
          expect(
            nodes
              .flatMap((node) => node['Index Name'] ?? [])
              .filter((index) => index.startsWith('transaction_states')),
            `${mode}: ${text}`,
          ).toEqual(['transaction_states_transaction_idx']);
        }
      }
    });
  });
});
