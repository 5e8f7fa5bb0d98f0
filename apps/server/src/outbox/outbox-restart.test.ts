import crypto from 'node:crypto';
import type { AddressInfo } from 'node:net';
import {
  customerChannel,
  realtimeEvents,
  type OutboxMessage as MailboxEntry,
} from '@corridor/contracts';
import type { FastifyInstance } from 'fastify';
import type Pusher from 'pusher-js';
import { afterAll, afterEach, beforeAll, expect, it } from 'vitest';
import type { DatabaseHandle } from '../db/database.ts';
import { appSecrets } from '../lib/app-key.schema.ts';
import { outboxMessages } from './outbox.schema.ts';
import type { Jobs } from '../jobs/index.ts';
import { createMemoryBus, type FanOutBus } from '../modules/realtime/hub-network.ts';
import { authorizeAs, connectPusher, pusherOptions, subscribed } from '../test/realtime-client.ts';
import { createTestApp, createTestDatabase, type TestApp } from '../test/test-app.ts';
import { TestBrowser } from '../test/test-browser.ts';
import { waitFor } from '../test/wait-for.ts';
import { realtimeMessage } from '../modules/realtime/index.ts';
import { mailMessage } from '../modules/mail/index.ts';
import { kickAfterResponses } from './kick-after-responses.ts';
import type { Outbox } from './outbox.ts';
import { signedInCustomer } from '../test/factories.ts';

/**
 * Issue 12's done-when: a use case commits a row, an email and a realtime event; the process
 * stops before the outbox is dispatched; after a restart on the same database the email is in
 * the mailbox once and a real pusher-js client hears the event once, and dispatching again
 * changes nothing.
 */
const credentialEnv = {
  PUSHER_APP_ID: 'corridor-outbox',
  PUSHER_APP_KEY: 'outbox-key-0001',
  PUSHER_APP_SECRET: 'outbox-secret-0123456789',
};
const NOTE_PATH = '/client/v1/test/profile-note';

let database: DatabaseHandle;
const clients: Pusher[] = [];
const cleanups: (() => Promise<void>)[] = [];

beforeAll(async () => {
  database = await createTestDatabase();
});
afterEach(async () => {
  for (const client of clients.splice(0)) client.disconnect();
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});
afterAll(async () => {
  await database.close();
});

interface ProductProcess {
  testApp: TestApp;
  jobs: Jobs;
  outbox: Outbox;
}

/** One process of the product: the app with its jobs and outbox, wired as app.ts will be. */
async function startProcess(
  options: {
    kicks?: 'in-the-route' | 'after-responses';
    fanOutBus?: FanOutBus;
    /** Whether this process works its jobs (false: it commits but never dispatches). */
    work?: boolean;
  } = {},
): Promise<ProductProcess> {
  const kicks = options.kicks ?? 'in-the-route';
  const parts: Partial<Pick<ProductProcess, 'jobs' | 'outbox'>> = {};
  const testApp = await createTestApp({
    database,
    env: credentialEnv,
    ...(options.fanOutBus ? { fanOutBus: options.fanOutBus } : {}),
    // The app's own jobs and outbox; a process that does not work them never dispatches.
    startJobs: options.work ?? true,
    beforeReady: (app: FastifyInstance) => {
      const { jobs, outbox } = app;
      Object.assign(parts, { jobs, outbox });
      if (kicks === 'after-responses') kickAfterResponses(app, outbox);

      // The toy use case: one transaction writes a row, an email and a realtime event.
      app.post(NOTE_PATH, async (request) => {
        const customerId = request.session?.customer_id;
        if (!customerId) throw new Error('signed in only');
        const aggregate = { type: 'customer', id: customerId };
        await database.db.transaction(async (tx) => {
          await tx.insert(appSecrets).values({ name: `note:${crypto.randomUUID()}`, value: 'x' });
          await outbox.add(
            tx,
            mailMessage(aggregate, {
              to: 'outbox-restart@example.com',
              subject: 'Your Corridor profile changed',
              text: 'Your profile changed.\n\nThe Corridor team',
              html: '<p>Your profile changed.</p>',
            }),
          );
          await outbox.add(
            tx,
            realtimeMessage(aggregate, {
              channel: customerChannel(customerId),
              event: realtimeEvents.customerProfileUpdated,
              data: { customer_id: customerId },
            }),
          );
        });
        if (kicks === 'in-the-route') outbox.kick();
        return { ok: true };
      });
    },
  });
  const { jobs, outbox } = parts;
  if (!jobs || !outbox) throw new Error('not wired');
  cleanups.push(() => testApp.close());
  return { testApp, jobs, outbox };
}

async function mailboxCount(app: FastifyInstance): Promise<number> {
  const response = await app.inject({ method: 'GET', url: '/dev/mailbox.json' });
  return response.json<MailboxEntry[]>().filter((mail) => mail.to === 'outbox-restart@example.com')
    .length;
}

it('delivers what a stopped process committed, after a restart, exactly once', async () => {
  // The customer's tab is connected to another process of the product (a hub sharing the
  // fan-out bus), so it hears the event whichever process delivers it.
  const bus = createMemoryBus();
  const listener = await createTestApp({ database, env: credentialEnv, fanOutBus: bus.connect() });
  cleanups.push(() => listener.close());
  await listener.app.listen({ port: 0, host: '127.0.0.1' });
  const port = (listener.app.server.address() as AddressInfo).port;
  const { browser: tab, customerId } = await signedInCustomer(listener.app, database.db);
  const client = await connectPusher(
    credentialEnv.PUSHER_APP_KEY,
    pusherOptions(port, { channelAuthorization: { customHandler: authorizeAs(tab) } }),
    clients,
  );
  const channel = await subscribed(client, customerChannel(customerId));
  const heard: unknown[] = [];
  channel.bind(realtimeEvents.customerProfileUpdated, (data: unknown) => heard.push(data));

  // Process 1 commits the use case and stops before its outbox is dispatched (its jobs never run).
  const first = await startProcess({ fanOutBus: bus.connect(), work: false });
  const browser = new TestBrowser(first.testApp.app);
  for (const [name, value] of tab.cookies) browser.cookies.set(name, value);
  expect((await browser.post(NOTE_PATH, {})).statusCode).toBe(200);
  const pending = await database.db.select().from(outboxMessages).orderBy(outboxMessages.sequence);
  expect(pending.map((row) => [row.kind, row.dispatched_at])).toEqual([
    ['mail', null],
    ['realtime', null],
  ]);
  await first.testApp.close();
  expect(heard).toEqual([]);
  expect(await mailboxCount(listener.app)).toBe(0);

  // Process 1 again, restarted on the same database: its jobs deliver what was left.
  const second = await startProcess({ fanOutBus: bus.connect() });
  await second.jobs.idle();
  await waitFor(() => heard.length > 0);
  expect(heard).toEqual([{ customer_id: customerId }]);
  expect(await mailboxCount(listener.app)).toBe(1);
  const delivered = await database.db.select().from(outboxMessages);
  expect(delivered.every((row) => row.dispatched_at !== null)).toBe(true);

  // Dispatching again (a kick, a pass) delivers nothing more.
  second.outbox.kick();
  await second.jobs.idle();
  expect(await second.outbox.dispatch()).toEqual({ delivered: 0, failed: 0 });
  await new Promise((resolve) => setTimeout(resolve, 300));
  expect(heard).toHaveLength(1);
  expect(await mailboxCount(listener.app)).toBe(1);
});

it('dispatches what a request added once it has answered, without a kick in the use case', async () => {
  const { testApp, jobs } = await startProcess({ kicks: 'after-responses' });
  await jobs.idle();
  const before = await mailboxCount(testApp.app);
  const { browser } = await signedInCustomer(testApp.app, database.db);
  expect((await browser.post(NOTE_PATH, {})).statusCode).toBe(200);
  // Well before the periodic dispatch (10 s) would find it.
  const deadline = performance.now() + 3000;
  while ((await mailboxCount(testApp.app)) === before) {
    if (performance.now() > deadline) throw new Error('not dispatched within 3 s');
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  await jobs.idle();
  expect(await mailboxCount(testApp.app)).toBe(before + 1);
});
