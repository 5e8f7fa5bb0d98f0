import type { RealtimeEventName } from '@corridor/contracts';
import {
  outboxKinds,
  type Aggregate,
  type OutboxBundleHandler,
  type OutboxHandler,
  type OutboxMessage,
  type OutboxMessageInput,
} from '../../outbox/index.ts';
import { validatePayload, type BroadcastEvent, type Broadcaster } from './broadcaster.ts';

export interface RealtimeEvent {
  channel: string;
  event: RealtimeEventName;
  data: unknown;
  /** The tab that caused it (X-Socket-ID) does not hear it. */
  exceptSocketId?: string;
}

/**
 * A realtime event, broadcast after the commit. The payload is checked against its contract now,
 * so a wrong one fails the use case instead of every later delivery.
 */
export function realtimeMessage(aggregate: Aggregate, event: RealtimeEvent): OutboxMessageInput {
  return {
    aggregateType: aggregate.type,
    aggregateId: aggregate.id,
    kind: outboxKinds.realtime,
    payload: {
      channel: event.channel,
      event: event.event,
      data: validatePayload(event.event, event.data),
      ...(event.exceptSocketId ? { except_socket_id: event.exceptSocketId } : {}),
    },
  };
}

/** A realtime message's payload, as `realtimeMessage` wrote it. */
interface RealtimePayload {
  channel: string;
  event: RealtimeEventName;
  data: unknown;
  except_socket_id?: string;
}

const eventOf = ({ payload }: OutboxMessage): BroadcastEvent => {
  const event = payload as unknown as RealtimePayload;
  return {
    channel: event.channel,
    event: event.event,
    payload: event.data,
    ...(event.except_socket_id ? { exceptSocketId: event.except_socket_id } : {}),
  };
};

/** Broadcasts outbox realtime events (through the hubs or the external service). */
export function realtimeHandler(broadcaster: Pick<Broadcaster, 'broadcast'>): OutboxHandler {
  return async (message) => {
    const { channel, event, payload, exceptSocketId } = eventOf(message);
    await broadcaster.broadcast(
      channel,
      event,
      payload,
      exceptSocketId ? { exceptSocketId } : undefined,
    );
  };
}

/** Broadcasts realtime events of one aggregate (a bundle's, or a round's run: decision 68) in order. */
export function realtimeBundleHandler(
  broadcaster: Pick<Broadcaster, 'broadcastAll'>,
): OutboxBundleHandler {
  return async (messages) => {
    await broadcaster.broadcastAll(messages.map(eventOf));
  };
}
