import type { Clock } from '../lib/clock.ts';

/**
 * A clock for tests that runs with real time but can be moved forward, so expiry rules (codes,
 * reset links, idle and absolute session lifetimes, rate-limit windows) can be crossed at once.
 */
export class TestClock implements Clock {
  private offsetMs = 0;

  now(): Date {
    return new Date(Date.now() + this.offsetMs);
  }

  advance(ms: number): void {
    if (ms < 0) throw new Error('a test clock only moves forward');
    this.offsetMs += ms;
  }
}

/**
 * A clock that stands still until moved, for rules that compare exact times (an acceptance time, a
 * rate's age): `TestClock` runs with real time, so two reads a millisecond apart differ.
 */
export class ManualClock implements Clock {
  constructor(private time: Date = new Date()) {}

  now(): Date {
    return new Date(this.time);
  }

  advance(ms: number): void {
    if (ms < 0) throw new Error('a test clock only moves forward');
    this.time = new Date(this.time.getTime() + ms);
  }
}

export const SECOND = 1000;
export const MINUTE = 60 * SECOND;
export const HOUR = 60 * MINUTE;
