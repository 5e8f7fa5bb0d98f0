import crypto from 'node:crypto';

/**
 * Pusher Channels protocol 7 (docs/product/realtime.md#the-pusher-protocol): frames, names and signatures.
 * Pure functions; the hub and the HTTP endpoints share them.
 */

export interface PusherCredentials {
  appId: string;
  key: string;
  secret: string;
}

export const SOCKET_ID = /^\d+\.\d+$/;
/** docs/product/realtime.md#channel-names: the channel-name charset; `#` names are internal and never subscribable here. */
export const CHANNEL_NAME = /^[A-Za-z0-9_\-=@,.;]{1,164}$/;
export const MAX_EVENT_NAME_LENGTH = 200;
export const MAX_EVENT_DATA_BYTES = 10_000;

export type ChannelType = 'public' | 'private' | 'presence' | 'encrypted';

/** Longest prefix first, anchored at the start (docs/product/realtime.md#channel-names). */
export function channelType(name: string): ChannelType {
  if (name.startsWith('private-encrypted-')) return 'encrypted';
  if (name.startsWith('private-')) return 'private';
  if (name.startsWith('presence-')) return 'presence';
  return 'public';
}

export const closeCodes = {
  applicationDoesNotExist: 4001,
  /** Pusher's "application over connection quota"; pusher-js does not reconnect. */
  overConnectionQuota: 4004,
  unsupportedProtocol: 4007,
  noProtocol: 4008,
  unauthorized: 4009,
  /** Over capacity; pusher-js reconnects after 1 s. */
  overCapacity: 4100,
  reconnect: 4200,
  pongNotReceived: 4201,
  clientEventRejected: 4301,
  /** The same 4301: as a close code it stops pusher-js reconnecting, which suits a flood. */
  rateLimited: 4301,
} as const;

export interface ServerFrame {
  event: string;
  channel?: string;
  data: unknown;
  user_id?: string;
}

/** docs/product/realtime.md#frames: server→client `data` is always a JSON string (strings pass through as they are). */
export function encodeFrame(frame: ServerFrame): string {
  const data = typeof frame.data === 'string' ? frame.data : JSON.stringify(frame.data);
  return JSON.stringify({ ...frame, data });
}

export interface ClientFrame {
  event: string;
  channel: string | undefined;
  /** Objects as sent; string data is decoded when it is JSON. */
  data: unknown;
}

/** Parses one client frame; undefined when it is not a protocol message. */
export function decodeClientFrame(raw: string): ClientFrame | undefined {
  let value: unknown;
  try {
    value = JSON.parse(raw);
  } catch {
    return undefined;
  }
  if (typeof value !== 'object' || value === null) return undefined;
  const { event, channel, data } = value as Record<string, unknown>;
  if (typeof event !== 'string' || event.length === 0 || event.length > MAX_EVENT_NAME_LENGTH) {
    return undefined;
  }
  if (channel !== undefined && typeof channel !== 'string') return undefined;
  let decoded = data;
  if (typeof data === 'string') {
    try {
      decoded = JSON.parse(data);
    } catch {
      decoded = data;
    }
  }
  return { event, channel, data: decoded };
}

const hmacHex = (secret: string, value: string) =>
  crypto.createHmac('sha256', secret).update(value).digest('hex');

/** docs/product/realtime.md#signatures: `key:hex(HMAC-SHA256(secret, socket_id:channel[:channel_data]))`. */
export function signChannel(
  credentials: PusherCredentials,
  socketId: string,
  channel: string,
  channelData?: string,
): string {
  const toSign =
    channelData === undefined ? `${socketId}:${channel}` : `${socketId}:${channel}:${channelData}`;
  return `${credentials.key}:${hmacHex(credentials.secret, toSign)}`;
}

/** docs/product/realtime.md#signatures/#user-sign-in: `key:hex(HMAC-SHA256(secret, socket_id::user::user_data))`. */
export function signUser(credentials: PusherCredentials, socketId: string, userData: string) {
  return `${credentials.key}:${hmacHex(credentials.secret, `${socketId}::user::${userData}`)}`;
}

export function constantTimeEqual(expected: string, given: string): boolean {
  const a = Buffer.from(expected);
  const b = Buffer.from(given);
  return a.length === b.length && crypto.timingSafeEqual(a, b);
}

export interface SignedRequest {
  method: string;
  path: string;
  query: Record<string, string | string[] | undefined>;
  rawBody: string;
}

export type ApiSignatureCheck = { ok: true } | { ok: false; reason: string };

export const API_TIMESTAMP_WINDOW_SECONDS = 600;

/** docs/product/realtime.md#the-http-trigger-api: the HTTP API signature, body_md5 over the raw body, and the timestamp window. */
export function verifyApiSignature(
  credentials: PusherCredentials,
  request: SignedRequest,
  nowSeconds: number,
): ApiSignatureCheck {
  const params: Record<string, string> = {};
  for (const [name, value] of Object.entries(request.query)) {
    if (typeof value !== 'string') return { ok: false, reason: `repeated parameter ${name}` };
    params[name.toLowerCase()] = value;
  }
  const signature = params.auth_signature;
  if (!signature) return { ok: false, reason: 'missing auth_signature' };
  if (params.auth_key !== credentials.key) return { ok: false, reason: 'unknown auth_key' };
  if (params.auth_version !== '1.0') return { ok: false, reason: 'unsupported auth_version' };
  const timestamp = Number(params.auth_timestamp);
  if (
    !/^\d+$/.test(params.auth_timestamp ?? '') ||
    Math.abs(nowSeconds - timestamp) > API_TIMESTAMP_WINDOW_SECONDS
  ) {
    return { ok: false, reason: 'auth_timestamp outside the allowed window' };
  }
  if (request.rawBody.length > 0) {
    const md5 = crypto.createHash('md5').update(request.rawBody).digest('hex');
    if (!params.body_md5 || !constantTimeEqual(md5, params.body_md5)) {
      return { ok: false, reason: 'body_md5 does not match the body' };
    }
  }
  const query = Object.keys(params)
    .filter((name) => name !== 'auth_signature')
    .sort()
    .map((name) => `${name}=${params[name]}`)
    .join('&');
  const expected = hmacHex(
    credentials.secret,
    `${request.method.toUpperCase()}\n${request.path}\n${query}`,
  );
  return constantTimeEqual(expected, signature)
    ? { ok: true }
    : { ok: false, reason: 'invalid signature' };
}
