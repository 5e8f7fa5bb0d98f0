import type { FastifyBaseLogger } from 'fastify';
import { createRealtime, type Realtime, type RealtimeOptions } from './realtime.ts';
import { startSessionSweeper, type SessionSweeperOptions } from './session-sweeper.ts';

/** What the sweeper asks of the sessions module: which sessions ended, and telling their tabs. */
export type SessionLiveness = Pick<SessionSweeperOptions, 'endedAmong' | 'announceEnded'>;

export interface RealtimeModule extends Realtime {
  /**
   * Checks the sessions behind this process's open sockets every `intervalMs` and ends those
   * that no longer authenticate; stops with the returned function.
   */
  sweepSessions(sessions: SessionLiveness, intervalMs: number): () => void;
}

/** Realtime (docs/product/realtime.md): the hub, its fan-out, the broadcaster, and the Pusher routes. */
export async function createRealtimeModule(
  options: RealtimeOptions & { log: FastifyBaseLogger },
): Promise<RealtimeModule> {
  const realtime = await createRealtime(options);
  return {
    ...realtime,
    sweepSessions(sessions, intervalMs) {
      const sweeper = startSessionSweeper({
        hub: realtime.hub,
        endedAmong: (ids) => sessions.endedAmong(ids),
        announceEnded: (customerId, ids) => sessions.announceEnded(customerId, ids),
        log: options.log.child({ module: 'realtime' }),
        intervalMs,
      });
      return () => sweeper.stop();
    },
  };
}

export type { Broadcaster } from './broadcaster.ts';
export { createExternalBroadcaster, createHubBroadcaster } from './broadcaster.ts';
export {
  configuredCredentials,
  generateCredentials,
  resolvePusherCredentials,
} from './credentials.ts';
export { eventOrigin, type EventOrigin } from './event-origin.ts';
export type { RealtimeHub } from './hub.ts';
export {
  createFanOutHubNetwork,
  createMemoryBus,
  createRedisBus,
  type FanOutBus,
  type HubNetwork,
} from './hub-network.ts';
export type { PusherCredentials } from './protocol.ts';
export {
  createRealtimeEvents,
  END_SESSION_CONNECTIONS,
  endSessionConnectionsHandler,
  noRealtimeEvents,
  type RealtimeEvents,
} from './realtime-events.ts';
export { registerRealtime, type RealtimeOptions } from './realtime.ts';
export {
  connectSocketlessBroadcaster,
  type SocketlessBroadcaster,
} from './socketless-broadcaster.ts';
export {
  realtimeBundleHandler,
  realtimeHandler,
  realtimeMessage,
  type RealtimeEvent,
} from './realtime-outbox.ts';
export type { ChannelOwnership } from './channel-access.ts';
