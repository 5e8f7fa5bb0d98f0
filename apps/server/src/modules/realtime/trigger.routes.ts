import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { AppError } from '../../errors/app-error.ts';
import type { Clock } from '../../lib/clock.ts';
import type { HubNetwork } from './hub-network.ts';
import {
  CHANNEL_NAME,
  MAX_EVENT_DATA_BYTES,
  MAX_EVENT_NAME_LENGTH,
  SOCKET_ID,
  verifyApiSignature,
  type PusherCredentials,
} from './protocol.ts';

export interface TriggerRoutesOptions {
  credentials: PusherCredentials;
  /** Every process's hub: a subscriber may be connected to any of them. */
  network: HubNetwork;
  clock: Clock;
}

const RAW_BODY_LIMIT_BYTES = 256 * 1024;
const MAX_CHANNELS = 100;
const MAX_BATCH = 10;

const channelName = z
  .string()
  .refine(
    (name) => CHANNEL_NAME.test(name) || /^#server-to-user-[A-Za-z0-9_\-=@,.;]{1,128}$/.test(name),
  );
const eventSchema = z.object({
  name: z.string().min(1).max(MAX_EVENT_NAME_LENGTH),
  data: z.string(),
  channels: z.array(channelName).min(1).optional(),
  channel: channelName.optional(),
  socket_id: z.string().regex(SOCKET_ID).optional(),
});
const batchSchema = z.object({ batch: z.array(eventSchema).min(1).max(MAX_BATCH) });

type TriggerEvent = z.infer<typeof eventSchema>;

/**
 * The signed HTTP trigger API (docs/product/realtime.md#the-http-trigger-api) so the official `pusher` SDK, or any
 * Pusher-compatible client, can publish. The signature is the authentication: no session,
 * no CSRF. The raw body is kept (body_md5) by a JSON parser scoped to this plugin.
 */
export const triggerRoutes: FastifyPluginAsync<TriggerRoutesOptions> = async (
  app,
  { credentials, network, clock },
) => {
  app.removeAllContentTypeParsers();
  app.addContentTypeParser(
    'application/json',
    { parseAs: 'string', bodyLimit: RAW_BODY_LIMIT_BYTES },
    (_request, body, done) => done(null, body),
  );

  const authenticate = (request: FastifyRequest<{ Params: { appId: string } }>): unknown => {
    const rawBody = typeof request.body === 'string' ? request.body : '';
    const check =
      request.params.appId === credentials.appId
        ? verifyApiSignature(
            credentials,
            {
              method: request.method,
              path: request.url.split('?')[0] ?? '',
              query: request.query as Record<string, string | string[] | undefined>,
              rawBody,
            },
            Math.floor(clock.now().getTime() / 1000),
          )
        : ({ ok: false, reason: 'unknown app' } as const);
    if (!check.ok) {
      request.log.warn(
        { event: 'realtime.api_refused', reason: check.reason },
        'realtime: HTTP API refused',
      );
      throw new AppError('unauthenticated', { message: 'Invalid signature' });
    }
    try {
      return JSON.parse(rawBody) as unknown;
    } catch {
      throw new AppError('bad_request', { message: 'The body is not valid JSON.' });
    }
  };

  const targets = (event: TriggerEvent): string[] => {
    const channels = event.channels ?? (event.channel !== undefined ? [event.channel] : []);
    if (channels.length === 0 || channels.length > MAX_CHANNELS) {
      throw new AppError('bad_request', { message: `Give 1 to ${MAX_CHANNELS} channels.` });
    }
    if (Buffer.byteLength(event.data) > MAX_EVENT_DATA_BYTES) {
      throw new AppError('payload_too_large', { message: 'The event data is too large.' });
    }
    return channels;
  };

  const parse = <T>(schema: z.ZodType<T>, value: unknown): T => {
    const parsed = schema.safeParse(value);
    if (!parsed.success) throw new AppError('bad_request', { message: 'Invalid event.' });
    return parsed.data;
  };

  const options = { config: { csrf: false, access: 'public' as const }, schema: { hide: true } };

  app.post<{ Params: { appId: string } }>('/apps/:appId/events', options, async (request) => {
    const event = parse(eventSchema, authenticate(request));
    await network.publish(targets(event), event.name, event.data, event.socket_id);
    return {};
  });

  app.post<{ Params: { appId: string } }>('/apps/:appId/batch_events', options, async (request) => {
    const { batch } = parse(batchSchema, authenticate(request));
    const checked = batch.map((event) => ({ event, channels: targets(event) }));
    for (const { event, channels } of checked) {
      await network.publish(channels, event.name, event.data, event.socket_id);
    }
    return {};
  });
};
