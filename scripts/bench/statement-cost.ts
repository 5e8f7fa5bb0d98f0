// What one statement costs the server's process and PostgreSQL (docs/performance.md, issue 29:
// the server is CPU-bound at about 0.4 ms of its CPU a statement): the same one-row read by
// primary key, built by drizzle each time as the server builds it, or prepared once by name
// (drizzle `.prepare()`), over loopback TCP and over PostgreSQL's Unix socket; and inside
// transactions of TX_READS reads, built each time or prepared once a connection
// (apps/server/src/db/prepared-statements.ts, decision 52), their BEGIN and COMMIT included. Each variant runs
// STATEMENT_COST_COUNT statements (20,000), STATEMENT_COST_CONCURRENCY (8) at a time, in turns
// (STATEMENT_COST_ROUNDS, 3), and prints this process's CPU a statement and its PostgreSQL
// backends' (from /proc), the median of the rounds.
//
//   DATABASE_URL=postgres://postgres@127.0.0.1:5432/test \
//     node --import tsx scripts/bench/statement-cost.ts [/var/run/postgresql]
//
// The optional argument is the socket's folder (node-postgres's `host=` query parameter).
import crypto from 'node:crypto';
import fs from 'node:fs';
import { bigint, numeric, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { eq, sql } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import type { Database } from '../../apps/server/src/db/database.ts';
import { preparedStatement } from '../../apps/server/src/db/prepared-statements.ts';

const serverUrl = process.env.DATABASE_URL;
if (!serverUrl) throw new Error('DATABASE_URL names the PostgreSQL server to measure');
const socketDir = process.argv[2] ?? '/var/run/postgresql';
const count = Number(process.env.STATEMENT_COST_COUNT ?? 20_000);
const concurrency = Number(process.env.STATEMENT_COST_CONCURRENCY ?? 8);
const rounds = Number(process.env.STATEMENT_COST_ROUNDS ?? 3);
const ROWS = 2_000;
/** Reads a transaction in the transaction variants (a confirm sends about a dozen). */
const TX_READS = 10;

// A row shaped like a transfer's (twenty columns of the kinds the server reads most).
const rows = pgTable('statement_cost_rows', {
  id: uuid('id').primaryKey(),
  quote_id: uuid('quote_id').notNull(),
  number: text('number').notNull(),
  customer_id: uuid('customer_id').notNull(),
  recipient_id: uuid('recipient_id').notNull(),
  purpose_id: uuid('purpose_id').notNull(),
  company_id: uuid('company_id').notNull(),
  send_currency: text('send_currency').notNull(),
  send_minor: bigint('send_minor', { mode: 'bigint' }).notNull(),
  fee_minor: bigint('fee_minor', { mode: 'bigint' }).notNull(),
  total_minor: bigint('total_minor', { mode: 'bigint' }).notNull(),
  receive_currency: text('receive_currency').notNull(),
  receive_minor: bigint('receive_minor', { mode: 'bigint' }).notNull(),
  mid_market_rate: numeric('mid_market_rate').notNull(),
  our_rate: numeric('our_rate').notNull(),
  pricing_version: text('pricing_version').notNull(),
  state: text('state').notNull(),
  available_by: timestamp('available_by', { withTimezone: true, mode: 'date' }).notNull(),
  created_at: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull(),
  updated_at: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull(),
});

/** utime + stime of a process, in ms (clock ticks are 10 ms). */
function cpuMsOf(pid: number): number {
  const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return ((Number(fields[11]) + Number(fields[12])) * 1000) / 100;
}

function urlFor(database: string, socket: boolean): string {
  const url = new URL(serverUrl as string);
  url.pathname = `/${database}`;
  if (socket) {
    url.hostname = '';
    url.port = '';
    url.searchParams.set('host', socketDir);
  }
  // `new URL` keeps "postgres://user@" without a host as "postgres://user@/db?host=…".
  return url.toString();
}

async function setUp(database: string): Promise<string[]> {
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`create database "${database}"`);
  await admin.end();
  const pool = new pg.Pool({ connectionString: urlFor(database, false), max: 1 });
  const db = drizzle(pool);
  await db.execute(sql`create table "statement_cost_rows" (
    "id" uuid primary key, "quote_id" uuid not null, "number" text not null,
    "customer_id" uuid not null, "recipient_id" uuid not null, "purpose_id" uuid not null,
    "company_id" uuid not null, "send_currency" text not null, "send_minor" bigint not null,
    "fee_minor" bigint not null, "total_minor" bigint not null, "receive_currency" text not null,
    "receive_minor" bigint not null, "mid_market_rate" numeric not null, "our_rate" numeric not null,
    "pricing_version" text not null, "state" text not null, "available_by" timestamptz not null,
    "created_at" timestamptz not null, "updated_at" timestamptz not null)`);
  const ids: string[] = [];
  const now = new Date();
  for (let start = 0; start < ROWS; start += 500) {
    const batch = Array.from({ length: 500 }, (_, index) => {
      const id = crypto.randomUUID();
      ids.push(id);
      return {
        id,
        quote_id: crypto.randomUUID(),
        number: `TP${String(start + index).padStart(10, '0')}`,
        customer_id: crypto.randomUUID(),
        recipient_id: crypto.randomUUID(),
        purpose_id: crypto.randomUUID(),
        company_id: crypto.randomUUID(),
        send_currency: 'GBP',
        send_minor: 25_000n,
        fee_minor: 149n,
        total_minor: 25_149n,
        receive_currency: 'INR',
        receive_minor: 2_801_250n,
        mid_market_rate: '112.5',
        our_rate: '112.05',
        pricing_version: '2026-11-24',
        state: 'PENDING-PAYMENT',
        available_by: now,
        created_at: now,
        updated_at: now,
      };
    });
    await db.insert(rows).values(batch);
  }
  await db.execute(sql`analyze "statement_cost_rows"`);
  await pool.end();
  return ids;
}

const idAt = (ids: readonly string[], index: number): string => {
  const id = ids[index % ids.length];
  if (id === undefined) throw new Error('no rows to read');
  return id;
};

interface Variant {
  name: string;
  socket: boolean;
  /** `once`: prepared once (drizzle `.prepare()` on the pool); `named`: built each time, sent by name (as a transaction's statement can be: PostgreSQL parses and plans it once a connection). */
  prepared: false | 'once' | 'named';
  /** Set: the reads run TX_READS to a transaction, `prepared` false or 'once' (a connection). */
  inTransactions?: boolean;
}

/** One round of a variant: CPU a statement of this process and of its backends, in µs. */
async function runVariant(database: string, ids: readonly string[], variant: Variant) {
  const pool = new pg.Pool({
    connectionString: urlFor(database, variant.socket),
    max: concurrency,
  });
  const db = drizzle(pool);
  const clients = await Promise.all(Array.from({ length: concurrency }, () => pool.connect()));
  const backends: number[] = [];
  for (const client of clients) {
    const result = await client.query<{ pid: number }>('select pg_backend_pid() as pid');
    backends.push(result.rows[0]?.pid ?? 0);
  }
  for (const client of clients) client.release();
  const byId = db
    .select()
    .from(rows)
    .where(eq(rows.id, sql.placeholder('id')))
    .prepare('statement_cost_by_id');
  const byIdInTx = preparedStatement('statement_cost_in_tx', (ex, name) =>
    ex
      .select()
      .from(rows)
      .where(eq(rows.id, sql.placeholder('id')))
      .prepare(name),
  );
  const readOn = (ex: Database, id: string) =>
    variant.prepared === 'once'
      ? byIdInTx.run(ex, { id })
      : ex.select().from(rows).where(eq(rows.id, id));
  const read =
    variant.prepared === 'once'
      ? (id: string) => byId.execute({ id })
      : variant.prepared === 'named'
        ? (id: string) =>
            db.select().from(rows).where(eq(rows.id, id)).prepare('statement_cost_named').execute()
        : (id: string) => db.select().from(rows).where(eq(rows.id, id));
  /** TX_READS reads (fewer at the end) in one transaction, each checked. */
  const readInTransaction = (first: number, reads: number) =>
    db.transaction(async (tx) => {
      for (let index = first; index < first + reads; index += 1) {
        const id = idAt(ids, index);
        const [row] = await readOn(tx as unknown as Database, id);
        if (row?.id !== id) throw new Error('the read answered another row');
      }
    });
  // Warm-up: every connection has planned (and, prepared, named) the statement.
  await Promise.all(
    Array.from({ length: concurrency * 20 }, (_, i) =>
      variant.inTransactions ? readInTransaction(i, 1) : read(idAt(ids, i)),
    ),
  );
  const backendsBefore = backends.reduce((sum, pid) => sum + cpuMsOf(pid), 0);
  const before = process.cpuUsage();
  const started = performance.now();
  let next = 0;
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (next < count) {
        if (variant.inTransactions) {
          const first = next;
          const reads = Math.min(TX_READS, count - first);
          next += reads;
          await readInTransaction(first, reads);
          continue;
        }
        const id = idAt(ids, next);
        next += 1;
        const [row] = await read(id);
        if (row?.id !== id) throw new Error('the read answered another row');
      }
    }),
  );
  const wallMs = performance.now() - started;
  const used = process.cpuUsage(before);
  const backendsMs = backends.reduce((sum, pid) => sum + cpuMsOf(pid), 0) - backendsBefore;
  await pool.end();
  return {
    nodeUs: (used.user + used.system) / count,
    postgresUs: (backendsMs * 1000) / count,
    perSecond: count / (wallMs / 1000),
  };
}

const median = (values: number[]) =>
  [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? Number.NaN;

async function main() {
  const database = `statement_cost_${process.pid}`;
  const ids = await setUp(database);
  const variants: Variant[] = [
    { name: 'TCP, built each time', socket: false, prepared: false },
    { name: 'Unix socket, built each time', socket: true, prepared: false },
    { name: 'TCP, built each time, named', socket: false, prepared: 'named' },
    { name: 'Unix socket, built, named', socket: true, prepared: 'named' },
    { name: 'TCP, prepared once', socket: false, prepared: 'once' },
    { name: 'Unix socket, prepared once', socket: true, prepared: 'once' },
    { name: 'TCP, in transactions, built', socket: false, prepared: false, inTransactions: true },
    {
      name: 'TCP, in transactions, prepared',
      socket: false,
      prepared: 'once',
      inTransactions: true,
    },
  ];
  const results = new Map<string, { nodeUs: number; postgresUs: number; perSecond: number }[]>();
  try {
    for (let round = 0; round < rounds; round += 1) {
      for (const variant of variants) {
        const result = await runVariant(database, ids, variant);
        results.set(variant.name, [...(results.get(variant.name) ?? []), result]);
      }
    }
  } finally {
    const admin = new pg.Client({ connectionString: serverUrl });
    await admin.connect();
    await admin.query(`drop database if exists "${database}" with (force)`);
    await admin.end();
  }
  console.log(
    `One-row read by primary key, ${count} statements ${concurrency} at a time, median of ${rounds} rounds:`,
  );
  for (const variant of variants) {
    const runs = results.get(variant.name) ?? [];
    const node = median(runs.map((run) => run.nodeUs));
    const postgres = median(runs.map((run) => run.postgresUs));
    const rate = median(runs.map((run) => run.perSecond));
    console.log(
      `  ${variant.name.padEnd(31)} Node ${node.toFixed(0).padStart(4)} µs, PostgreSQL ${postgres
        .toFixed(0)
        .padStart(4)} µs a statement; ${rate.toFixed(0)} statements/s ` +
        `(Node per round: ${runs.map((run) => run.nodeUs.toFixed(0)).join(', ')})`,
    );
  }
}

await main();
