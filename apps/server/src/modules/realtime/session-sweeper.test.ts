import pino from 'pino';
import { describe, expect, it } from 'vitest';
import { waitFor } from '../../test/wait-for.ts';
import type { RealtimeHub } from './hub.ts';
import { startSessionSweeper } from './session-sweeper.ts';

/** The sweeper's own rules; the end-to-end path (idle session → socket closed) is in broadcaster.test.ts. */
function hubWithSessions(ids: string[]) {
  const open = new Set(ids);
  const closed: string[] = [];
  const hub = {
    sessionIds: () => [...open],
    closeSocketsOfSession: (id: string) => {
      closed.push(id);
      open.delete(id);
      return 1;
    },
  } as Partial<RealtimeHub> as RealtimeHub;
  return { hub, open, closed };
}

describe('session sweeper', () => {
  it('asks about at most 1,000 sessions a query, and ends each ended session once', async () => {
    const ids = Array.from({ length: 2500 }, (_, n) => `session-${n}`);
    const { hub, closed } = hubWithSessions(ids);
    const asked: number[] = [];
    const told: string[] = [];
    const sweeper = startSessionSweeper({
      hub,
      // Every tenth session has ended; every hundredth has no row any more (only closed).
      endedAmong: async (slice) => {
        asked.push(slice.length);
        const number = (id: string) => Number(id.split('-')[1]);
        return slice
          .filter((id) => number(id) % 10 === 0)
          .map((id) => (number(id) % 100 === 0 ? { id } : { id, customerId: 'c' }));
      },
      // Like the fan-out, the close happens later: the sweeper must not end them again meanwhile.
      announceEnded: async (_customer, sessionIds) => void told.push(...sessionIds),
      log: pino({ level: 'silent' }),
      intervalMs: 10,
    });
    try {
      await waitFor(() => asked.length >= 6);
    } finally {
      sweeper.stop();
    }
    expect(asked.slice(0, 3)).toEqual([1000, 1000, 500]);
    // Later sweeps skip what was ended already: 2,250 sessions left to ask about.
    expect(asked.slice(3, 6)).toEqual([1000, 1000, 250]);
    expect(closed).toHaveLength(25);
    expect(told).toHaveLength(225);
    expect(new Set(told).size).toBe(225);
  });
});
