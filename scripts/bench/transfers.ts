// `npm run bench`'s money scenario (issue 29): transfers per second through confirm → "I've
// paid" → settlement → payout, on the real server (`npm start`) over PostgreSQL and Redis, and
// the p99 of confirm. The sandbox bank and payout partner wait 1 s before each step (the least
// the configuration allows). The load keeps at most a window of transfers in flight end to end,
// and the rate that counts is the steady state's, while that window is full
// (docs/decisions/0064-transfers-measured-in-steady-state.md); the whole run's wall time, from
// the first confirm until the last PAYOUT-SUCCESS, is printed beside it.
import { execFile, execFileSync, type ChildProcess } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import pg from 'pg';
import { cpuSeconds, median } from './api.ts';
import { npmScriptCommand, referenceNode, root, start, stop } from './processes.ts';
import { printStepLags, stepLags, type StepLag } from './step-lags.ts';
import { fire } from './transfer-load.ts';
import { arrangeTransfers } from './transfer-senders.ts';
import { inFlightGate, payoutsBetween, STEADY_MIN_SECONDS } from './transfer-window.ts';

const transfers = Number(process.env.BENCH_TRANSFERS ?? 6000);
/** 50 quotes each: a customer may save 60 an hour (quotes.service.ts). */
const senders = Number(process.env.BENCH_TRANSFER_SENDERS ?? 120);
/**
 * Transfers in flight at most, from confirm to PAYOUT-SUCCESS: enough to keep every step's
 * batches full through the sandboxes' 5 s of waits at well over the goal (Little's law: 200 a
 * second for 7.5 s), few enough that a run of 6,000 spends most of its time full.
 */
const inFlight = Number(process.env.BENCH_TRANSFERS_IN_FLIGHT ?? 1500);
/**
 * Requests in flight from the load generator (decision 64): 100. Each transfer is a confirm and an
 * "I've paid" one after the other, about 0.4 s together under load, so 50 connections could offer
 * only about 130 transfers a second, and once the pipeline kept up the window never filled.
 */
const concurrency = Number(process.env.BENCH_TRANSFER_CONCURRENCY ?? 100);
/** Set: the server counts the statements it sends (count-statements.mjs), printed per transfer. */
const countStatements = Boolean(process.env.BENCH_COUNT_STATEMENTS);
/** Worker processes beside the server (`npm run worker`); 0: the server works every job. */
const workerCount = Number(process.env.BENCH_WORKERS ?? 0);

/** The goal of issue 29 on this two-core machine. */
export const TRANSFERS_PER_SECOND_GOAL = 200;
/** The sandboxes' delays: settlement 1 s after "I've paid", then 1 s per payout step. */
const FAST_SANDBOXES = {
  BANK_TRANSFER_SANDBOX_SETTLE_SECONDS: '1',
  PAYOUT_SANDBOX_STEP_SECONDS: '1',
};
/** Past this, the transfers not paid out are reported by state and the run fails. */
const PAYOUT_DEADLINE_MS = 10 * 60 * 1000;
const POLL_MS = 250;

export interface TransfersRun {
  transfers: number;
  senders: number;
  concurrency: number;
  /** The server's Node version (the reference runtime unless BENCH_NODE=current). */
  serverNode: string;
  setupSeconds: number;
  /** From the first confirm until every "I've paid" was answered. */
  firingSeconds: number;
  /** From the first confirm until every transfer was PAYOUT-SUCCESS (seen by a 250 ms poll). */
  seconds: number;
  perSecond: number;
  /** The window of transfers in flight, and how long it stayed full (from its first hold to the last confirm). */
  inFlight: number;
  steadySeconds: number;
  /**
   * Transfers paid out per second while the window was full: the rate the pipeline sustains,
   * the figure the goal is judged on; undefined when the window was full for under 10 s.
   */
  steadyPerSecond?: number;
  /**
   * The pipeline's rate once transfers come out of it: payouts per second between the first and
   * the last PAYOUT-SUCCESS (the timeline's times), which leaves out the sandboxes' fixed waits
   * before the first one.
   */
  payoutsPerSecond: number;
  /** Each transfer's time from confirm (created) to PAYOUT-SUCCESS (the timeline), in ms. */
  endToEnd: { p50: number; p99: number };
  confirm: { p50: number; p99: number };
  paid: { p50: number; p99: number };
  /**
   * The load generator's own CPU time (this process, user and system) a transfer while it fires:
   * on two cores it competes with the server it measures.
   */
  clientCpuUsPerTransfer: number;
  /**
   * The server process's CPU time (user and system, from /proc) a transfer, from the first
   * confirm until the last payout: the steadier figure on a machine shared with other work.
   */
  serverCpuMsPerTransfer?: number;
  /**
   * The PostgreSQL backends' CPU time a transfer over the same span (the server's pool on the
   * bench's database, from /proc): the other half of a two-core machine (issue 29).
   */
  databaseCpuMsPerTransfer: number;
  /** Answers other than 201 (confirm) and 200 ("I've paid"), with the first one's text. */
  failures: number;
  firstFailure?: string;
  /** The transfers' states at the end when some never reached PAYOUT-SUCCESS. */
  unfinished?: Record<string, number>;
  ledgerHolds: boolean;
  ledgerOutput: string;
  /** With BENCH_COUNT_STATEMENTS: every statement the server sent, and the most frequent. */
  statements?: { total: number; top: [text: string, count: number][] };
  /** Where each step's time went (step-lags.ts). */
  lags: StepLag[];
  passed: boolean;
}

const percentile = (values: number[], share: number) =>
  [...values].sort((a, b) => a - b)[
    Math.min(values.length - 1, Math.floor(values.length * share))
  ] ?? NaN;

/** The PostgreSQL backends serving the bench's database now (the server's pool). */
async function backendPids(databaseUrl: string): Promise<number[]> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const { rows } = await client.query<{ pid: number }>(
      'select pid from pg_stat_activity where datname = current_database() and pid <> pg_backend_pid()',
    );
    return rows.map((row) => row.pid);
  } finally {
    await client.end();
  }
}

/** CPU seconds the backends have used, each from `before` (0 for one that was not there). */
function backendCpuSince(pids: readonly number[], before: ReadonlyMap<number, number>): number {
  let total = 0;
  for (const pid of pids) {
    const now = cpuSeconds(pid);
    if (now !== undefined) total += now - (before.get(pid) ?? 0);
  }
  return total;
}

/** Polls the transfers' states until all are PAYOUT-SUCCESS or the deadline passes. */
async function waitForPayouts(databaseUrl: string, count: number) {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const deadline = Date.now() + PAYOUT_DEADLINE_MS;
    for (;;) {
      const { rows } = await client.query<{ state: string; count: string }>(
        'select state, count(*) as count from transactions group by state',
      );
      const states = Object.fromEntries(rows.map((row) => [row.state, Number(row.count)]));
      if ((states['PAYOUT-SUCCESS'] ?? 0) >= count) return undefined;
      if (Date.now() > deadline) return states;
      await new Promise((resolve) => setTimeout(resolve, POLL_MS));
    }
  } finally {
    await client.end();
  }
}

/** The server's statement counts (count-statements.mjs): the total and the ten most frequent. */
function readCounts(file: string): { total: number; top: [string, number][] } {
  const rows = fs
    .readFileSync(file, 'utf8')
    .split('\n')
    .filter(Boolean)
    .map((line): [string, number] => {
      const [count = '0', ...text] = line.split('\t');
      return [text.join('\t'), Number(count)];
    });
  fs.rmSync(file, { force: true });
  return { total: rows.reduce((sum, [, count]) => sum + count, 0), top: rows.slice(0, 10) };
}

/** From the timeline: each transfer's confirm → PAYOUT-SUCCESS, and the span of the payouts. */
async function payoutTimes(databaseUrl: string) {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const { rows } = await client.query<{ created: Date; paid: Date }>(
      `select t.created_at as created, s.at as paid
         from transactions t join transaction_states s on s.transaction_id = t.id
        where s.state = 'PAYOUT-SUCCESS'`,
    );
    const endToEndMs = rows.map((row) => row.paid.getTime() - row.created.getTime());
    const paidAt = rows.map((row) => row.paid.getTime());
    const spanSeconds = (Math.max(...paidAt) - Math.min(...paidAt)) / 1000;
    return {
      endToEnd: { p50: median(endToEndMs), p99: percentile(endToEndMs, 0.99) },
      payoutsPerSecond: rows.length > 1 && spanSeconds > 0 ? (rows.length - 1) / spanSeconds : 0,
    };
  } finally {
    await client.end();
  }
}

/** `npm run ops -- ledger:check` on the bench's database: true when it finds nothing wrong. */
async function ledgerCheck(env: NodeJS.ProcessEnv) {
  try {
    const { stdout } = await promisify(execFile)(
      process.execPath,
      ['--import', 'tsx', 'apps/server/src/cli/ops.ts', 'ledger:check'],
      { cwd: root, env: { ...process.env, ...env } },
    );
    return { holds: true, output: stdout.trim() };
  } catch (error) {
    const { stdout = '', stderr = '' } = error as { stdout?: string; stderr?: string };
    return { holds: false, output: `${stdout}${stderr}`.trim() };
  }
}

/**
 * The scenario on the PostgreSQL database at `databaseUrl` (fresh, empty): the customers made
 * first, then `startApp` starts the server on it with the sandboxes' least delays.
 */
export async function measureTransfers(
  databaseUrl: string,
  startApp: (env: NodeJS.ProcessEnv) => Promise<{ child: ChildProcess; url: string }>,
  serverEnv: NodeJS.ProcessEnv,
): Promise<TransfersRun> {
  const setupStarted = performance.now();
  const planned = await arrangeTransfers(databaseUrl, senders, transfers);
  const setupSeconds = (performance.now() - setupStarted) / 1000;
  const env = { ...serverEnv, DATABASE_URL: databaseUrl, ...FAST_SANDBOXES };
  const countsFile = path.join(os.tmpdir(), `corridor-statements-${crypto.randomUUID()}.tsv`);
  const app = await startApp(
    countStatements
      ? {
          ...env,
          NODE_OPTIONS: `--import ${path.join(import.meta.dirname, 'count-statements.mjs')}`,
          BENCH_STATEMENT_COUNTS: countsFile,
        }
      : env,
  );
  // BENCH_WORKERS=n: n `npm run worker` processes work the jobs beside the server's own, as a
  // scaled deployment runs them (docs/architecture.md#one-process-or-many).
  const workers = await Promise.all(
    Array.from({ length: workerCount }, () =>
      start(
        // On the server's runtime (bench.ts starts it on referenceNode()).
        [referenceNode(), ...npmScriptCommand(path.join(root, 'apps/server'), 'worker').slice(1)],
        { ...env, NODE_ENV: 'production' },
        'worker running',
        path.join(root, 'apps/server'),
      ),
    ),
  );
  const serverCpu = () => (app.child.pid === undefined ? undefined : cpuSeconds(app.child.pid));
  const serverCpuBefore = serverCpu();
  const backendsBefore = new Map(
    (await backendPids(databaseUrl)).flatMap((pid) => {
      const cpu = cpuSeconds(pid);
      return cpu === undefined ? [] : [[pid, cpu] as const];
    }),
  );
  const started = performance.now();
  const cpuBefore = process.cpuUsage();
  const gate = await inFlightGate(databaseUrl, inFlight);
  const fired = await fire(app.url, planned, concurrency, gate);
  const cpuUsed = process.cpuUsage(cpuBefore);
  const firingSeconds = (performance.now() - started) / 1000;
  const intakeEnded = Date.now();
  const filledAt = gate.filledAt();
  await gate.close();
  const confirmedCount = planned.length - fired.failures.length;
  const unfinished = await waitForPayouts(databaseUrl, confirmedCount);
  const seconds = (performance.now() - started) / 1000;
  const serverCpuAfter = serverCpu();
  // Backends the pool opened during the run count whole (their CPU began with it).
  const databaseCpu = backendCpuSince(await backendPids(databaseUrl), backendsBefore);
  await Promise.all([app.child, ...workers].map(stop));
  const statements = countStatements ? readCounts(countsFile) : undefined;
  const times = await payoutTimes(databaseUrl);
  const lags = await stepLags(databaseUrl);
  const steadySeconds = filledAt === undefined ? 0 : (intakeEnded - filledAt) / 1000;
  const steadyPerSecond =
    filledAt !== undefined && steadySeconds >= STEADY_MIN_SECONDS
      ? (await payoutsBetween(databaseUrl, filledAt, intakeEnded)) / steadySeconds
      : undefined;
  const ledger = await ledgerCheck(env);
  const run: TransfersRun = {
    transfers: planned.length,
    senders,
    concurrency,
    serverNode: execFileSync(referenceNode(), ['--version'], { encoding: 'utf8' }).trim(),
    setupSeconds,
    firingSeconds,
    seconds,
    perSecond: planned.length / seconds,
    inFlight,
    steadySeconds,
    ...(steadyPerSecond === undefined ? {} : { steadyPerSecond }),
    ...times,
    confirm: { p50: median(fired.confirmMs), p99: percentile(fired.confirmMs, 0.99) },
    paid: { p50: median(fired.paidMs), p99: percentile(fired.paidMs, 0.99) },
    clientCpuUsPerTransfer: (cpuUsed.user + cpuUsed.system) / Math.max(1, planned.length),
    ...(serverCpuBefore !== undefined && serverCpuAfter !== undefined
      ? {
          serverCpuMsPerTransfer:
            ((serverCpuAfter - serverCpuBefore) * 1000) / Math.max(1, planned.length),
        }
      : {}),
    databaseCpuMsPerTransfer: (databaseCpu * 1000) / Math.max(1, planned.length),
    failures: fired.failures.length,
    ...(fired.failures[0] ? { firstFailure: fired.failures[0].slice(0, 300) } : {}),
    ...(unfinished ? { unfinished } : {}),
    ledgerHolds: ledger.holds,
    ledgerOutput: ledger.output,
    ...(statements ? { statements } : {}),
    lags,
    passed: false,
  };
  run.passed =
    run.failures === 0 &&
    !unfinished &&
    ledger.holds &&
    (run.steadyPerSecond ?? run.perSecond) >= TRANSFERS_PER_SECOND_GOAL;
  return run;
}

/** Prints the scenario's figures; true when it met its goal with every transfer paid out. */
export function printTransfers(run: TransfersRun): boolean {
  const ms = (value: number) => `${value.toFixed(1)} ms`;
  console.log(
    `\nTransfers on PostgreSQL (the server on ${run.serverNode}): ${run.transfers} from ${run.senders} senders, ${run.concurrency} at a time, ` +
      `confirm → "I've paid" → settled (1 s) → payout (1 s a step) → PAYOUT-SUCCESS ` +
      `(setup ${run.setupSeconds.toFixed(1)} s, not measured)`,
  );
  const verdict = `goal ≥ ${TRANSFERS_PER_SECOND_GOAL}/s: ${run.passed ? 'PASS' : 'FAIL'}`;
  console.log(
    run.steadyPerSecond === undefined
      ? `  steady state not reached: the window of ${run.inFlight} in flight was full for ${run.steadySeconds.toFixed(1)} s, under ${STEADY_MIN_SECONDS} s (raise BENCH_TRANSFERS); judged on the whole run`
      : `  ${run.steadyPerSecond.toFixed(1)} transfers/s in the steady state: paid out while ${run.inFlight} were in flight, ` +
          `over the ${run.steadySeconds.toFixed(1)} s from the window's first hold to the last confirm; ${verdict}`,
  );
  console.log(
    `  ${run.perSecond.toFixed(1)} transfers/s over the whole run: all ${run.transfers} paid out ${run.seconds.toFixed(1)} s ` +
      `after the first confirm (every confirm and "I've paid" answered in ${run.firingSeconds.toFixed(1)} s), ` +
      `the last ones' sandbox waits included` +
      (run.steadyPerSecond === undefined ? `; ${verdict}` : ''),
  );
  console.log(
    `  ${run.payoutsPerSecond.toFixed(1)} payouts/s between the first and the last PAYOUT-SUCCESS; ` +
      `confirm → PAYOUT-SUCCESS a transfer: p50 ${(run.endToEnd.p50 / 1000).toFixed(1)} s, ` +
      `p99 ${(run.endToEnd.p99 / 1000).toFixed(1)} s`,
  );
  console.log(
    `  POST confirm: p50 ${ms(run.confirm.p50)}, p99 ${ms(run.confirm.p99)}; ` +
      `POST payment-sent: p50 ${ms(run.paid.p50)}, p99 ${ms(run.paid.p99)}; ` +
      `the load generator's CPU: ${run.clientCpuUsPerTransfer.toFixed(0)} µs a transfer`,
  );
  if (run.serverCpuMsPerTransfer !== undefined)
    console.log(
      `  the server's CPU (/proc, first confirm to last payout): ${ms(run.serverCpuMsPerTransfer)} a transfer; ` +
        `its PostgreSQL backends': ${ms(run.databaseCpuMsPerTransfer)}`,
    );
  printStepLags(run.lags);
  if (run.failures > 0)
    console.log(`  ${run.failures} failed answers, the first: ${run.firstFailure}`);
  if (run.unfinished)
    console.log(`  not all paid out in time; states: ${JSON.stringify(run.unfinished)}`);
  if (run.statements) {
    console.log(
      `  statements the server sent: ${run.statements.total}, ` +
        `${(run.statements.total / run.transfers).toFixed(1)} a transfer; the most frequent:`,
    );
    for (const [text, count] of run.statements.top) {
      console.log(`    ${String(count).padStart(7)}  ${text.slice(0, 110)}`);
    }
  }
  console.log(
    `  ledger:check: ${run.ledgerHolds ? 'holds' : 'FAILED'}${run.ledgerOutput ? ` (${run.ledgerOutput})` : ''}`,
  );
  return run.passed;
}
