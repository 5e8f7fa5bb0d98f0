import { apiPaths, customerChannel } from '@corridor/contracts';
import Fastify, { type FastifyInstance } from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import type Pusher from 'pusher-js';
import type { Options } from 'pusher-js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { loadConfig } from '../../config/index.ts';
import { systemClock } from '../../lib/clock.ts';
import { cryptoRandom } from '../../lib/random.ts';
import {
  authorizeAs,
  connectPusher,
  leftConnected,
  listenOnLoopback,
  nextEvent,
  pusherOptions,
  rawHubSocket,
  type RawHubSocket,
  signedIn,
  subscribed,
  userAuthenticateAs,
  within,
} from '../../test/realtime-client.ts';
import { realtimeAppPerFile } from '../../test/realtime-app-per-file.ts';
import { signUpCustomer } from '../../test/test-browser.ts';
import { CONDITION_DEADLINE_MS, waitFor } from '../../test/wait-for.ts';
import type { RealtimeHub } from './hub.ts';
import {
  INBOUND_FRAME_BURST,
  INBOUND_FRAMES_PER_SECOND,
  MAX_CHANNELS_PER_CONNECTION,
  MAX_CONNECTIONS_PER_ADDRESS,
  MAX_CONNECTIONS_PER_SESSION,
} from './limits.ts';
import type { PusherCredentials } from './protocol.ts';
import { registerRealtime } from './realtime.ts';

/**
 * What one client may cost the hub (issue 11, limits.ts), and which sessions a socket belongs
 * to (session-bindings.ts), with real pusher-js clients and raw sockets on a real port.
 * Every wait is for a condition, bounded so a regression fails instead of hanging.
 */
const credentials: PusherCredentials = {
  appId: 'corridor-limits',
  key: 'limits-key-0001',
  secret: 'limits-secret-0123456789',
};

/** Generous on a busy 2-core machine; only reached when the behaviour is missing. */
const PATIENCE_MS = CONDITION_DEADLINE_MS;

const testApp = realtimeAppPerFile(credentials);
const { clients, sockets } = testApp;

const hub = () => testApp.app.realtime;
const connect = (extra: Partial<Options> = {}): Promise<Pusher> =>
  connectPusher(credentials.key, pusherOptions(testApp.port, extra), clients);

async function customer(email: string) {
  const { browser, customer } = await signUpCustomer(testApp.app, email);
  return { browser, customerId: customer.id };
}

/** Resolves when a subscribe round trip succeeds: the socket is open and served. */
const served = (client: Pusher, channel: string, what: string) =>
  within(subscribed(client, channel), PATIENCE_MS, what);

describe('channels per connection', () => {
  it('realtime: the 101st channel on one connection is refused, and the connection stays open', async () => {
    const client = await connect();
    const names = Array.from({ length: MAX_CHANNELS_PER_CONNECTION }, (_, n) => `limits-${n}`);
    await Promise.all(names.map((name) => subscribed(client, name)));

    const refusal = await within(
      subscribed(client, 'limits-one-too-many').then(
        () => 'subscribed',
        (error: Error) => JSON.parse(error.message) as unknown,
      ),
      PATIENCE_MS,
      'an answer to the 101st subscribe',
    );
    expect(refusal).toEqual({
      type: 'LimitReached',
      error: `At most ${MAX_CHANNELS_PER_CONNECTION} channels per connection`,
      status: 429,
    });
    expect(client.connection.state).toBe('connected');

    // Still served on its channels, and there is room again once it leaves one.
    const heard = nextEvent(client.channel('limits-0'), 'Probe');
    hub().publish(['limits-0'], 'Probe', { n: 1 });
    expect(await within(heard, PATIENCE_MS, 'an event on a subscribed channel')).toEqual({ n: 1 });
    client.unsubscribe('limits-1');
    await served(client, 'limits-room-again', 'a subscribe after leaving a channel');
  });
});

describe('connections per session', () => {
  it('realtime: an 11th socket of one session closes its oldest socket with 4004, the others stay', async () => {
    const { browser, customerId } = await customer('limits-tabs@example.com');
    const channel = customerChannel(customerId);
    const tab = async () => {
      const client = await connect({
        channelAuthorization: { customHandler: authorizeAs(browser) },
      });
      // The hub binds the socket to the session before it answers the subscribe.
      await subscribed(client, channel);
      return client;
    };
    const tabs: Pusher[] = [];
    for (let n = 0; n < MAX_CONNECTIONS_PER_SESSION; n += 1) tabs.push(await tab());
    const [oldest, ...others] = tabs as [Pusher, ...Pusher[]];
    const told = nextEvent<{ data?: { code?: number } }>(oldest.connection as never, 'error');
    const left = leftConnected(oldest);

    const newest = await tab();
    expect((await within(told, PATIENCE_MS, 'pusher:error on the oldest tab')).data?.code).toBe(
      4004,
    );
    // 4004 is a refusal: pusher-js does not reconnect (which would evict the next tab).
    expect(await within(left, PATIENCE_MS, 'the oldest tab closed')).toBe('disconnected');

    const open = [...others, newest];
    const heard = open.map((client) => nextEvent(client.channel(channel), 'Probe'));
    hub().publish([channel], 'Probe', {});
    await within(Promise.all(heard), PATIENCE_MS, 'the event on the ten open tabs');
    expect(open.map((client) => client.connection.state)).toEqual(open.map(() => 'connected'));
    expect(oldest.connection.state).toBe('disconnected');
  });
});

describe('connections per address', () => {
  // Loopback is not counted by default (a same-host proxy would make every browser 127.0.0.1),
  // so this hub counts it: the realtime module alone, registered as the server registers it.
  let app: FastifyInstance;
  let hubPort: number;
  let addressHub: RealtimeHub;
  beforeAll(async () => {
    app = Fastify({ logger: false });
    app.setValidatorCompiler(validatorCompiler);
    app.setSerializerCompiler(serializerCompiler);
    ({ hub: addressHub } = await registerRealtime(app, {
      config: loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent' }),
      credentials,
      random: cryptoRandom,
      clock: systemClock,
      limits: { countLoopback: true },
    }));
    hubPort = await listenOnLoopback(app);
  });
  afterAll(() => app.close());

  it('realtime: the 51st socket from one address is closed with 4100, and a slot frees when one closes', async () => {
    const open: RawHubSocket[] = [];
    for (let n = 0; n < MAX_CONNECTIONS_PER_ADDRESS; n += 1) {
      const raw = rawHubSocket(hubPort, credentials.key, sockets);
      await within(raw.frame('pusher:connection_established'), PATIENCE_MS, `socket ${n + 1}`);
      open.push(raw);
    }
    const refused = rawHubSocket(hubPort, credentials.key, sockets);
    expect(await within(refused.closed, PATIENCE_MS, 'the 51st socket closed')).toBe(4100);
    expect(refused.frames).toHaveLength(1);
    expect(refused.frames[0]?.event).toBe('pusher:error');
    expect(JSON.parse(refused.frames[0]?.data as string)).toEqual({
      code: 4100,
      message: 'Over capacity',
    });

    open[0]?.socket.terminate();
    await waitFor(() => addressHub.connectionCount() < MAX_CONNECTIONS_PER_ADDRESS, PATIENCE_MS);
    const again = rawHubSocket(hubPort, credentials.key, sockets);
    await within(again.frame('pusher:connection_established'), PATIENCE_MS, 'a freed slot');
  });
});

describe('inbound frames per connection', () => {
  it('realtime: a socket flooding frames is closed with 4301 while another gets its events and /healthz answers', async () => {
    const calm = await connect();
    const news = await subscribed(calm, 'news');

    const flooder = rawHubSocket(testApp.port, credentials.key, sockets);
    await flooder.frame('pusher:connection_established');
    let closeCode: number | undefined;
    void flooder.closed.then((code) => (closeCode = code));
    const ping = JSON.stringify({ event: 'pusher:ping', data: {} });
    const startedAt = Date.now();
    let sent = 0;
    // Up to 100,000 frames, a thousand a turn of the event loop, until the hub closes it.
    const flooding = (async () => {
      while (sent < 100_000 && flooder.socket.readyState === WebSocket.OPEN) {
        for (let n = 0; n < 1000; n += 1) flooder.socket.send(ping);
        sent += 1000;
        await new Promise((resolve) => setImmediate(resolve));
      }
    })();

    // /healthz over real HTTP for as long as the flood lasts (bounded).
    const health: number[] = [];
    do {
      const response = await fetch(`http://127.0.0.1:${testApp.port}/healthz`);
      await response.arrayBuffer();
      health.push(response.status);
    } while (closeCode === undefined && health.length < 500);
    await flooding;

    expect(await within(flooder.closed, PATIENCE_MS, 'the flooding socket closed')).toBe(4301);
    const elapsedSeconds = (Date.now() - startedAt) / 1000;
    const error = flooder.frames.find((frame) => frame.event === 'pusher:error');
    expect(JSON.parse(error?.data as string)).toEqual({ code: 4301, message: 'Too many messages' });
    // Answered no more than its budget: the burst plus the refill over the flood.
    const pongs = flooder.frames.filter((frame) => frame.event === 'pusher:pong').length;
    expect(pongs).toBeGreaterThan(0);
    expect(pongs).toBeLessThanOrEqual(
      INBOUND_FRAME_BURST + Math.ceil(INBOUND_FRAMES_PER_SECOND * elapsedSeconds),
    );
    expect(sent).toBeGreaterThan(pongs);
    expect(new Set(health)).toEqual(new Set([200]));

    // The well-behaved client on the same hub never noticed.
    expect(calm.connection.state).toBe('connected');
    const heard = nextEvent(news, 'Probe');
    hub().publish(['news'], 'Probe', { after: 'flood' });
    expect(await within(heard, PATIENCE_MS, 'the event after the flood')).toEqual({
      after: 'flood',
    });
  });
});

describe('sessions of a socket', () => {
  /**
   * Bob's two tabs: one bound to his session (it signed in), one that authorised nothing. Alice
   * names both socket ids at `endpoint`, then signs out; Bob's tabs must survive her sign-out,
   * and Bob's own sign-out must still close his bound tab.
   */
  async function foreignSocketIds(
    name: string,
    claim: (caller: Awaited<ReturnType<typeof customer>>, socketId: string) => Promise<number>,
  ) {
    const alice = await customer(`limits-${name}-alice@example.com`);
    const bob = await customer(`limits-${name}-bob@example.com`);
    const bobBound = await connect({
      userAuthentication: { customHandler: userAuthenticateAs(bob.browser) },
    });
    await signedIn(bobBound);
    const bobIdle = await connect();

    for (const socketId of [bobBound.connection.socket_id, bobIdle.connection.socket_id]) {
      // A signature for Bob's socket is harmless (valid only on that socket); a binding is not.
      expect(await claim(alice, socketId)).toBe(200);
    }

    // Alice's own tab, bound to her session: its close says her sign-out has been carried out.
    const aliceTab = await connect({
      userAuthentication: { customHandler: userAuthenticateAs(alice.browser) },
    });
    await signedIn(aliceTab);
    const aliceLeft = leftConnected(aliceTab);
    expect((await alice.browser.post(apiPaths.logout, {})).statusCode).toBe(204);
    await within(aliceLeft, PATIENCE_MS, "Alice's tab closed by her sign-out");

    await served(bobBound, `${name}-after-alice`, "Bob's bound tab after Alice signed out");
    await served(bobIdle, `${name}-after-alice`, "Bob's idle tab after Alice signed out");

    // Bob's binding was not displaced: his sign-out closes his bound tab, not the idle one.
    const bobLeft = leftConnected(bobBound);
    expect((await bob.browser.post(apiPaths.logout, {})).statusCode).toBe(204);
    await within(bobLeft, PATIENCE_MS, "Bob's bound tab closed by his sign-out");
    await served(bobIdle, `${name}-after-bob`, "Bob's idle tab after he signed out");
  }

  it('realtime: a foreign socket id on /broadcasting/user-auth is not attached to the caller', async () => {
    await foreignSocketIds('user-auth', async ({ browser }, socketId) => {
      const response = await browser.post(apiPaths.broadcastingUserAuth, { socket_id: socketId });
      return response.statusCode;
    });
  });

  it('realtime: a foreign socket id on /broadcasting/auth is not attached to the caller', async () => {
    await foreignSocketIds('auth', async ({ browser, customerId }, socketId) => {
      const response = await browser.post(apiPaths.broadcastingAuth, {
        socket_id: socketId,
        channel_name: customerChannel(customerId),
      });
      return response.statusCode;
    });
  });

  it('realtime: a socket joins the session whose token it presents, and only then', async () => {
    const { browser, customerId } = await customer('limits-binding@example.com');
    const devices = await browser.get(apiPaths.devices);
    const sessionId = (devices.json() as { data: { id: string }[] }).data[0]?.id ?? '';
    const client = await connect({ channelAuthorization: { customHandler: authorizeAs(browser) } });
    // Signed but not presented: no binding.
    const signed = await browser.post(apiPaths.broadcastingAuth, {
      socket_id: client.connection.socket_id,
      channel_name: customerChannel(customerId),
    });
    expect(signed.statusCode).toBe(200);
    expect(hub().sessionIds()).not.toContain(sessionId);
    // Presented by the socket: bound, and the session's sign-out closes it.
    await subscribed(client, customerChannel(customerId));
    expect(hub().sessionIds()).toContain(sessionId);
    const left = leftConnected(client);
    expect((await browser.post(apiPaths.logout, {})).statusCode).toBe(204);
    await within(left, PATIENCE_MS, 'the tab closed by the sign-out');
  });
});
