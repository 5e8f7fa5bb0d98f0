import { connectRealtime, type RealtimeChannel } from './realtime-connection';

/**
 * Subscribes to the private channel `channelName` (docs/product/realtime.md#channels): `listen`
 * adds the listeners (`isActive` is false once left); answers how to leave it. Realtime is an
 * optimisation: a failed connection, subscription or leave is only logged. With `afterIdle`,
 * the realtime client is fetched once the browser is idle, not in the caller's render
 * (issue 13: the dashboard's blocking time).
 */
export function subscribePrivateChannel(
  channelName: string,
  listen: (channel: RealtimeChannel, isActive: () => boolean) => RealtimeChannel,
  options: { afterIdle?: boolean } = {},
): () => void {
  // Echo's private() and leave() add the `private-` prefix themselves.
  const echoName = channelName.replace(/^private-/, '');
  let active = true;
  let leave: (() => void) | null = null;
  const connected = options.afterIdle
    ? new Promise<void>((resolve) => whenIdle(() => resolve())).then(() =>
        active ? connectRealtime() : null,
      )
    : connectRealtime();
  void connected.then((client) => {
    if (client === null || !active) return;
    try {
      listen(client.private(echoName), () => active).error((error: unknown) => {
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
}

function whenIdle(run: () => void): void {
  if (window.requestIdleCallback) window.requestIdleCallback(run);
  else window.setTimeout(run, 1);
}
