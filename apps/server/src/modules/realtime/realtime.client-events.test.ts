import type { AddressInfo } from 'node:net';
import Fastify, { type FastifyInstance } from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import type { Channel } from 'pusher-js';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../config/index.ts';
import { systemClock } from '../../lib/clock.ts';
import { cryptoRandom } from '../../lib/random.ts';
import {
  connectPusher,
  nextEvent,
  pusherOptions,
  subscribed,
  type Authorize,
} from '../../test/realtime-client.ts';
import { waitFor } from '../../test/wait-for.ts';
import { signChannel, type PusherCredentials } from './protocol.ts';
import { registerRealtime } from './realtime.ts';

/**
 * Client events (docs/product/realtime.md#client-events, docs/product/realtime.md#conformance-cases, case 9) on a hub that enables them.
 * Corridor's own server keeps them off (realtime.conformance.test.ts checks the refusal), so
 * this runs the realtime module alone, registered as the server registers it.
 */
const credentials: PusherCredentials = {
  appId: 'corridor-client-events',
  key: 'client-events-key',
  secret: 'client-events-secret-0123456789',
};

let app: FastifyInstance;
let port: number;
const clients: { disconnect(): void }[] = [];

beforeAll(async () => {
  app = Fastify({ logger: false });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  await registerRealtime(app, {
    config: loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent' }),
    credentials,
    random: cryptoRandom,
    clock: systemClock,
    clientEvents: true,
  });
  await app.listen({ port: 0, host: '127.0.0.1' });
  port = (app.server.address() as AddressInfo).port;
});
afterEach(() => {
  for (const client of clients.splice(0)) client.disconnect();
});
afterAll(() => app.close());

/** Signs presence membership as user `userId`, as /broadcasting/auth would. */
const member =
  (userId: string): Authorize =>
  ({ socketId, channelName }, callback) => {
    const channelData = JSON.stringify({ user_id: userId, user_info: {} });
    callback(null, {
      auth: signChannel(credentials, socketId, channelName, channelData),
      channel_data: channelData,
    });
  };

async function joined(userId: string, channelName: string): Promise<Channel> {
  const client = await connectPusher(
    credentials.key,
    pusherOptions(port, { channelAuthorization: { customHandler: member(userId) } }),
    clients,
  );
  return subscribed(client, channelName);
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('client events, when enabled', () => {
  it('reach the other members with the sender’s user_id, not the sender', async () => {
    const alice = await joined('1', 'presence-chat');
    const bob = await joined('2', 'presence-chat');
    let echoed = false;
    alice.bind('client-typing', () => (echoed = true));
    const heard = new Promise<{ data: unknown; userId: unknown }>((resolve) =>
      bob.bind('client-typing', (data: unknown, metadata: { user_id?: unknown }) =>
        resolve({ data, userId: metadata.user_id }),
      ),
    );
    expect(alice.trigger('client-typing', { typing: true })).toBe(true);
    expect(await heard).toEqual({ data: { typing: true }, userId: '1' });
    await sleep(100);
    expect(echoed).toBe(false);
  });

  it('are refused from a non-member and on a public channel, and delivered to nobody', async () => {
    const bob = await joined('2', 'presence-room');
    let delivered = 0;
    bob.bind('client-typing', () => (delivered += 1));

    const outsider = await connectPusher(credentials.key, pusherOptions(port), clients);
    const notMember = nextEvent<{ data?: { code?: number } }>(
      outsider.connection as never,
      'error',
    );
    outsider.send_event('client-typing', {}, 'presence-room');
    expect((await notMember).data?.code).toBe(4009);

    const news = await subscribed(outsider, 'news');
    const onPublic = nextEvent<{ data?: { code?: number } }>(outsider.connection as never, 'error');
    news.trigger('client-typing', {});
    expect((await onPublic).data?.code).toBe(4009);
    expect(outsider.connection.state).toBe('connected');
    await sleep(100);
    expect(delivered).toBe(0);
  });

  it('are limited to 10 a second: the 11th gets pusher:error 4301 and the socket stays open', async () => {
    const alice = await joined('1', 'presence-flood');
    const bob = await joined('2', 'presence-flood');
    let delivered = 0;
    bob.bind('client-tick', () => (delivered += 1));
    const client = alice.pusher;
    const limited = nextEvent<{ data?: { code?: number } }>(client.connection as never, 'error');
    for (let n = 0; n < 11; n += 1) alice.trigger('client-tick', { n });
    expect((await limited).data?.code).toBe(4301);
    // The ten allowed arrive (however slow the machine), then nothing more does.
    await waitFor(() => delivered >= 10);
    await sleep(150);
    expect(delivered).toBe(10);
    expect(client.connection.state).toBe('connected');
  });
});
