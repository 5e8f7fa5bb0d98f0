import crypto from 'node:crypto';
import { apiPaths, customerChannel, realtimeConfigSchema } from '@corridor/contracts';
import Echo from 'laravel-echo';
import PusherServer from 'pusher';
import Pusher, { type Options } from 'pusher-js';
import { describe, expect, it } from 'vitest';
import { realtimeAppPerFile } from '../../test/realtime-app-per-file.ts';
import {
  authorizeAs,
  connectPusher,
  nextEvent,
  pusherOptions,
  rawSocket as openRawSocket,
  userAuthenticateAs,
  type Authorize,
} from '../../test/realtime-client.ts';
import { signUpCustomer, TestBrowser } from '../../test/test-browser.ts';
import { waitFor } from '../../test/wait-for.ts';
import { signChannel, type PusherCredentials } from './protocol.ts';

/**
 * Conformance with the real clients (docs/product/realtime.md#conformance-cases): pusher-js (Node
 * build), laravel-echo and the official `pusher` server SDK against the app on a real port.
 */
const credentials: PusherCredentials = {
  appId: 'corridor-test',
  key: 'test-key-0001',
  secret: 'test-secret-0123456789',
};

const testApp = realtimeAppPerFile(credentials);
const { clients, sockets } = testApp;

async function signedInCustomer(email: string) {
  const { browser, customer } = await signUpCustomer(testApp.app, email);
  return { browser, customerId: customer.id };
}

const connect = (extra: Partial<Options> = {}): Promise<Pusher> =>
  connectPusher(credentials.key, pusherOptions(testApp.port, extra), clients);
const next = nextEvent;

const rawSocket = (path: string, headers: Record<string, string> = {}) =>
  openRawSocket(`ws://127.0.0.1:${testApp.port}${path}`, sockets, headers);

const sdk = (secret = credentials.secret) =>
  new PusherServer({
    appId: credentials.appId,
    key: credentials.key,
    secret,
    host: '127.0.0.1',
    port: String(testApp.port),
    useTLS: false,
  });

/** A request signed as the SDK signs it, for bodies the SDK itself would refuse to send. */
async function signedPost(path: string, body: unknown): Promise<Response> {
  const raw = JSON.stringify(body);
  const fullPath = `/apps/${credentials.appId}${path}`;
  const query = new URLSearchParams({
    auth_key: credentials.key,
    auth_timestamp: String(Math.floor(Date.now() / 1000)),
    auth_version: '1.0',
    body_md5: crypto.createHash('md5').update(raw).digest('hex'),
  });
  const signature = crypto
    .createHmac('sha256', credentials.secret)
    .update(`POST\n${fullPath}\n${query.toString()}`)
    .digest('hex');
  query.set('auth_signature', signature);
  return fetch(`http://127.0.0.1:${testApp.port}${fullPath}?${query.toString()}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: raw,
  });
}

describe('connection', () => {
  it('tells the browser where to connect', async () => {
    const response = await testApp.app.inject({ method: 'GET', url: apiPaths.realtimeConfig });
    expect(response.statusCode).toBe(200);
    expect(realtimeConfigSchema.parse(response.json())).toEqual({
      key: credentials.key,
      host: '127.0.0.1',
      port: 8080,
      scheme: 'http',
      cluster: 'ap4',
    });
  });

  it('establishes a connection with a digits.digits socket id (docs/product/realtime.md#conformance-cases, case 3)', async () => {
    const client = await connect();
    expect(client.connection.socket_id).toMatch(/^\d+\.\d+$/);
    const raw = rawSocket(`/app/${credentials.key}?protocol=7&client=js&version=8.6.0`);
    const established = await raw.frame('pusher:connection_established');
    expect(typeof established.data).toBe('string');
    const data = JSON.parse(established.data as string) as Record<string, unknown>;
    expect(data).toEqual({ socket_id: expect.stringMatching(/^\d+\.\d+$/), activity_timeout: 120 });
    expect(data.socket_id).not.toBe(client.connection.socket_id);
  });

  it('gives 1,000 connections 1,000 different socket ids (docs/product/realtime.md#conformance-cases, case 3)', async () => {
    const ids = new Set<string>();
    for (let batch = 0; batch < 10; batch += 1) {
      const opened = Array.from({ length: 100 }, () =>
        rawSocket(`/app/${credentials.key}?protocol=7`),
      );
      for (const raw of opened) {
        const established = await raw.frame('pusher:connection_established');
        ids.add((JSON.parse(established.data as string) as { socket_id: string }).socket_id);
        raw.socket.terminate();
      }
    }
    expect(ids.size).toBe(1000);
  });

  it('refuses an unknown app key with 4001 (docs/product/realtime.md#conformance-cases, case 1)', async () => {
    const raw = rawSocket('/app/wrong-key?protocol=7');
    expect(await raw.closed).toBe(4001);
    expect(raw.frames[0]).toMatchObject({ event: 'pusher:error' });

    const client = new Pusher('wrong-key', pusherOptions(testApp.port));
    clients.push(client);
    const states: string[] = [];
    client.connection.bind('state_change', ({ current }: { current: string }) =>
      states.push(current),
    );
    await next(client.connection as never, 'disconnected');
    // Refused: no further attempts.
    await new Promise((resolve) => setTimeout(resolve, 1500));
    expect(client.connection.state).toBe('disconnected');
    // The first attempt started before the listener; none followed.
    expect(states).not.toContain('connecting');
  });

  it('needs protocol 5 to 7 (docs/product/realtime.md#conformance-cases, case 2)', async () => {
    expect(await rawSocket(`/app/${credentials.key}`).closed).toBe(4008);
    expect(await rawSocket(`/app/${credentials.key}?protocol=4`).closed).toBe(4007);
  });

  it('refuses a browser origin that is not allowed, allows ours and none', async () => {
    const evil = rawSocket(`/app/${credentials.key}?protocol=7`, {
      origin: 'https://evil.example',
    });
    expect(await evil.closed).toBe(4009);
    const ours = rawSocket(`/app/${credentials.key}?protocol=7`, {
      origin: 'http://127.0.0.1:8080',
    });
    await ours.frame('pusher:connection_established');
  });

  it('answers pings with a string-encoded pong, and pusher-js stays connected', async () => {
    const raw = rawSocket(`/app/${credentials.key}?protocol=7`);
    await raw.frame('pusher:connection_established');
    raw.socket.send(JSON.stringify({ event: 'pusher:ping', data: {} }));
    expect(await raw.frame('pusher:pong')).toEqual({ event: 'pusher:pong', data: '{}' });

    const client = await connect({ activityTimeout: 300, pongTimeout: 500 });
    const socketId = client.connection.socket_id;
    await new Promise((resolve) => setTimeout(resolve, 1200));
    expect(client.connection.state).toBe('connected');
    expect(client.connection.socket_id).toBe(socketId);
  });

  it('answers malformed frames with pusher:error and keeps the connection', async () => {
    const raw = rawSocket(`/app/${credentials.key}?protocol=7`);
    await raw.frame('pusher:connection_established');
    raw.socket.send('not json');
    const error = await raw.frame('pusher:error');
    expect(JSON.parse(error.data as string)).toMatchObject({ code: 4200 });
    raw.socket.send(JSON.stringify({ event: 'pusher:ping', data: {} }));
    await raw.frame('pusher:pong');
  });
});

describe('channels', () => {
  it('subscribes to a public channel and receives events from the pusher SDK (docs/product/realtime.md#conformance-cases, cases 4 and 11)', async () => {
    const client = await connect();
    const channel = client.subscribe('news');
    await next(channel, 'pusher:subscription_succeeded');
    const received = next<{ n: number }>(channel, 'updated');
    await sdk().trigger('news', 'updated', { n: 1 });
    expect(await received).toEqual({ n: 1 });
  });

  it('answers a duplicate subscribe with success and keeps one membership (docs/product/realtime.md#conformance-cases, case 4)', async () => {
    const raw = rawSocket(`/app/${credentials.key}?protocol=7`);
    await raw.frame('pusher:connection_established');
    const subscribe = JSON.stringify({ event: 'pusher:subscribe', data: { channel: 'twice' } });
    raw.socket.send(subscribe);
    raw.socket.send(subscribe);
    await waitFor(
      () =>
        raw.frames.filter((f) => f.event === 'pusher_internal:subscription_succeeded').length === 2,
    );
    testApp.app.realtime.publish(['twice'], 'once', {});
    await raw.frame('once');
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(raw.frames.filter((f) => f.event === 'once')).toHaveLength(1);
  });

  it('refuses a token signed for another channel, and a missing token, with 401 (docs/product/realtime.md#conformance-cases, case 5)', async () => {
    const raw = rawSocket(`/app/${credentials.key}?protocol=7`);
    const established = await raw.frame('pusher:connection_established');
    const socketId = (JSON.parse(established.data as string) as { socket_id: string }).socket_id;
    raw.socket.send(
      JSON.stringify({
        event: 'pusher:subscribe',
        data: {
          channel: 'private-mine',
          auth: signChannel(credentials, socketId, 'private-other'),
        },
      }),
    );
    raw.socket.send(
      JSON.stringify({ event: 'pusher:subscribe', data: { channel: 'private-bare' } }),
    );
    await waitFor(
      () => raw.frames.filter((f) => f.event === 'pusher:subscription_error').length === 2,
    );
    const errors = raw.frames.filter((f) => f.event === 'pusher:subscription_error');
    expect(errors.map((f) => f.channel)).toEqual(['private-mine', 'private-bare']);
    for (const error of errors) {
      expect(JSON.parse(error.data as string)).toMatchObject({ type: 'AuthError', status: 401 });
    }
  });

  it('refuses the SDK with a wrong secret (401)', async () => {
    await expect(
      sdk('wrong-secret-0123456789').trigger('news', 'updated', {}),
    ).rejects.toMatchObject({
      status: 401,
    });
  });

  it('limits the HTTP API: 100 channels, 10,000 bytes of data, 10 events a batch (docs/product/realtime.md#conformance-cases, case 11)', async () => {
    const channels = (n: number) => Array.from({ length: n }, (_, i) => `c${i}`);
    await expect(sdk().trigger(channels(100), 'x', 'ok')).resolves.toMatchObject({ status: 200 });
    // The SDK refuses more than 100 channels itself; a raw signed request reaches our check.
    expect(
      (await signedPost('/events', { name: 'x', data: 'd', channels: channels(101) })).status,
    ).toBe(400);
    await expect(sdk().trigger('news', 'x', 'a'.repeat(10_000))).resolves.toMatchObject({
      status: 200,
    });
    await expect(sdk().trigger('news', 'x', 'a'.repeat(10_001))).rejects.toMatchObject({
      status: 413,
    });
    const eleven = Array.from({ length: 11 }, () => ({ channel: 'news', name: 'x', data: 'd' }));
    await expect(sdk().triggerBatch(eleven)).rejects.toMatchObject({ status: 400 });
  });

  it('delivers every event of a batch (docs/product/realtime.md#the-http-trigger-api)', async () => {
    const client = await connect();
    const news = client.subscribe('news');
    const sport = client.subscribe('sport');
    await Promise.all([
      next(news, 'pusher:subscription_succeeded'),
      next(sport, 'pusher:subscription_succeeded'),
    ]);
    const received = Promise.all([next(news, 'headline'), next(sport, 'score')]);
    await sdk().triggerBatch([
      { channel: 'news', name: 'headline', data: { n: 1 } },
      { channel: 'sport', name: 'score', data: { n: 2 } },
    ]);
    expect(await received).toEqual([{ n: 1 }, { n: 2 }]);
  });

  it('honours socket_id exclusion on the HTTP API', async () => {
    const sender = await connect();
    const other = await connect();
    const senderChannel = sender.subscribe('news');
    const otherChannel = other.subscribe('news');
    await Promise.all([
      next(senderChannel, 'pusher:subscription_succeeded'),
      next(otherChannel, 'pusher:subscription_succeeded'),
    ]);
    let senderGot = false;
    senderChannel.bind('x', () => (senderGot = true));
    const received = next(otherChannel, 'x');
    await sdk().trigger('news', 'x', 'plain', { socket_id: sender.connection.socket_id });
    expect(await received).toBe('plain');
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(senderGot).toBe(false);
  });

  it('subscribes to the customer own private channel through /broadcasting/auth (docs/product/realtime.md#conformance-cases, cases 5 and 6)', async () => {
    const { browser, customerId } = await signedInCustomer('rt-own@example.com');
    const client = await connect({ channelAuthorization: { customHandler: authorizeAs(browser) } });
    const channel = client.subscribe(customerChannel(customerId));
    await next(channel, 'pusher:subscription_succeeded');
    const received = next(channel, 'CustomerProfileUpdated');
    await sdk().trigger(customerChannel(customerId), 'CustomerProfileUpdated', {
      customer_id: customerId,
    });
    expect(await received).toEqual({ customer_id: customerId });
  });

  it('refuses a forged signature with a channel-scoped subscription_error 401 (docs/product/realtime.md#conformance-cases, case 5)', async () => {
    const client = await connect({
      channelAuthorization: {
        customHandler: (_params, callback) =>
          callback(null, { auth: `${credentials.key}:${'0'.repeat(64)}` }),
      },
    });
    const channel = client.subscribe(
      'private-client-customer.00000000-0000-4000-8000-000000000000',
    );
    expect(await next(channel, 'pusher:subscription_error')).toMatchObject({
      type: 'AuthError',
      status: 401,
    });
  });

  it('refuses a token signed for another socket (docs/product/realtime.md#conformance-cases, case 5)', async () => {
    const client = await connect({
      channelAuthorization: {
        customHandler: ({ channelName }, callback) =>
          callback(null, { auth: signChannel(credentials, '1.1', channelName) }),
      },
    });
    const channel = client.subscribe('private-anything');
    expect(await next(channel, 'pusher:subscription_error')).toMatchObject({ status: 401 });
  });

  it('refuses another customer channel at /broadcasting/auth with 403, logged (docs/product/realtime.md#conformance-cases, case 6)', async () => {
    const a = await signedInCustomer('rt-a@example.com');
    const b = await signedInCustomer('rt-b@example.com');
    const client = await connect({
      channelAuthorization: { customHandler: authorizeAs(a.browser) },
    });
    const channel = client.subscribe(customerChannel(b.customerId));
    expect(await next(channel, 'pusher:subscription_error')).toMatchObject({ type: 'AuthError' });

    const socketId = client.connection.socket_id;
    const denied = await a.browser.post(apiPaths.broadcastingAuth, {
      socket_id: socketId,
      channel_name: customerChannel(b.customerId),
    });
    expect(denied.statusCode).toBe(403);
    for (const name of [
      'private-client-transaction.1',
      'private-client-payment.1',
      'news',
      'presence-x',
    ]) {
      const response = await a.browser.post(apiPaths.broadcastingAuth, {
        socket_id: socketId,
        channel_name: name,
      });
      expect(response.statusCode).toBe(403);
    }
    expect(testApp.logs()).toContainEqual(
      expect.objectContaining({
        event: 'realtime.channel_denied',
        customer_id: a.customerId,
        channel: customerChannel(b.customerId),
      }),
    );
  });

  it('serves /broadcasting/auth to a form body, and needs a session, the XSRF header and a valid socket id', async () => {
    const { browser, customerId } = await signedInCustomer('rt-form@example.com');
    const channel = customerChannel(customerId);
    const form = await browser.request(
      'POST',
      apiPaths.broadcastingAuth,
      new URLSearchParams({ socket_id: '123.456', channel_name: channel }).toString(),
      { 'content-type': 'application/x-www-form-urlencoded' },
    );
    expect(form.statusCode).toBe(200);
    expect(form.json()).toEqual({ auth: signChannel(credentials, '123.456', channel) });

    const invalid = await browser.post(apiPaths.broadcastingAuth, {
      socket_id: '123',
      channel_name: channel,
    });
    expect(invalid.statusCode).toBe(422);

    const withoutXsrf = await testApp.app.inject({
      method: 'POST',
      url: apiPaths.broadcastingAuth,
      headers: { cookie: browser.cookieHeader },
      payload: { socket_id: '123.456', channel_name: channel },
    });
    expect(withoutXsrf.statusCode).toBe(419);

    const anonymous = new TestBrowser(testApp.app);
    const signedOut = await anonymous.post(apiPaths.broadcastingAuth, {
      socket_id: '123.456',
      channel_name: channel,
    });
    expect(signedOut.statusCode).toBe(401);
    expect(
      (await anonymous.post(apiPaths.broadcastingUserAuth, { socket_id: '1.2' })).statusCode,
    ).toBe(401);
  });

  it('signs the user in and delivers #server-to-user events (docs/product/realtime.md#conformance-cases, case 10)', async () => {
    const { browser, customerId } = await signedInCustomer('rt-user@example.com');
    const client = await connect({
      userAuthentication: { customHandler: userAuthenticateAs(browser) },
    });
    client.signin();
    await new Promise<void>((resolve) => {
      const poll = () =>
        testApp.app.realtime.publish([`#server-to-user-${customerId}`], 'probe', {}) ??
        setTimeout(poll, 50);
      client.user.bind('probe', () => resolve());
      poll();
    });
    const received = new Promise((resolve) => client.user.bind('DeviceSignedOut', resolve));
    testApp.app.realtime.publish([`#server-to-user-${customerId}`], 'DeviceSignedOut', {
      session_id: 's1',
    });
    expect(await received).toEqual({ session_id: 's1' });

    const raw = rawSocket(`/app/${credentials.key}?protocol=7`);
    await raw.frame('pusher:connection_established');
    raw.socket.send(
      JSON.stringify({
        event: 'pusher:subscribe',
        data: { auth: '', channel: `#server-to-user-${customerId}` },
      }),
    );
    const error = await raw.frame('pusher:subscription_error');
    expect(JSON.parse(error.data as string)).toMatchObject({ status: 401 });
    raw.socket.send(
      JSON.stringify({ event: 'pusher:signin', data: { auth: 'x:y', user_data: '{"id":"1"}' } }),
    );
    expect(JSON.parse((await raw.frame('pusher:error')).data as string)).toMatchObject({
      code: 4009,
    });
  });

  it('tracks presence members per user (docs/product/realtime.md#conformance-cases, cases 7 and 8)', async () => {
    const presenceAuth =
      (userId: string, tamper = false): Authorize =>
      ({ socketId, channelName }, callback) => {
        const channelData = JSON.stringify({ user_id: userId, user_info: { name: `U${userId}` } });
        callback(null, {
          auth: signChannel(credentials, socketId, channelName, channelData),
          channel_data: tamper ? channelData.replace(userId, '999') : channelData,
        });
      };
    const a = await connect({ channelAuthorization: { customHandler: presenceAuth('1') } });
    const aChannel = a.subscribe('presence-room');
    await next(aChannel, 'pusher:subscription_succeeded');

    const b1 = await connect({ channelAuthorization: { customHandler: presenceAuth('2') } });
    const added = next<{ id: string; info: unknown }>(aChannel, 'pusher:member_added');
    const b1Channel = b1.subscribe('presence-room');
    const members = await next<{ count: number }>(b1Channel, 'pusher:subscription_succeeded');
    expect(members.count).toBe(2);
    expect(await added).toEqual({ id: '2', info: { name: 'U2' } });

    let extraAdded = false;
    let removedEarly = false;
    aChannel.bind('pusher:member_added', () => (extraAdded = true));
    const b2 = await connect({ channelAuthorization: { customHandler: presenceAuth('2') } });
    await next(b2.subscribe('presence-room'), 'pusher:subscription_succeeded');
    aChannel.bind('pusher:member_removed', () => (removedEarly = true));
    b1.disconnect();
    await new Promise((resolve) => setTimeout(resolve, 150));
    expect(extraAdded).toBe(false);
    expect(removedEarly).toBe(false);
    aChannel.unbind('pusher:member_removed');

    const removed = next<{ id: string }>(aChannel, 'pusher:member_removed');
    b2.disconnect();
    expect((await removed).id).toBe('2');

    const tampered = await connect({
      channelAuthorization: { customHandler: presenceAuth('3', true) },
    });
    expect(
      await next(tampered.subscribe('presence-room'), 'pusher:subscription_error'),
    ).toMatchObject({
      status: 401,
    });
  });

  it('refuses client events with pusher:error 4301 and keeps the connection (docs/product/realtime.md#conformance-cases, case 9)', async () => {
    const { browser, customerId } = await signedInCustomer('rt-whisper@example.com');
    const client = await connect({ channelAuthorization: { customHandler: authorizeAs(browser) } });
    const channel = client.subscribe(customerChannel(customerId));
    await next(channel, 'pusher:subscription_succeeded');
    const error = next<{ data?: { code?: number } }>(client.connection as never, 'error');
    channel.trigger('client-typing', { a: 1 });
    expect((await error).data?.code).toBe(4301);
    expect(client.connection.state).toBe('connected');
  });

  it('closes the sockets of a session on request', async () => {
    const { browser, customerId } = await signedInCustomer('rt-close@example.com');
    const client = await connect({ channelAuthorization: { customHandler: authorizeAs(browser) } });
    await next(client.subscribe(customerChannel(customerId)), 'pusher:subscription_succeeded');
    const devices = await browser.get(apiPaths.devices);
    const sessionId = (devices.json() as { data: { id: string }[] }).data[0]?.id ?? '';
    const before = testApp.app.realtime.connectionCount();
    const disconnected = next(client.connection as never, 'disconnected');
    expect(testApp.app.realtime.closeSocketsOfSession(sessionId)).toBe(1);
    await disconnected;
    expect(testApp.app.realtime.connectionCount()).toBe(before - 1);
  });
});

describe('laravel-echo', () => {
  it('listens on the customer channel with an axios-style authorizer (docs/product/realtime.md#conformance-cases, case 15)', async () => {
    const { browser, customerId } = await signedInCustomer('rt-echo@example.com');
    const echo = new Echo({
      broadcaster: 'pusher',
      key: credentials.key,
      Pusher,
      cluster: 'ap4',
      wsHost: '127.0.0.1',
      wsPort: testApp.port,
      forceTLS: false,
      enabledTransports: ['ws'],
      disableStats: true,
      withoutInterceptors: true,
      channelAuthorization: { customHandler: authorizeAs(browser) },
    });
    clients.push({ disconnect: () => echo.disconnect() });
    const received = new Promise((resolve) => {
      echo
        .private(`client-customer.${customerId}`)
        .subscribed(() => {
          testApp.app.realtime.publish([customerChannel(customerId)], 'CustomerProfileUpdated', {
            customer_id: customerId,
          });
        })
        .listen('.CustomerProfileUpdated', resolve);
    });
    expect(await received).toEqual({ customer_id: customerId });
  });
});
