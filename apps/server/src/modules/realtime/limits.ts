/**
 * What one client may cost the realtime hub (issue 11), in one place. The defaults are what the
 * server runs with; `registerRealtime({ limits })` overrides them for tests and the bench.
 *
 * | limit | default | past it |
 * |---|---|---|
 * | channels per connection | 100 | channel-scoped `pusher:subscription_error` {type LimitReached, status 429}; connection kept |
 * | inbound frames per connection | 20 a second, bursts of 120 | `pusher:error` 4301, close 4301 (pusher-js does not reconnect) |
 * | frame size | 16 KiB (`ws` maxPayload) | close 1009 |
 * | open sockets per session (per process) | 10 | the session's oldest socket: `pusher:error` 4004, close 4004 |
 * | open sockets per peer address | 50 (loopback not counted) | the new handshake: `pusher:error` 4100, close 4100 (pusher-js retries after 1 s) |
 * | client events | 10 a second | `pusher:error` 4301, connection kept (docs/product/realtime.md#client-events) |
 */
export const MAX_CHANNELS_PER_CONNECTION = 100;
export const MAX_CONNECTIONS_PER_SESSION = 10;
export const MAX_CONNECTIONS_PER_ADDRESS = 50;
export const INBOUND_FRAMES_PER_SECOND = 20;
/** Above the channel cap: a reconnecting pusher-js re-subscribes every channel at once. */
export const INBOUND_FRAME_BURST = 120;
export const CLIENT_EVENTS_PER_SECOND = 10;
/** Fits a 10,000-byte event (docs/product/realtime.md#frames) in its envelope. */
export const MAX_FRAME_BYTES = 16 * 1024;
/** How long a flooding socket has to read its close frame before it is cut. */
export const FLOOD_CLOSE_GRACE_MS = 1000;

export interface HubLimits {
  channelsPerConnection: number;
  /** Sockets bound to one session in this process (bound = it used a token the session got). */
  connectionsPerSession: number;
  connectionsPerAddress: number;
  /**
   * Whether loopback peers count towards `connectionsPerAddress`. They do not by default: unless
   * the proxy is trusted (TRUST_PROXY), a reverse proxy on the same host makes every browser
   * 127.0.0.1 or ::1 (and the benches connect from loopback too).
   */
  countLoopback: boolean;
  framesPerSecond: number;
  frameBurst: number;
  clientEventsPerSecond: number;
  maxFrameBytes: number;
  floodCloseGraceMs: number;
}

export const defaultHubLimits: Readonly<HubLimits> = Object.freeze({
  channelsPerConnection: MAX_CHANNELS_PER_CONNECTION,
  connectionsPerSession: MAX_CONNECTIONS_PER_SESSION,
  connectionsPerAddress: MAX_CONNECTIONS_PER_ADDRESS,
  countLoopback: false,
  framesPerSecond: INBOUND_FRAMES_PER_SECOND,
  frameBurst: INBOUND_FRAME_BURST,
  clientEventsPerSecond: CLIENT_EVENTS_PER_SECOND,
  maxFrameBytes: MAX_FRAME_BYTES,
  floodCloseGraceMs: FLOOD_CLOSE_GRACE_MS,
});

export function hubLimits(overrides: Partial<HubLimits> = {}): HubLimits {
  return { ...defaultHubLimits, ...overrides };
}

/** A token bucket of inbound frames: `burst` at once, refilled at `perSecond`. */
export interface FrameBudget {
  tokens: number;
  refilledAt: number;
}

export function fullFrameBudget(limits: HubLimits, now: number): FrameBudget {
  return { tokens: limits.frameBurst, refilledAt: now };
}

/** Spends one frame; false when the connection is over its budget. Two numbers, no allocation. */
export function spendFrame(budget: FrameBudget, limits: HubLimits, now: number): boolean {
  const elapsed = now - budget.refilledAt;
  if (elapsed > 0) {
    budget.tokens = Math.min(
      limits.frameBurst,
      budget.tokens + (elapsed * limits.framesPerSecond) / 1000,
    );
    budget.refilledAt = now;
  }
  if (budget.tokens < 1) return false;
  budget.tokens -= 1;
  return true;
}

/** 127.0.0.0/8 and ::1, also as IPv4-mapped IPv6. */
export function isLoopback(address: string): boolean {
  return address === '::1' || address.startsWith('127.') || address.startsWith('::ffff:127.');
}
