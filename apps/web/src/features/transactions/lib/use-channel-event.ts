import { useEffect, useRef } from 'react';
import { subscribePrivateChannel } from '@/features/realtime';

/**
 * Listens to `event` on the private channel `channelName` (docs/product/realtime.md#channels)
 * while mounted; null listens to nothing. Realtime is an optimisation: a failed connection or
 * subscription is only logged, and the watch hook's polling carries on.
 */
export function useChannelEvent(
  channelName: string | null,
  event: string,
  onEvent: (payload: unknown) => void,
): void {
  // The latest handler, so a new closure each render does not subscribe again.
  const handler = useRef(onEvent);
  useEffect(() => {
    handler.current = onEvent;
  });

  useEffect(() => {
    if (channelName === null) return undefined;
    return subscribePrivateChannel(channelName, (channel, isActive) =>
      channel.listen(`.${event}`, (payload) => {
        if (isActive()) handler.current(payload);
      }),
    );
  }, [channelName, event]);
}
