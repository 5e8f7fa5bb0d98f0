import type { AddressInfo } from 'node:net';
import {
  apiPaths,
  countryListSchema,
  customerChannel,
  customerSchema,
  realtimeEvents,
} from '@corridor/contracts';
import type { FastifyInstance } from 'fastify';
import Pusher, { type Channel, type Options } from 'pusher-js';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { createTestApp, createTestDatabase, type TestApp } from '../../test/test-app.ts';
import { testEnvironment } from '../../test/test-config.ts';
import { STRONG_PASSWORD, TestBrowser } from '../../test/test-browser.ts';
import { createMemoryBus, validatePayload } from './broadcaster.ts';
import type { PusherCredentials } from './protocol.ts';

/** Domain events reaching real pusher-js clients, through each broadcaster driver (DESIGN §8). */
const credentials: PusherCredentials = {
  appId: 'corridor-events',
  key: 'events-key-0001',
  secret: 'events-secret-0123456789',
};
const credentialEnv = {
  PUSHER_APP_ID: credentials.appId,
  PUSHER_APP_KEY: credentials.key,
  PUSHER_APP_SECRET: credentials.secret,
};

const clients: Pusher[] = [];
const apps: TestApp[] = [];
const closeLater: (() => Promise<void>)[] = [];
afterEach(() => {
  for (const client of clients.splice(0)) client.disconnect();
});
afterAll(async () => {
  for (const testApp of apps.splice(0)) await testApp.close();
  for (const close of closeLater.splice(0)) await close();
});

async function listening(testApp: TestApp): Promise<number> {
  apps.push(testApp);
  await testApp.app.listen({ port: 0, host: '127.0.0.1' });
  return (testApp.app.server.address() as AddressInfo).port;
}

let emails = 0;
async function signUp(app: FastifyInstance) {
  emails += 1;
  const email = `realtime-events-${emails}@example.com`;
  const browser = new TestBrowser(app);
  const signup = await browser.post(apiPaths.signup, {
    email,
    password: STRONG_PASSWORD,
    confirm_password: STRONG_PASSWORD,
  });
  expect(signup.statusCode).toBe(201);
  return { browser, email, customer: customerSchema.parse(signup.json()) };
}

/** A pusher-js client on `port`, authorised through `browser`'s session (as the SPA does). */
async function connect(port: number, browser: TestBrowser): Promise<Pusher> {
  const options: Options = {
    cluster: 'ap4',
    wsHost: '127.0.0.1',
    wsPort: port,
    forceTLS: false,
    enabledTransports: ['ws'],
    disableStats: true,
    channelAuthorization: {
      customHandler: ({ socketId, channelName }, callback) => {
        browser
          .post(apiPaths.broadcastingAuth, { socket_id: socketId, channel_name: channelName })
          .then((response) =>
            response.statusCode === 200
              ? callback(null, response.json())
              : callback(new Error(`auth ${response.statusCode}`), null),
          )
          .catch((error: unknown) => callback(error as Error, null));
      },
    },
  };
  const client = new Pusher(credentials.key, options);
  clients.push(client);
  await new Promise<void>((resolve) => client.connection.bind('connected', () => resolve()));
  return client;
}

async function subscribe(client: Pusher, channelName: string): Promise<Channel> {
  const channel = client.subscribe(channelName);
  await new Promise<void>((resolve, reject) => {
    channel.bind('pusher:subscription_succeeded', () => resolve());
    channel.bind('pusher:subscription_error', (error: unknown) =>
      reject(new Error(JSON.stringify(error))),
    );
  });
  return channel;
}

function next<T = unknown>(channel: Channel, event: string): Promise<T> {
  return new Promise((resolve) => {
    const handler = (data: T) => {
      channel.unbind(event, handler);
      resolve(data);
    };
    channel.bind(event, handler);
  });
}

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
    const testApp = await createTestApp({ env: credentialEnv });
    const port = await listening(testApp);
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

  it('emits DeviceSignedOut and closes the signed-out device’s socket', async () => {
    const testApp = await createTestApp({ env: credentialEnv });
    const port = await listening(testApp);
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
    await subscribe(phoneClient, customerChannel(customer.id));
    const phoneDisconnected = new Promise<void>((resolve) =>
      phoneClient.connection.bind('state_change', ({ current }: { current: string }) => {
        if (current !== 'connected') resolve();
      }),
    );

    const signedOut = next(laptopChannel, realtimeEvents.deviceSignedOut);
    const response = await laptop.request('DELETE', `/client/v1/device/${phoneSessionId}`);
    expect(response.statusCode).toBe(204);
    expect(await signedOut).toEqual({ session_id: phoneSessionId });
    await phoneDisconnected;
    expect(laptopClient.connection.state).toBe('connected');
  });
});

/**
 * Two apps, one event: a client on app A hears what app B broadcasts. With DATABASE_URL and
 * REDIS_URL (CI) through real Redis pub/sub on one PostgreSQL database; otherwise two apps on
 * one PGlite database share an in-memory bus that stands in for Redis — the fan-out logic is
 * covered, Redis itself is not.
 */
const acrossRedis = Boolean(testEnvironment.databaseUrl && testEnvironment.redisUrl);
describe(
  acrossRedis
    ? 'fan-out across two processes through Redis pub/sub'
    : 'fan-out across two apps through an in-memory bus (Redis stand-in; no REDIS_URL/DATABASE_URL)',
  () => {
    it('delivers an event broadcast by app B to a client of app A, exactly once', async () => {
      const database = await createTestDatabase();
      closeLater.push(() => database.close());
      const memoryBus = createMemoryBus();
      const shared = acrossRedis
        ? { realtimeChannel: `test:${crypto.randomUUID()}:realtime` }
        : undefined;
      const build = () =>
        createTestApp({
          env: credentialEnv,
          database,
          ...(shared ?? { fanOutBus: memoryBus.connect() }),
        });
      const appA = await build();
      const appB = await build();
      const portA = await listening(appA);
      await listening(appB);

      const { browser, customer } = await signUp(appA.app);
      const client = await connect(portA, browser);
      const channel = await subscribe(client, customerChannel(customer.id));
      const received: unknown[] = [];
      channel.bind(realtimeEvents.customerProfileUpdated, (data: unknown) => received.push(data));
      const first = next(channel, realtimeEvents.customerProfileUpdated);

      await appB.app.broadcaster.broadcast(
        customerChannel(customer.id),
        realtimeEvents.customerProfileUpdated,
        { customer_id: customer.id },
      );
      expect(await first).toEqual({ customer_id: customer.id });
      await new Promise((resolve) => setTimeout(resolve, 200));
      expect(received).toHaveLength(1);

      // Ending a session on B closes its socket on A.
      const closed = new Promise<void>((resolve) =>
        client.connection.bind('state_change', ({ current }: { current: string }) => {
          if (current !== 'connected') resolve();
        }),
      );
      const sessionId = customer.session?.id;
      if (!sessionId) throw new Error('no session');
      await appB.app.broadcaster.endSessionConnections(sessionId);
      await closed;
    });
  },
);

describe('external Pusher-compatible service (our own trigger API standing in)', () => {
  it('reaches a pusher-js client through the official SDK', async () => {
    const service = await createTestApp({ env: credentialEnv });
    const servicePort = await listening(service);
    const publisher = await createTestApp({
      env: {
        ...credentialEnv,
        PUSHER_HOST: '127.0.0.1',
        PUSHER_PORT: String(servicePort),
        PUSHER_SCHEME: 'http',
      },
    });
    apps.push(publisher);

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
