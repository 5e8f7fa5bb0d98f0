import {
  customerChannel,
  customerProfileUpdatedSchema,
  deviceSignedOutSchema,
  realtimeEvents,
  type Customer,
} from '@corridor/contracts';
import { useEffect } from 'react';
import { getCustomer, refreshCustomer } from '@/features/customers';
import { connectRealtime } from '@/features/realtime';
import { endSignedOutSession } from './session';

/** The handlers of the customer's channel, apart from React for testing. */
export const customerChannelHandlers = {
  /** The profile changed elsewhere (another device, the back office): fetch it again. */
  profileUpdated(payload: unknown): void {
    if (!customerProfileUpdatedSchema.safeParse(payload).success) return;
    refreshCustomer().catch((error: unknown) => {
      console.warn('Profile refresh after CustomerProfileUpdated failed', error);
    });
  },
  /** A device was signed out; when it is this one, the session is over here too. */
  deviceSignedOut(payload: unknown): void {
    const parsed = deviceSignedOutSchema.safeParse(payload);
    if (!parsed.success) return;
    if (parsed.data.session_id !== getCustomer()?.session.id) return;
    void endSignedOutSession();
  },
};

/**
 * Subscribes to the customer's private channel while the signed-in layout is shown (DESIGN §8).
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
    void connectRealtime().then((client) => {
      if (client === null || !active) return;
      try {
        client
          .private(echoName)
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
