import type { RealtimeEventName } from '@corridor/contracts';
import {
  outboxKinds,
  type Aggregate,
  type OutboxHandler,
  type OutboxMessageInput,
} from '../../outbox/index.ts';
import { validatePayload, type Broadcaster } from './broadcaster.ts';

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

/** Broadcasts outbox realtime events (through the hubs or the external service). */
export function realtimeHandler(broadcaster: Pick<Broadcaster, 'broadcast'>): OutboxHandler {
  return async ({ payload }) => {
    const event = payload as unknown as {
      channel: string;
      event: RealtimeEventName;
      data: unknown;
      except_socket_id?: string;
    };
    await broadcaster.broadcast(
      event.channel,
      event.event,
      event.data,
      event.except_socket_id ? { exceptSocketId: event.except_socket_id } : undefined,
    );
  };
}
