/** Injected wherever time decides something (expiry, timeouts), so tests can move it. */
export interface Clock {
  now(): Date;
}

export const systemClock: Clock = { now: () => new Date() };
