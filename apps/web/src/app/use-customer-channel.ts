import type { Customer } from '@corridor/contracts';
import { customerChannel, realtimeEvents } from '@corridor/contracts/wire/channels';
import { useEffect } from 'react';
import { loadDocumentNotices, type DocumentEventKind } from '@/features/account-verification';
import { getCustomer, refreshCustomer } from '@/features/customers';
import { subscribePrivateChannel } from '@/features/realtime';
import { safeParseWith } from '@/lib/parse-with';
import { endSignedOutSession } from './session';

/** The document events of the channel (docs/product/realtime.md#events), each with what it tells the customer. */
const documentEvents: readonly [string, DocumentEventKind][] = [
  [realtimeEvents.customerDocumentUploaded, 'uploaded'],
  [realtimeEvents.customerDocumentProcessing, 'processing'],
  [realtimeEvents.customerDocumentApproved, 'approved'],
  [realtimeEvents.customerDocumentRejected, 'rejected'],
];

/**
 * Where the document notices stand: each event's notice is told after the one of the event before
 * it. Checking an event is asynchronous and not always as long (the first of its schema is built
 * a slice at a time, lib/parse-with.ts): told as each check ended, an earlier "received" could
 * follow a later "not accepted" and take its place (a notice of a type replaces the one before).
 */
let noticesTold: Promise<void> = Promise.resolve();

/** The handlers of the customer's channel, apart from React for testing. */
export const customerChannelHandlers = {
  /**
   * A document moved on (sent, being checked, verified, not accepted): the customer is fetched
   * again, so every screen shows its new status, and a toast says what happened, in the order
   * the events arrived.
   */
  documentChanged(kind: DocumentEventKind, payload: unknown): void {
    const checked = safeParseWith((contracts) => contracts.customerDocumentEventSchema, payload);
    const told = noticesTold.then(async () => {
      const event = await checked;
      if (event === undefined) return;
      const notices = await loadDocumentNotices();
      await notices.showDocumentNotice(kind, event);
    });
    noticesTold = told.catch(() => undefined);
    Promise.all([
      checked.then((event) => (event === undefined ? undefined : refreshCustomer())),
      told,
    ]).catch((error: unknown) => {
      console.warn(`Handling the ${kind} document event failed`, error);
    });
  },
  /** The profile changed elsewhere (another device, the back office): fetch it again. */
  profileUpdated(payload: unknown): void {
    safeParseWith((contracts) => contracts.customerProfileUpdatedSchema, payload)
      .then((event) => (event === undefined ? undefined : refreshCustomer()))
      .catch((error: unknown) => {
        console.warn('Profile refresh after CustomerProfileUpdated failed', error);
      });
  },
  /** A device was signed out; when it is this one, the session is over here too. */
  deviceSignedOut(payload: unknown): void {
    safeParseWith((contracts) => contracts.deviceSignedOutSchema, payload)
      .then((event) => {
        if (event === undefined || event.session_id !== getCustomer()?.session.id) return;
        return endSignedOutSession();
      })
      .catch((error: unknown) => {
        console.warn('Handling DeviceSignedOut failed', error);
      });
  },
};

/**
 * Subscribes to the customer's private channel while the signed-in layout is shown (docs/product/realtime.md#channels).
 * Realtime is an optimisation: a failed connection or authorization is only logged.
 */
export function useCustomerChannel(customer: Customer | undefined): void {
  const customerId = customer?.id;
  useEffect(() => {
    if (customerId === undefined) return;
    // Realtime is no part of the first paint (issue 13): the client is fetched after it.
    return subscribePrivateChannel(customerChannel(customerId), (channel) => {
      for (const [event, kind] of documentEvents) {
        channel.listen(`.${event}`, (payload) =>
          customerChannelHandlers.documentChanged(kind, payload),
        );
      }
      return channel
        .listen(`.${realtimeEvents.customerProfileUpdated}`, customerChannelHandlers.profileUpdated)
        .listen(`.${realtimeEvents.deviceSignedOut}`, customerChannelHandlers.deviceSignedOut);
    });
  }, [customerId]);
}
