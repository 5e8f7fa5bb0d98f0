import type { FastifyBaseLogger } from 'fastify';
import type { RealtimeHub } from './hub.ts';

const SESSIONS_PER_QUERY = 1000;

export interface SessionSweeperOptions {
  hub: RealtimeHub;
  /** Of `ids`, the sessions that no longer authenticate, with their customer when known. */
  endedAmong(ids: readonly string[]): Promise<{ id: string; customerId?: string }[]>;
  /** Tells the session's tabs and closes its sockets (through the outbox). */
  announceEnded(customerId: string, sessionIds: readonly string[]): Promise<void>;
  log: FastifyBaseLogger;
  intervalMs: number;
}

/**
 * Sessions also end without a request: they idle out, reach their absolute lifetime, or end in
 * a process whose fan-out message was lost. Every process checks the sessions behind its own
 * open sockets on a timer and ends those that no longer authenticate — so an open socket never
 * outlives its session by more than one interval.
 */
export function startSessionSweeper(options: SessionSweeperOptions): { stop(): void } {
  const { hub, log } = options;
  let running = false;
  // Ended once here: its close may still be travelling through the fan-out, don't repeat it.
  const ended = new Set<string>();
  const sweep = async () => {
    if (running) return;
    const open = new Set(hub.sessionIds());
    for (const id of ended) if (!open.has(id)) ended.delete(id);
    const ids = [...open].filter((id) => !ended.has(id));
    if (ids.length === 0) return;
    running = true;
    try {
      // In slices: one query's parameters are bounded, a process's sockets are not.
      for (let start = 0; start < ids.length; start += SESSIONS_PER_QUERY) {
        const slice = ids.slice(start, start + SESSIONS_PER_QUERY);
        for (const session of await options.endedAmong(slice)) {
          ended.add(session.id);
          if (session.customerId === undefined) hub.closeSocketsOfSession(session.id);
          else await options.announceEnded(session.customerId, [session.id]);
        }
      }
    } catch (error) {
      log.error({ err: error }, 'realtime: session sweep failed');
    } finally {
      running = false;
    }
  };
  const timer = setInterval(() => void sweep(), options.intervalMs);
  timer.unref();
  return { stop: () => clearInterval(timer) };
}
