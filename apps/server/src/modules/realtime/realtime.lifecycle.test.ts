import { customerChannel } from '@corridor/contracts';
import type Pusher from 'pusher-js';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import type { Authorize } from '../../test/realtime-client.ts';
import {
  authorizeAs,
  connectPusher,
  disconnectAll,
  listenOnLoopback,
  nextEvent,
  pusherEnv,
  pusherOptions,
  subscribed,
} from '../../test/realtime-client.ts';
import { createTestApp, createTestDatabase, type TestApp } from '../../test/test-app.ts';
import { signUpCustomer, TestBrowser } from '../../test/test-browser.ts';
import { waitFor } from '../../test/wait-for.ts';
import type { PusherCredentials } from './protocol.ts';

/**
 * A connection's life (docs/product/realtime.md#conformance-cases, cases 12 and 13): liveness on short timers,
 * and pusher-js coming back after the server goes away.
 */
const credentials: PusherCredentials = {
  appId: 'corridor-lifecycle',
  key: 'lifecycle-key-0001',
  secret: 'lifecycle-secret-0123456789',
};
const env = pusherEnv(credentials);

const clients: { disconnect(): void }[] = [];
const sockets: WebSocket[] = [];
const cleanUp: (() => Promise<void>)[] = [];
afterEach(() => disconnectAll(clients, sockets));
afterAll(async () => {
  for (const close of cleanUp.splice(0).reverse()) await close();
});

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('liveness (docs/product/realtime.md#conformance-cases, case 12)', () => {
  it('closes a client that never answers a ping with 4201, and keeps pusher-js connected', async () => {
    // One second of silence before a ping, one second for the answer.
    const testApp = await createTestApp({
      env,
      realtimeTimers: { activityTimeoutSeconds: 1, pongTimeoutSeconds: 1 },
    });
    cleanUp.push(() => testApp.close());
    const port = await listenOnLoopback(testApp.app);

    const silent = new WebSocket(`ws://127.0.0.1:${port}/app/${credentials.key}?protocol=7`);
    sockets.push(silent);
    const events: string[] = [];
    silent.on('message', (raw: Buffer) => {
      events.push((JSON.parse(raw.toString('utf8')) as { event: string }).event);
    });
    const startedAt = Date.now();
    const code = await new Promise<number>((resolve) => silent.on('close', resolve));
    // activity_timeout + pong timeout + one sweep interval (0.5 s), with a margin.
    expect(Date.now() - startedAt).toBeLessThan(3500);
    expect(code).toBe(4201);
    expect(events).toEqual(['pusher:connection_established', 'pusher:ping', 'pusher:error']);

    // pusher-js answers (and sends) pings: idle for over 3 × activity_timeout, same socket.
    const client = await connectPusher(credentials.key, pusherOptions(port), clients);
    const socketId = client.connection.socket_id;
    await sleep(3500);
    expect(client.connection.state).toBe('connected');
    expect(client.connection.socket_id).toBe(socketId);
  });
});

describe('reconnection (docs/product/realtime.md#conformance-cases, case 13)', () => {
  it('re-subscribes every channel after the server closes with 4200 and comes back', async () => {
    const database = await createTestDatabase();
    cleanUp.push(() => database.close());
    const first = await createTestApp({ env, database });
    let firstClosed = false;
    cleanUp.push(async () => {
      if (!firstClosed) await first.close();
    });
    const port = await listenOnLoopback(first.app);

    const signedUp = await signUpCustomer(first.app, 'lifecycle-reconnect@example.com');
    const { customer } = signedUp;
    // The same browser, whichever server instance answers it.
    let browser = signedUp.browser;
    const authorize: Authorize = (params, callback) => authorizeAs(browser)(params, callback);

    const client: Pusher = await connectPusher(
      credentials.key,
      pusherOptions(port, { channelAuthorization: { customHandler: authorize } }),
      clients,
    );
    const names = [customerChannel(customer.id), 'news', 'prices'];
    await Promise.all(names.map((name) => subscribed(client, name)));
    const firstSocketId = client.connection.socket_id;

    // A restart: the new instance is ready before the old one closes its sockets with 4200.
    const second = await createTestApp({ env, database });
    cleanUp.push(() => second.close());
    const reconnected = nextEvent(client.connection as never, 'connected');
    firstClosed = true;
    await first.close();
    browser = moveBrowser(browser, second);
    await listenOnLoopback(second.app, port);
    await reconnected;
    expect(client.connection.socket_id).not.toBe(firstSocketId);

    // Every channel is subscribed again — the private one authorised by the new instance —
    // and each event arrives exactly once.
    await waitFor(() => names.every((name) => client.channel(name).subscribed));
    const received: string[] = [];
    for (const name of names) {
      client.channel(name).bind('Probe', () => received.push(name));
    }
    second.app.realtime.publish(names, 'Probe', {});
    await sleep(200);
    expect(received.sort()).toEqual([...names].sort());
  });
});

function moveBrowser(browser: TestBrowser, to: TestApp): TestBrowser {
  const moved = new TestBrowser(to.app, browser.userAgent);
  for (const [name, value] of browser.cookies) moved.cookies.set(name, value);
  return moved;
}
