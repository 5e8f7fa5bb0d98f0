import {
  apiPaths,
  countryListSchema,
  customerChannel,
  customerSchema,
  realtimeEvents,
} from '@corridor/contracts';
import type { FastifyInstance } from 'fastify';
import PusherServer from 'pusher';
import type Pusher from 'pusher-js';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../../db/database.ts';
import { HOUR, MINUTE, TestClock } from '../../test/clock.ts';
import {
  createTestApp,
  createTestDatabase,
  type TestApp,
  type TestAppOptions,
} from '../../test/test-app.ts';
import { testEnvironment } from '../../test/test-config.ts';
import {
  authorizeAs,
  connectPusher,
  disconnectAll,
  leftConnected,
  listenOnLoopback,
  nextEvent,
  pusherEnv,
  pusherOptions,
  subscribed as subscribe,
} from '../../test/realtime-client.ts';
import { signUpCustomer, STRONG_PASSWORD, TestBrowser } from '../../test/test-browser.ts';
import { waitFor } from '../../test/wait-for.ts';
import { validatePayload } from './broadcaster.ts';
import { createMemoryBus } from './hub-network.ts';
import type { PusherCredentials } from './protocol.ts';

/** Domain events reaching real pusher-js clients, through each broadcaster driver (docs/product/realtime.md#events). */
const credentials: PusherCredentials = {
  appId: 'corridor-events',
  key: 'events-key-0001',
  secret: 'events-secret-0123456789',
};
const credentialEnv = pusherEnv(credentials);

const clients: Pusher[] = [];
/**
 * Building an app on a fresh embedded database took most of each test's 8–13 s on a busy
 * machine, so the file has one database, and the tests whose app needs nothing of its own share
 * one app. The apps of one test are closed after it (a moved clock must not outlive it).
 */
let database: DatabaseHandle;
let shared: { testApp: TestApp; port: number };
const testApps: TestApp[] = [];
beforeAll(async () => {
  database = await createTestDatabase();
  const testApp = await createTestApp({ env: credentialEnv, database });
  shared = { testApp, port: await listenOnLoopback(testApp.app) };
});
afterEach(async () => {
  disconnectAll(clients);
  for (const testApp of testApps.splice(0)) await testApp.close();
  // The next test starts with no socket of this one left on the shared hub.
  if (shared) await waitFor(() => shared.testApp.app.realtime.connectionCount() === 0);
});
afterAll(async () => {
  await shared?.testApp.close();
  await database?.close();
});

/** An app of this test's own on the file's database, listening on a free port. */
async function ownApp(options: Omit<TestAppOptions, 'database'> = {}) {
  const testApp = await createTestApp({ env: credentialEnv, ...options, database });
  testApps.push(testApp);
  return { testApp, port: await listenOnLoopback(testApp.app) };
}

let emails = 0;
async function signUp(app: FastifyInstance) {
  emails += 1;
  const email = `realtime-events-${emails}@example.com`;
  return { email, ...(await signUpCustomer(app, email)) };
}

/** A pusher-js client on `port`, authorised through `browser`'s session (as the SPA does). */
const connect = (port: number, browser: TestBrowser): Promise<Pusher> =>
  connectPusher(
    credentials.key,
    pusherOptions(port, { channelAuthorization: { customHandler: authorizeAs(browser) } }),
    clients,
  );
const next = nextEvent;

async function countryId(app: FastifyInstance, iso2: string): Promise<string> {
  const list = countryListSchema.parse(
    (await app.inject({ method: 'GET', url: apiPaths.countries })).json(),
  );
  const found = list.data.find((country) => country.iso2_alpha === iso2);
  if (!found) throw new Error(`no country ${iso2}`);
  return found.id;
}

describe('payload validation', () => {
  it('refuses a payload that does not match the contract', () => {
    expect(validatePayload(realtimeEvents.deviceSignedOut, { session_id: 's' })).toEqual({
      session_id: 's',
    });
    expect(() => validatePayload(realtimeEvents.deviceSignedOut, { customer_id: 'c' })).toThrow();
  });
});

describe('domain events on the customer channel (this process)', () => {
  it('emits CustomerProfileUpdated after an attribute update', async () => {
    const { testApp, port } = shared;
    const { app } = testApp;
    const { browser, customer } = await signUp(app);
    const gb = await countryId(app, 'GB');
    expect((await browser.post('/client/v1/update-country', { country_id: gb })).statusCode).toBe(
      200,
    );

    const client = await connect(port, browser);
    const channel = await subscribe(client, customerChannel(customer.id));
    const received = next(channel, realtimeEvents.customerProfileUpdated);
    const response = await browser.post('/client/v1/update?category=identity', {
      name: 'Ada',
      second_name: 'King',
      third_name: 'Lovelace',
      birth_detail: { birth_date: '1990-12-10' },
      nationality_id: gb,
    });
    expect(response.statusCode).toBe(200);
    expect(await received).toEqual({ customer_id: customer.id });
  });

  it('tells a signed-out device, then closes its socket; the other device stays', async () => {
    const { testApp, port } = shared;
    const { app } = testApp;
    const { browser: laptop, email, customer } = await signUp(app);
    const phone = new TestBrowser(app);
    const login = await phone.post(apiPaths.login, { email, password: STRONG_PASSWORD });
    expect(login.statusCode).toBe(200);
    const phoneSessionId = customerSchema.parse(login.json()).session?.id;
    expect(phoneSessionId).toBeDefined();

    const laptopClient = await connect(port, laptop);
    const laptopChannel = await subscribe(laptopClient, customerChannel(customer.id));
    const phoneClient = await connect(port, phone);
    const phoneChannel = await subscribe(phoneClient, customerChannel(customer.id));
    const phoneDisconnected = leftConnected(phoneClient);

    const laptopHeard = next(laptopChannel, realtimeEvents.deviceSignedOut);
    const phoneHeard = next(phoneChannel, realtimeEvents.deviceSignedOut);
    const response = await laptop.request('DELETE', `/client/v1/device/${phoneSessionId}`);
    expect(response.statusCode).toBe(204);
    // The phone hears it before its socket closes: that is how its app knows to show sign-in.
    expect(await phoneHeard).toEqual({ session_id: phoneSessionId });
    expect(await laptopHeard).toEqual({ session_id: phoneSessionId });
    await phoneDisconnected;
    expect(laptopClient.connection.state).toBe('connected');
    // A stale page asking again is refused: the session is gone (docs/product/realtime.md#conformance-cases, case 14).
    const again = await phone.post(apiPaths.broadcastingAuth, {
      socket_id: '1.2',
      channel_name: customerChannel(customer.id),
    });
    expect(again.statusCode).toBe(401);
  });

  it('signing out tells the other tabs of the session and closes every socket of it', async () => {
    const { testApp, port } = shared;
    const { browser, customer, sessionId } = await signUp(testApp.app);
    // Two tabs of one browser share the session; the first one signs out.
    const [signingOut, other] = [await connect(port, browser), await connect(port, browser)];
    const ownChannel = await subscribe(signingOut, customerChannel(customer.id));
    const otherChannel = await subscribe(other, customerChannel(customer.id));
    let echoed = false;
    ownChannel.bind(realtimeEvents.deviceSignedOut, () => (echoed = true));
    const heard = next(otherChannel, realtimeEvents.deviceSignedOut);
    const closed = [leftConnected(signingOut), leftConnected(other)];
    const response = await browser.request('POST', apiPaths.logout, undefined, {
      'x-socket-id': signingOut.connection.socket_id,
    });
    expect(response.statusCode).toBe(204);
    expect(await heard).toEqual({ session_id: sessionId });
    await Promise.all(closed);
    // The tab that asked knows already (X-Socket-ID, docs/product/realtime.md#conformance-cases, case 15): no event raced its own sign-out.
    expect(echoed).toBe(false);
    expect(testApp.app.realtime.connectionCount()).toBe(0);
  });

  it('skips the tab that changed the profile (X-Socket-ID) and tells the others', async () => {
    const { testApp, port } = shared;
    const { browser, customer } = await signUp(testApp.app);
    const [editing, other] = [await connect(port, browser), await connect(port, browser)];
    const editingChannel = await subscribe(editing, customerChannel(customer.id));
    const otherChannel = await subscribe(other, customerChannel(customer.id));
    let echoed = false;
    editingChannel.bind(realtimeEvents.customerProfileUpdated, () => (echoed = true));
    const heard = next(otherChannel, realtimeEvents.customerProfileUpdated);
    const gb = await countryId(testApp.app, 'GB');
    const response = await browser.request(
      'POST',
      apiPaths.updateCountry,
      { country_id: gb },
      { 'x-socket-id': editing.connection.socket_id },
    );
    expect(response.statusCode).toBe(200);
    expect(await heard).toEqual({ customer_id: customer.id });
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(echoed).toBe(false);
  });

  it('ends the sockets of a session that idles out, without any request (session sweeper)', async () => {
    const clock = new TestClock();
    const { testApp, port } = await ownApp({ clock, realtimeTimers: { sessionSweepMs: 100 } });
    const { browser, customer, sessionId } = await signUp(testApp.app);
    const client = await connect(port, browser);
    const channel = await subscribe(client, customerChannel(customer.id));
    // Still live: sweeps come and go and nothing happens.
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(client.connection.state).toBe('connected');

    const heard = next(channel, realtimeEvents.deviceSignedOut);
    const closed = leftConnected(client);
    clock.advance(31 * MINUTE);
    expect(await heard).toEqual({ session_id: sessionId });
    await closed;
    expect((await browser.get(apiPaths.profile)).statusCode).toBe(401);
  });

  it('ends the sockets of a session found idle by a request', async () => {
    const clock = new TestClock();
    // The sweeper is out of the way: the request alone must do it.
    const { testApp, port } = await ownApp({ clock, realtimeTimers: { sessionSweepMs: HOUR } });
    const { browser, customer } = await signUp(testApp.app);
    const client = await connect(port, browser);
    await subscribe(client, customerChannel(customer.id));
    const closed = leftConnected(client);
    clock.advance(31 * MINUTE);
    expect((await browser.get(apiPaths.profile)).statusCode).toBe(401);
    await closed;
  });
});

/**
 * Two apps, one event: a client on app A hears what app B publishes. With DATABASE_URL and
 * REDIS_URL (CI) through real Redis pub/sub on one PostgreSQL database; otherwise two apps on
 * one PGlite database share an in-memory bus that stands in for Redis — the fan-out logic is
 * covered, Redis itself is not (realtime-processes.test.ts runs two real processes on both).
 */
const acrossRedis = Boolean(testEnvironment.databaseUrl && testEnvironment.redisUrl);
describe(
  acrossRedis
    ? 'fan-out across two apps through Redis pub/sub'
    : 'fan-out across two apps through an in-memory bus (Redis stand-in; no REDIS_URL/DATABASE_URL)',
  () => {
    // One pair for both tests, on the file's database.
    let pair: { a: TestApp; b: TestApp; portA: number; portB: number };
    beforeAll(async () => {
      const memoryBus = createMemoryBus();
      // Both apps on one Redis prefix, as two processes of one deployment are.
      const prefix = `test:${crypto.randomUUID()}:`;
      const build = () =>
        acrossRedis
          ? createTestApp({ env: { ...credentialEnv, REDIS_PREFIX: prefix }, database })
          : createTestApp({ env: credentialEnv, database, fanOutBus: memoryBus.connect() });
      const a = await build();
      const b = await build();
      pair = { a, b, portA: await listenOnLoopback(a.app), portB: await listenOnLoopback(b.app) };
    });
    afterAll(async () => {
      await pair?.a.close();
      await pair?.b.close();
    });
    const twoApps = () => pair;

    it('delivers what app B publishes to a client of app A, exactly once', async () => {
      const { a, b, portA, portB } = twoApps();
      const { browser, customer } = await signUp(a.app);
      const client = await connect(portA, browser);
      const channel = await subscribe(client, customerChannel(customer.id));
      const received: unknown[] = [];
      channel.bind(realtimeEvents.customerProfileUpdated, (data: unknown) => received.push(data));

      const first = next(channel, realtimeEvents.customerProfileUpdated);
      await b.app.broadcaster.broadcast(
        customerChannel(customer.id),
        realtimeEvents.customerProfileUpdated,
        { customer_id: customer.id },
      );
      expect(await first).toEqual({ customer_id: customer.id });

      // The signed HTTP trigger API of B reaches A too.
      const triggered = next(channel, 'Probe');
      await sdk(portB).trigger(customerChannel(customer.id), 'Probe', { n: 1 });
      expect(await triggered).toEqual({ n: 1 });

      await new Promise((resolve) => setTimeout(resolve, 200));
      expect(received).toHaveLength(1);
    });

    it('closes a socket on A when its session, authorised through B, is signed out on B', async () => {
      const { a, b, portA } = twoApps();
      // The browser talks to B (the balancer sent it there); its socket landed on A.
      const { browser, customer, sessionId } = await signUp(b.app);
      const client = await connect(portA, browser);
      const channel = await subscribe(client, customerChannel(customer.id));
      await waitFor(() => a.app.realtime.sessionIds().includes(sessionId));

      const heard = next(channel, realtimeEvents.deviceSignedOut);
      const closed = leftConnected(client);
      expect((await browser.post(apiPaths.logout, {})).statusCode).toBe(204);
      expect(await heard).toEqual({ session_id: sessionId });
      await closed;
    });
  },
);

describe('when Redis is down', () => {
  it('starts, reports not ready, refuses sign-in with 503, and still delivers to its own sockets', async () => {
    const { testApp, port } = await ownApp({
      // Nothing listens on port 1: Redis is down from the start.
      env: { ...credentialEnv, REDIS_URL: 'redis://127.0.0.1:1' },
      realtimeTimers: { fanOutStartTimeoutMs: 200 },
    });
    expect(testApp.logs()).toContainEqual(
      expect.objectContaining({ event: 'realtime.fan_out_unavailable' }),
    );
    const ready = await testApp.app.inject({ method: 'GET', url: '/readyz' });
    expect(ready.statusCode).toBe(503);
    expect(ready.json()).toEqual({
      status: 'unavailable',
      checks: { database: 'ok', redis: 'unavailable' },
    });
    // Sign-in limits cannot be counted: refused, never let through uncounted, never a bare 500.
    const signIn = await new TestBrowser(testApp.app).post(apiPaths.login, {
      email: 'nobody@example.com',
      password: STRONG_PASSWORD,
    });
    expect(signIn.statusCode).toBe(503);
    expect(signIn.headers['retry-after']).toBe('5');
    expect(signIn.json()).toEqual({ message: 'The service is temporarily unavailable.' });

    const client = await connectPusher(credentials.key, pusherOptions(port), clients);
    const channel = await subscribe(client, 'news');
    const received = next(channel, 'Probe');
    await sdk(port).trigger('news', 'Probe', { n: 2 });
    expect(await received).toEqual({ n: 2 });
    expect(testApp.logs()).toContainEqual(
      expect.objectContaining({ event: 'realtime.fan_out_failed' }),
    );
  });
});

describe('external Pusher-compatible service (our own trigger API standing in)', () => {
  it('reaches a pusher-js client through the official SDK', async () => {
    // The service is the shared app: an embedded hub with these credentials, as any other.
    const { testApp: service, port: servicePort } = shared;
    const { testApp: publisher } = await ownApp({
      env: {
        ...credentialEnv,
        PUSHER_HOST: '127.0.0.1',
        PUSHER_PORT: String(servicePort),
        PUSHER_SCHEME: 'http',
      },
    });

    const { browser, customer } = await signUp(service.app);
    const client = await connect(servicePort, browser);
    const channel = await subscribe(client, customerChannel(customer.id));
    const received = next(channel, realtimeEvents.customerProfileUpdated);
    await publisher.app.broadcaster.broadcast(
      customerChannel(customer.id),
      realtimeEvents.customerProfileUpdated,
      { customer_id: customer.id },
    );
    expect(await received).toEqual({ customer_id: customer.id });
    // Closing a session's sockets is not possible there: it only logs.
    await publisher.app.broadcaster.endSessionConnections('any-session');
    expect(publisher.logs()).toContainEqual(
      expect.objectContaining({ event: 'realtime.close_session_unsupported' }),
    );
  });
});

function sdk(port: number) {
  return new PusherServer({
    appId: credentials.appId,
    key: credentials.key,
    secret: credentials.secret,
    host: '127.0.0.1',
    port: String(port),
    useTLS: false,
  });
}
