import { useEffect, useRef } from 'react';
import { subscribePrivateChannel } from '@/features/realtime';

/**
 * Listens to `event` on the private channel `channelName` (docs/product/realtime.md#channels)
 * while mounted; null listens to nothing. `onSubscribed` runs each time the subscription lands
 * (again after a reconnection): what was sent before it was not heard. Realtime is an
 * optimisation: a failed connection or subscription is only logged, and the watch hook's polling
 * carries on.
 */
export function useChannelEvent(
  channelName: string | null,
  event: string,
  onEvent: (payload: unknown) => void,
  onSubscribed?: () => void,
): void {
  // The latest handlers, so a new closure each render does not subscribe again.
  const handler = useRef(onEvent);
  const subscribedHandler = useRef(onSubscribed);
  useEffect(() => {
    handler.current = onEvent;
    subscribedHandler.current = onSubscribed;
  });

  useEffect(() => {
    if (channelName === null) return undefined;
    return subscribePrivateChannel(channelName, (channel, isActive) =>
      channel
        .listen(`.${event}`, (payload) => {
          if (isActive()) handler.current(payload);
        })
        .subscribed(() => {
          if (isActive()) subscribedHandler.current?.();
        }),
    );
  }, [channelName, event]);
}
