import { HttpResponse, http } from 'msw';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { httpClient } from '@/lib/http-client';
import { fakeRealtimeFactory, serveRealtimeConfig } from '@/test/fake-realtime';
import { server } from '@/test/msw-server';
import { authorizeChannel } from './api/authorize-channel';
import {
  connectRealtime,
  disconnectRealtime,
  realtimeOptions,
  setRealtimeFactory,
} from './lib/realtime-connection';

let restore: () => void = () => undefined;

afterEach(() => {
  restore();
  document.cookie = 'XSRF-TOKEN=; expires=Thu, 01 Jan 1970 00:00:00 GMT; path=/';
  vi.restoreAllMocks();
});

function recordSocketHeader(): { values: (string | null)[] } {
  const seen = { values: [] as (string | null)[] };
  server.use(
    http.get('/client/v1/ping', ({ request }) => {
      seen.values.push(request.headers.get('x-socket-id'));
      return new HttpResponse(null, { status: 204 });
    }),
  );
  return seen;
}

describe('realtime connection', () => {
  let fake: ReturnType<typeof fakeRealtimeFactory>;

  beforeEach(() => {
    fake = fakeRealtimeFactory();
    restore = setRealtimeFactory(fake.factory);
  });

  it('creates Echo from the server config with the timeouts of docs/product/web-app.md#constants', async () => {
    const config = serveRealtimeConfig();

    const client = await connectRealtime();
    await connectRealtime();

    expect(client).toBe(fake.clients[0]);
    expect(fake.clients).toHaveLength(1);
    expect(config.count).toBeLessThanOrEqual(1);
    expect(fake.clients[0]?.options).toMatchObject({
      broadcaster: 'pusher',
      key: 'corridor-key',
      cluster: 'ap4',
      wsHost: 'realtime.test',
      wssHost: 'realtime.test',
      wsPort: 6001,
      wssPort: 6001,
      forceTLS: true,
      enabledTransports: ['ws', 'wss'],
      disableStats: true,
      activityTimeout: 120_000,
      pongTimeout: 30_000,
      unavailableTimeout: 10_000,
    });
  });

  it('sends X-Socket-ID only once connected, and not after disconnecting', async () => {
    serveRealtimeConfig();
    const seen = recordSocketHeader();

    await httpClient.get('/client/v1/ping');
    await connectRealtime();
    await httpClient.get('/client/v1/ping'); // socket not yet established
    const client = fake.clients[0];
    if (client === undefined) throw new Error('no client');
    client.socket = '123.456';
    await httpClient.get('/client/v1/ping');
    disconnectRealtime();
    await httpClient.get('/client/v1/ping');

    expect(seen.values).toEqual([null, null, '123.456', null]);
    expect(fake.clients[0]?.disconnected).toBe(1);
  });

  it('only logs when the config cannot be fetched', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    server.use(
      http.get('/client/v1/realtime-config', () => new HttpResponse(null, { status: 500 })),
    );

    await expect(connectRealtime()).resolves.toBeNull();

    expect(fake.clients).toHaveLength(0);
    expect(warn).toHaveBeenCalled();
  });

  it('only logs when Echo cannot be created', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    serveRealtimeConfig();
    restore();
    restore = setRealtimeFactory(() => Promise.reject(new Error('chunk failed')));

    await expect(connectRealtime()).resolves.toBeNull();

    expect(warn).toHaveBeenCalled();
  });
});

describe('realtimeOptions', () => {
  it('turns TLS off for an http server and keeps Echo off the global axios', () => {
    const options = realtimeOptions({
      key: 'k',
      host: 'localhost',
      port: 8080,
      scheme: 'http',
      cluster: 'ap4',
    });
    expect(options.forceTLS).toBe(false);
    expect(options.withoutInterceptors).toBe(true);
    expect(options.channelAuthorization.customHandler).toBe(authorizeChannel);
  });
});

describe('authorizeChannel', () => {
  it('posts socket and channel through httpClient with the XSRF header', async () => {
    document.cookie = 'XSRF-TOKEN=token%3D; path=/';
    let headers: Headers | undefined;
    let body: unknown;
    server.use(
      http.post('/broadcasting/auth', async ({ request }) => {
        headers = request.headers;
        body = await request.json();
        return HttpResponse.json({ auth: 'corridor-key:signature' });
      }),
    );

    const result = await new Promise<unknown[]>((resolve) => {
      authorizeChannel({ socketId: '1.2', channelName: 'private-client-customer.c1' }, (...args) =>
        resolve(args),
      );
    });

    expect(result).toEqual([null, { auth: 'corridor-key:signature' }]);
    expect(body).toEqual({ socket_id: '1.2', channel_name: 'private-client-customer.c1' });
    expect(headers?.get('x-xsrf-token')).toBe('token=');
  });

  it('hands a refusal to pusher as an error', async () => {
    server.use(
      http.post('/broadcasting/auth', () =>
        HttpResponse.json({ message: 'Forbidden' }, { status: 403 }),
      ),
    );

    const [error, data] = await new Promise<unknown[]>((resolve) => {
      authorizeChannel({ socketId: '1.2', channelName: 'private-client-customer.c2' }, (...args) =>
        resolve(args),
      );
    });

    expect(error).toBeInstanceOf(Error);
    expect(data).toBeNull();
  });
});
