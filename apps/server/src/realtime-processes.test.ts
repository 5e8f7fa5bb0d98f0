import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {
  apiPaths,
  countryListSchema,
  customerChannel,
  customerSchema,
  realtimeEvents,
} from '@corridor/contracts';
import PusherServer from 'pusher';
import type Pusher from 'pusher-js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  freePort,
  killRunningServers,
  startServer,
  type ServerProcess,
} from './test/server-process.ts';
import {
  connectPusher,
  leftConnected,
  nextEvent,
  pusherEnv,
  pusherOptions,
  subscribed,
  type Authorize,
} from './test/realtime-client.ts';
import { FetchBrowser } from './test/fetch-browser.ts';
import { STRONG_PASSWORD } from './test/test-browser.ts';
import { onPostgresServer } from './test/postgres-server.ts';
import { inheritedEnvironment, testEnvironment } from './test/test-config.ts';
import { CONDITION_DEADLINE_MS } from './test/wait-for.ts';

/**
 * Two OS processes of the server, as two replicas of one deployment: one PostgreSQL database, one
 * Redis (and one REDIS_PREFIX). A client connected to A must hear what reaches B, and a session
 * ended on B must lose its socket on A. Only with real services: the in-process variant with an
 * in-memory bus lives in modules/realtime/broadcaster.test.ts.
 */
const credentials = {
  appId: 'corridor-processes',
  key: 'processes-key-0001',
  secret: 'processes-secret-0123456789',
};

/** A pusher-js client on `port`, authorised through `browser`'s session (as the SPA does). */
function connect(port: number, browser: FetchBrowser, track: Pusher[]): Promise<Pusher> {
  const authorize: Authorize = ({ socketId, channelName }, callback) => {
    browser
      .post(apiPaths.broadcastingAuth, { socket_id: socketId, channel_name: channelName })
      .then(async (response) =>
        response.status === 200
          ? callback(null, (await response.json()) as { auth: string })
          : callback(new Error(`auth ${response.status}: ${await response.text()}`), null),
      )
      .catch((error: unknown) => callback(error as Error, null));
  };
  return connectPusher(
    credentials.key,
    pusherOptions(port, { channelAuthorization: { customHandler: authorize } }),
    track,
  );
}

const subscribe = subscribed;
const next = nextEvent;

/** Rejects with `what` unless `promise` settles within `ms`: a deadline, not a pause. */
async function within<T>(ms: number, what: string, promise: Promise<T>): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const deadline = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`${what}: not within ${ms} ms`)), ms);
  });
  try {
    return await Promise.race([promise, deadline]);
  } finally {
    clearTimeout(timer);
  }
}

describe.runIf(Boolean(testEnvironment.databaseUrl && testEnvironment.redisUrl))(
  'two server processes on one PostgreSQL database and one Redis (needs DATABASE_URL + REDIS_URL)',
  () => {
    const serverUrl = testEnvironment.databaseUrl ?? '';
    const databaseName = `corridor_test_${crypto.randomBytes(6).toString('hex')}`;
    const dataDirs: string[] = [];
    const clients: Pusher[] = [];
    let databaseCreated = false;

    const onServer = (sql: string) => onPostgresServer(serverUrl, sql);

    function processEnv(databaseUrl: string, redisPrefix: string, port: number) {
      // Only this test's database, Redis and credentials, whatever the runner inherited.
      const inherited = Object.fromEntries(
        Object.entries(inheritedEnvironment()).filter(([name]) => !name.startsWith('PUSHER_')),
      );
      const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'corridor-processes-'));
      dataDirs.push(dataDir);
      return {
        ...inherited,
        NODE_ENV: 'test',
        LOG_LEVEL: 'warn',
        DATABASE_URL: databaseUrl,
        REDIS_URL: testEnvironment.redisUrl,
        REDIS_PREFIX: redisPrefix,
        ...pusherEnv(credentials),
        PORT: String(port),
        DATA_DIR: dataDir,
      };
    }

    let portA = 0;
    let portB = 0;
    let serverA: ServerProcess;
    let serverB: ServerProcess;

    beforeAll(async () => {
      // Not migrated here: both processes migrate at start, under the advisory lock.
      await onServer(`create database "${databaseName}"`);
      databaseCreated = true;
      const databaseUrl = new URL(serverUrl);
      databaseUrl.pathname = `/${databaseName}`;
      const redisPrefix = `test:${crypto.randomUUID()}:`;
      [portA, portB] = [await freePort(), await freePort()];
      serverA = startServer(processEnv(databaseUrl.toString(), redisPrefix, portA));
      serverB = startServer(processEnv(databaseUrl.toString(), redisPrefix, portB));
      // At the same time, so both race for the migrations.
      await Promise.all([serverA.ready, serverB.ready]);
    });

    afterAll(async () => {
      for (const client of clients.splice(0)) client.disconnect();
      await killRunningServers();
      if (databaseCreated) await onServer(`drop database if exists "${databaseName}" with (force)`);
      for (const dataDir of dataDirs) fs.rmSync(dataDir, { recursive: true, force: true });
    });

    it('delivers to a client of A what reaches B, and closes it when B ends its session', async () => {
      // (1) An account, signed up on B.
      const browserB = new FetchBrowser(`http://127.0.0.1:${portB}`);
      const signup = await browserB.post(apiPaths.signup, {
        email: 'two-processes@example.com',
        password: STRONG_PASSWORD,
        confirm_password: STRONG_PASSWORD,
      });
      expect(signup.status).toBe(201);
      const customer = customerSchema.parse(await signup.json());

      // (2) Its socket on A, its private channel authorised by B.
      const client = await connect(portA, browserB, clients);
      const channel = await subscribe(client, customerChannel(customer.id));

      // (3) The signed trigger API of B, through the official server SDK: exactly once on A.
      const triggered: unknown[] = [];
      channel.bind('trigger-api-check', (data: unknown) => triggered.push(data));
      const firstTriggered = next(channel, 'trigger-api-check');
      const sdk = new PusherServer({
        ...credentials,
        host: '127.0.0.1',
        port: String(portB),
        useTLS: false,
      });
      const trigger = await sdk.trigger(customerChannel(customer.id), 'trigger-api-check', {
        from: 'process B',
      });
      expect(trigger.status).toBe(200);
      expect(
        await within(CONDITION_DEADLINE_MS, 'trigger on B reaching A', firstTriggered),
      ).toEqual({
        from: 'process B',
      });
      // The one pause: long enough for a duplicate through a second path to show up.
      await new Promise((resolve) => setTimeout(resolve, 200));
      expect(triggered).toHaveLength(1);

      // (4) A domain event: a profile change on B reaches A.
      const countries = countryListSchema.parse(
        await (await browserB.get(apiPaths.countries)).json(),
      );
      const gb = countries.data.find((country) => country.iso2_alpha === 'GB');
      if (!gb) throw new Error('no GB in the reference data');
      const profileUpdated = next(channel, realtimeEvents.customerProfileUpdated);
      expect((await browserB.post(apiPaths.updateCountry, { country_id: gb.id })).status).toBe(200);
      expect(
        await within(CONDITION_DEADLINE_MS, 'CustomerProfileUpdated reaching A', profileUpdated),
      ).toEqual({
        customer_id: customer.id,
      });

      // (5) Logging out on B tells the tab on A, then closes its socket (pusher:error 4009).
      const sessionId = customer.session?.id;
      const told = next(channel, realtimeEvents.deviceSignedOut);
      const closed = leftConnected(client);
      expect((await browserB.post(apiPaths.logout)).status).toBe(204);
      expect(await within(CONDITION_DEADLINE_MS, 'DeviceSignedOut reaching A', told)).toEqual({
        session_id: sessionId,
      });
      await within(
        CONDITION_DEADLINE_MS,
        'the socket on A leaving "connected" after logout on B',
        closed,
      );

      // (6) Both stop cleanly.
      client.disconnect();
      serverA.child.kill('SIGTERM');
      serverB.child.kill('SIGTERM');
      expect(await serverA.exited).toBe(0);
      expect(await serverB.exited).toBe(0);
    }, 120_000);
  },
);
