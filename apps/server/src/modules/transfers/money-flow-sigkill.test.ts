import crypto from 'node:crypto';
import {
  apiPaths,
  transactionListSchema,
  transactionSchema,
  type SavedQuote,
} from '@corridor/contracts';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { TestClock } from '../../test/clock.ts';
import {
  freePort,
  killRunningServers,
  serverDatabase,
  startServer,
  type ServerDatabase,
  type ServerProcess,
} from '../../test/server-process.ts';
import { createTestApp } from '../../test/test-app.ts';
import { waitUntil } from '../../test/wait-for.ts';
import { expectLedgerHolds } from '../ledger/ledger-test-kit.ts';
import {
  confirmBody,
  freshRate,
  indianRecipient,
  quoteTo,
  readySender,
} from './transfers-test-kit.ts';

/**
 * Issue 29, "Done when": a real server process (`npm start`, on PostgreSQL when the suite runs
 * there, else on the embedded database in a DATA_DIR) killed with SIGKILL in the middle of a load of confirms and "I've paid"s restarts on
 * the same data with every invariant holding (`ledger:check`), no acknowledged transfer lost,
 * and the payouts resuming to PAYOUT-SUCCESS (docs/product/sending-money.md#invariants). The
 * durable jobs of one process handing over to another in-process: money-flow-restart.test.ts.
 */
/** Few senders (each costs a sign-up's password hash), each with several transfers. */
const SENDERS = 3;
const QUOTES_PER_SENDER = 5;
/** Killed as this many "I've paid"s are answered 200, with the rest of the load in flight. */
const KILL_AFTER_PAID = 5;
/** The whole flow on 1-second steps (the least the configuration allows), to keep this quick. */
const FAST_FLOW = { BANK_TRANSFER_SANDBOX_SETTLE_SECONDS: '1', PAYOUT_SANDBOX_STEP_SECONDS: '1' };
/**
 * From "I've paid" to PAYOUT-SUCCESS: 1 s + 5 steps of 1 s each, but on a machine 10 times
 * oversubscribed (load 20 on 2 cores) the restarted server's jobs lagged 20 s and the 15
 * payouts took 40 s.
 */
const PAYOUT_DEADLINE_MS = 90_000;
/**
 * A guard against a hang, not the expected time: two `npm start`s (each importing the app and
 * opening its database) dominate, 30 to 60 s each when 10 runs shared 2 cores (load 20).
 */
const TEST_TIMEOUT_MS = 240_000;

let database: ServerDatabase | undefined;

beforeAll(async () => {
  database = await serverDatabase();
});

afterAll(async () => {
  await killRunningServers();
  await database?.remove();
});

function serverData(): ServerDatabase {
  if (!database) throw new Error('the server database was not made');
  return database;
}

interface Load {
  cookies: Map<string, string>;
  quote: SavedQuote;
  /** The keys confirm and "I've paid" are sent with, so a retry after the restart is the same call. */
  keys: { confirm: string; paid: string };
}

/**
 * The customers made before the server starts, on its database: senders (made side by side) with
 * an ID, a proof of address and source of funds approved, each with a recipient and saved quotes
 * of different amounts (confirm refuses the same amount to the same recipient twice within 10
 * minutes). Sessions live in the database, so their cookies sign the customers in to the real
 * process.
 */
async function arrangeCustomers(): Promise<Load[]> {
  const handle = await serverData().open();
  const clock = new TestClock();
  const testApp = await createTestApp({ database: handle, clock, startJobs: false });
  try {
    await freshRate(handle.db, clock);
    const perSender = await Promise.all(
      Array.from({ length: SENDERS }, async (_, sender) => {
        const { browser } = await readySender(testApp.app, handle.db, clock, {
          documents: ['POI', 'POA', 'SOF'],
        });
        const recipient = await indianRecipient(browser, handle.db);
        const loads: Load[] = [];
        for (let n = 0; n < QUOTES_PER_SENDER; n += 1) {
          const amount = String(20 + sender * QUOTES_PER_SENDER + n);
          loads.push({
            cookies: browser.cookies,
            quote: await quoteTo(browser, recipient, amount),
            keys: { confirm: crypto.randomUUID(), paid: crypto.randomUUID() },
          });
        }
        return loads;
      }),
    );
    return perSender.flat();
  } finally {
    await testApp.close();
    await handle.close();
  }
}

/** The loads of each sender (by its session's cookies), in the order given. */
function queuesBySender(loads: Load[]): Iterable<Load[]> {
  const queues = new Map<Map<string, string>, Load[]>();
  for (const load of loads) queues.set(load.cookies, [...(queues.get(load.cookies) ?? []), load]);
  return queues.values();
}

async function startOnDatabase(): Promise<{ server: ServerProcess; origin: string }> {
  const port = await freePort();
  const server = startServer(serverData().environment({ PORT: String(port), ...FAST_FLOW }));
  await server.ready;
  return { server, origin: `http://127.0.0.1:${port}` };
}

/**
 * A request over real HTTP with the load's session cookies and XSRF echo (as FetchBrowser
 * sends them) and, on a POST, an Idempotency-Key, as a client that retries after a lost answer.
 */
function send(origin: string, load: Load, url: string, post?: { body: unknown; key: string }) {
  const cookie = [...load.cookies].map(([name, value]) => `${name}=${value}`).join('; ');
  const headers: Record<string, string> = { accept: 'application/json', cookie };
  if (post) {
    headers['content-type'] = 'application/json';
    headers['x-xsrf-token'] = decodeURIComponent(load.cookies.get('XSRF-TOKEN') ?? '');
    headers['idempotency-key'] = post.key;
  }
  return fetch(`${origin}${url}`, {
    method: post ? 'POST' : 'GET',
    headers,
    ...(post ? { body: JSON.stringify(post.body) } : {}),
  });
}

it(
  'restarts after a SIGKILL under a load of transfers with no acknowledged transfer lost, the ledger holding and the payouts resuming',
  async () => {
    // One process owns an embedded DATA_DIR: there the server starts once the customers are
    // made; on PostgreSQL it starts while they are made.
    const starting = serverData().kind === 'postgres' ? startOnDatabase() : undefined;
    const loads = await arrangeCustomers();
    const first = await (starting ?? startOnDatabase());

    /** Confirms answered 201 (quote id → transaction), and "I've paid"s answered 200. */
    const confirmed = new Map<string, { transactionId: string; paymentId: string }>();
    const paid = new Set<string>();
    let killed = false;
    // Each sender's transfers one after another, the senders side by side. The kill comes in the
    // task that takes the KILL_AFTER_PAID-th "I've paid" answer, so the rest of the load is in
    // flight or not sent yet, whatever the machine's speed. (Polled for instead, and with every
    // transfer sent at once, a faster server had answered all of them before the kill.)
    const flows = [...queuesBySender(loads)].map(async (queue) => {
      for (const load of queue) {
        const answer = await send(first.origin, load, apiPaths.quoteConfirm(load.quote.id), {
          body: confirmBody(load.quote),
          key: load.keys.confirm,
        });
        if (answer.status !== 201)
          throw new Error(`confirm ${answer.status}: ${await answer.text()}`);
        const transaction = transactionSchema.parse(await answer.json());
        confirmed.set(load.quote.id, {
          transactionId: transaction.id,
          paymentId: transaction.payment.id,
        });
        const sent = await send(first.origin, load, apiPaths.paymentSent(transaction.payment.id), {
          body: {},
          key: load.keys.paid,
        });
        if (sent.status !== 200)
          throw new Error(`payment-sent ${sent.status}: ${await sent.text()}`);
        paid.add(transaction.id);
        if (paid.size === KILL_AFTER_PAID) {
          killed = first.server.child.kill('SIGKILL');
        }
      }
    });
    // Requests still in flight fail with the connection when the process dies: expected.
    const outcomes = await Promise.allSettled(flows);
    // A load that ended before the kill answered something else than 201/200: say what.
    expect(
      killed,
      outcomes
        .map((outcome) => (outcome.status === 'rejected' ? String(outcome.reason) : 'done'))
        .join('; '),
    ).toBe(true);
    expect(await first.server.exited).toBeNull();
    // The kill landed in the middle: some of the load was acknowledged, some never was.
    expect(outcomes.some((outcome) => outcome.status === 'rejected')).toBe(true);
    for (const outcome of outcomes) {
      if (outcome.status === 'rejected')
        expect(String(outcome.reason), first.server.output()).not.toMatch(
          /^Error: (confirm|payment-sent) \d/,
        );
    }

    const second = await startOnDatabase();
    // Every acknowledged confirm survived; the client retries the rest with the same keys, as
    // it would after losing the connection, and pays every transfer (each customer's side by
    // side, as the first process got them).
    await Promise.all(
      loads.map(async (load) => {
        const before = confirmed.get(load.quote.id);
        if (before) {
          const read = await send(second.origin, load, apiPaths.transaction(before.transactionId));
          expect(read.status, await read.clone().text()).toBe(200);
        }
        const answer = await send(second.origin, load, apiPaths.quoteConfirm(load.quote.id), {
          body: confirmBody(load.quote),
          key: load.keys.confirm,
        });
        expect(answer.status, await answer.clone().text()).toBe(201);
        const transaction = transactionSchema.parse(await answer.json());
        if (before) expect(transaction.id).toBe(before.transactionId);
        confirmed.set(load.quote.id, {
          transactionId: transaction.id,
          paymentId: transaction.payment.id,
        });
        const sent = await send(second.origin, load, apiPaths.paymentSent(transaction.payment.id), {
          body: {},
          key: load.keys.paid,
        });
        expect(sent.status, await sent.clone().text()).toBe(200);
      }),
    );

    // The payouts resume: the ones paid before the kill and the ones paid since all finish. Read
    // as each sender's list (one request per sender, not per transfer), to leave the busy
    // server's time to the jobs.
    const senders = new Map(loads.map((load) => [load.cookies, load]));
    const paidOut = new Set<string>();
    await waitUntil(async () => {
      await Promise.all(
        [...senders.values()].map(async (load) => {
          const list = await send(second.origin, load, `${apiPaths.transactions}?limit=50`);
          for (const transaction of transactionListSchema.parse(await list.json()).data)
            if (transaction.state.code === 'PAYOUT-SUCCESS') paidOut.add(transaction.id);
        }),
      );
      return [...confirmed.values()].every(({ transactionId }) => paidOut.has(transactionId));
    }, PAYOUT_DEADLINE_MS);

    // `ledger:check` on the data the killed process left and the restarted one finished.
    second.server.child.kill('SIGTERM');
    expect(await second.server.exited).toBe(0);
    const handle = await serverData().open();
    const checker = await createTestApp({ database: handle, startJobs: false });
    try {
      await expectLedgerHolds(checker.app);
    } finally {
      await checker.close();
      await handle.close();
    }
  },
  TEST_TIMEOUT_MS,
);
