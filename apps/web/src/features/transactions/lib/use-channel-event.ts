import { useEffect, useRef } from 'react';
import { connectRealtime } from '@/features/realtime';

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
    // Echo's private() and leave() add the `private-` prefix themselves.
    const echoName = channelName.replace(/^private-/, '');
    let active = true;
    let leave: (() => void) | null = null;
    void connectRealtime().then((client) => {
      if (client === null || !active) return;
      try {
        client
          .private(echoName)
          .listen(`.${event}`, (payload) => {
            if (active) handler.current(payload);
          })
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
  }, [channelName, event]);
}
