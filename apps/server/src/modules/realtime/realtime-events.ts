import {
  paymentChannel,
  realtimeEvents,
  transactionChannel,
  type CustomerDocumentEvent,
  type PaymentTransactionStateUpdated,
  type TransactionStateUpdated,
} from '@corridor/contracts';
import type { Executor } from '../../db/executor.ts';
import { realtimeMessage } from './realtime-outbox.ts';
import type { Outbox, OutboxHandler } from '../../outbox/outbox.ts';
import type { Broadcaster } from './broadcaster.ts';
import type { EventOrigin } from './event-origin.ts';

/**
 * The realtime effects of the domain. Each is written to the outbox in the use case's
 * transaction and delivered after the commit (docs/architecture.md#rules-of-the-code), so a rolled-back use case tells nobody.
 */
export interface RealtimeEvents {
  customerProfileUpdated(tx: Executor, customerId: string, origin?: EventOrigin): Promise<void>;
  /**
   * A document's status changed (issue 16, docs/product/realtime.md): handed in, being checked, approved or
   * rejected. The payload carries the titles the customer reads (modules/documents).
   */
  customerDocumentUploaded: DocumentEvent;
  customerDocumentProcessing: DocumentEvent;
  customerDocumentApproved: DocumentEvent;
  customerDocumentRejected: DocumentEvent;
  /**
   * Sessions of `customerId` have ended (sign-out, a device signed out from another, a new
   * password, idling out): every tab of each is told with DeviceSignedOut, so it shows sign-in,
   * then its sockets are closed. In that order (one aggregate, the customer): a closed socket
   * hears nothing.
   */
  sessionsEnded(
    tx: Executor,
    customerId: string,
    sessionIds: readonly string[],
    origin?: EventOrigin,
  ): Promise<void>;
  /**
   * A transfer changed state (issue 29): TransactionStateUpdated on its own channel. Ordered with
   * its payment's events (one aggregate, every transfer's: TRANSFER_EVENTS_AGGREGATE).
   */
  transactionStateUpdated(tx: Executor, data: TransactionStateUpdated): Promise<void>;
  /** A transfer's payment changed state: PaymentTransactionStateUpdated on the payment's channel. */
  paymentStateUpdated(tx: Executor, data: PaymentTransactionStateUpdated): Promise<void>;
}

type DocumentEventKey =
  | 'customerDocumentUploaded'
  | 'customerDocumentProcessing'
  | 'customerDocumentApproved'
  | 'customerDocumentRejected';

type DocumentEvent = (
  tx: Executor,
  data: CustomerDocumentEvent,
  origin?: EventOrigin,
) => Promise<void>;

/** The outbox aggregate of every transfer's and payment's events (decision 68). */
export const TRANSFER_EVENTS_AGGREGATE = 'transfer-events';

/** The outbox kind that closes a session's sockets once DeviceSignedOut has gone out. */
export const END_SESSION_CONNECTIONS = 'realtime.end-session-connections';

const except = (origin: EventOrigin | undefined) =>
  origin?.socketId ? { exceptSocketId: origin.socketId } : {};

export function createRealtimeEvents(
  outbox: Pick<Outbox, 'add'>,
  channels: { customer(customerId: string): string },
): RealtimeEvents {
  const customer = (id: string) => ({ type: 'customer', id });
  /**
   * Every transfer's events, one aggregate (decision 68): a batched step's events are then one
   * bundle, whatever the transfers. A transfer's own order holds: its events are written under
   * its lock, so each later one commits after, and gets a later sequence than, the one before.
   */
  const transfers = { type: TRANSFER_EVENTS_AGGREGATE, id: 'all' };
  // Ordered with the customer's other events (one aggregate): a document's steps arrive in turn.
  const documentEvent =
    (event: (typeof realtimeEvents)[DocumentEventKey]): DocumentEvent =>
    async (tx, data, origin) => {
      await outbox.add(
        tx,
        realtimeMessage(customer(data.customer_id), {
          channel: channels.customer(data.customer_id),
          event,
          data,
          ...except(origin),
        }),
      );
    };
  return {
    customerDocumentUploaded: documentEvent(realtimeEvents.customerDocumentUploaded),
    customerDocumentProcessing: documentEvent(realtimeEvents.customerDocumentProcessing),
    customerDocumentApproved: documentEvent(realtimeEvents.customerDocumentApproved),
    customerDocumentRejected: documentEvent(realtimeEvents.customerDocumentRejected),
    async customerProfileUpdated(tx, customerId, origin) {
      await outbox.add(
        tx,
        realtimeMessage(customer(customerId), {
          channel: channels.customer(customerId),
          event: realtimeEvents.customerProfileUpdated,
          data: { customer_id: customerId },
          ...except(origin),
        }),
      );
    },
    async transactionStateUpdated(tx, data) {
      await outbox.add(
        tx,
        realtimeMessage(transfers, {
          channel: transactionChannel(data.transaction_id),
          event: realtimeEvents.transactionStateUpdated,
          data,
        }),
      );
    },
    async paymentStateUpdated(tx, data) {
      await outbox.add(
        tx,
        realtimeMessage(transfers, {
          channel: paymentChannel(data.id),
          event: realtimeEvents.paymentTransactionStateUpdated,
          data,
        }),
      );
    },
    async sessionsEnded(tx, customerId, sessionIds, origin) {
      for (const sessionId of sessionIds) {
        await outbox.add(
          tx,
          realtimeMessage(customer(customerId), {
            channel: channels.customer(customerId),
            event: realtimeEvents.deviceSignedOut,
            data: { session_id: sessionId },
            ...except(origin),
          }),
        );
        await outbox.add(tx, {
          aggregateType: 'customer',
          aggregateId: customerId,
          kind: END_SESSION_CONNECTIONS,
          payload: { session_id: sessionId },
        });
      }
    },
  };
}

/** Delivers END_SESSION_CONNECTIONS: every process closes that session's sockets. */
export function endSessionConnectionsHandler(
  broadcaster: Pick<Broadcaster, 'endSessionConnections'>,
): OutboxHandler {
  return async ({ payload }) => {
    await broadcaster.endSessionConnections(String(payload.session_id));
  };
}

/** For services built without realtime (unit tests). */
export const noRealtimeEvents: RealtimeEvents = {
  customerProfileUpdated: async () => {},
  customerDocumentUploaded: async () => {},
  customerDocumentProcessing: async () => {},
  customerDocumentApproved: async () => {},
  customerDocumentRejected: async () => {},
  sessionsEnded: async () => {},
  transactionStateUpdated: async () => {},
  paymentStateUpdated: async () => {},
};
