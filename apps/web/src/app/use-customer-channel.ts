import type { Customer } from '@corridor/contracts';
import { customerChannel, realtimeEvents } from '@corridor/contracts/wire/channels';
import { useEffect } from 'react';
import { loadDocumentNotices, type DocumentEventKind } from '@/features/account-verification';
import { getCustomer, refreshCustomer } from '@/features/customers';
import { connectRealtime } from '@/features/realtime';
import { safeParseWith } from '@/lib/parse-with';
import { endSignedOutSession } from './session';

/** The document events of the channel (docs/product/realtime.md#events), each with what it tells the customer. */
const documentEvents: readonly [string, DocumentEventKind][] = [
  [realtimeEvents.customerDocumentUploaded, 'uploaded'],
  [realtimeEvents.customerDocumentProcessing, 'processing'],
  [realtimeEvents.customerDocumentApproved, 'approved'],
  [realtimeEvents.customerDocumentRejected, 'rejected'],
];

/** The handlers of the customer's channel, apart from React for testing. */
export const customerChannelHandlers = {
  /**
   * A document moved on (sent, being checked, verified, not accepted): the customer is fetched
   * again, so every screen shows its new status, and a toast says what happened.
   */
  documentChanged(kind: DocumentEventKind, payload: unknown): void {
    safeParseWith((contracts) => contracts.customerDocumentEventSchema, payload)
      .then((event) => {
        if (event === undefined) return;
        return Promise.all([
          refreshCustomer(),
          loadDocumentNotices().then((notices) => notices.showDocumentNotice(kind, event)),
        ]);
      })
      .catch((error: unknown) => {
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
    const channelName = customerChannel(customerId);
    // Echo's private() and leave() add the `private-` prefix themselves.
    const echoName = channelName.replace(/^private-/, '');
    let active = true;
    let leave: (() => void) | null = null;
    // Realtime is no part of the first paint: its client (pusher-js and Echo) is fetched and
    // parsed once the browser is idle, in a task of its own rather than the profile's render
    // (issue 13: the dashboard's blocking time).
    const whenIdle = window.requestIdleCallback ?? ((run: () => void) => window.setTimeout(run, 1));
    const connect = () => (active ? connectRealtime() : Promise.resolve(null));
    void new Promise<void>((resolve) => whenIdle(() => resolve())).then(connect).then((client) => {
      if (client === null || !active) return;
      try {
        const channel = client.private(echoName);
        for (const [event, kind] of documentEvents) {
          channel.listen(`.${event}`, (payload) =>
            customerChannelHandlers.documentChanged(kind, payload),
          );
        }
        channel
          .listen(
            `.${realtimeEvents.customerProfileUpdated}`,
            customerChannelHandlers.profileUpdated,
          )
          .listen(`.${realtimeEvents.deviceSignedOut}`, customerChannelHandlers.deviceSignedOut)
          .error((error: unknown) => {
            console.warn(`Realtime subscription to ${channelName} failed`, error);
          });
        leave = () => client.leave(echoName);
      } catch (error) {
        console.warn(`Realtime subscription to ${channelName} failed`, error);
      }
    });
    return () => {
      active = false;
      try {
        leave?.();
      } catch (error) {
        console.warn(`Leaving ${channelName} failed`, error);
      }
    };
  }, [customerId]);
}
