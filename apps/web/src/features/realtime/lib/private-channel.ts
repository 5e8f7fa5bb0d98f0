import { connectRealtime, type RealtimeChannel } from './realtime-connection';

/**
 * Subscribes to the private channel `channelName` (docs/product/realtime.md#channels): `listen`
 * adds the listeners (`isActive` is false once left); answers how to leave it. Realtime is an
 * optimisation: a failed connection, subscription or leave is only logged. The realtime client
 * (pusher.js and echo.js, 72 KB of script to fetch and run) is fetched once the page has loaded,
 * not while its first screen is still coming (issue 31: asked at the first render of `/pay/{id}`
 * or `/transaction/{id}`, it shared that screen's main thread and network); with `afterIdle`,
 * only once the browser is idle after that too (issue 13: the dashboard's blocking time). What
 * happens meanwhile the screens learn as before a connection is made: from their own answers
 * and polls.
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
  const connected = afterPageLoad()
    .then(() => (options.afterIdle ? new Promise<void>((resolve) => whenIdle(resolve)) : undefined))
    .then(() => (active ? connectRealtime() : null));
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

/** Now once the page has loaded (any later screen), else at its `load` event. */
function afterPageLoad(): Promise<void> {
  if (document.readyState === 'complete') return Promise.resolve();
  return new Promise((resolve) => window.addEventListener('load', () => resolve(), { once: true }));
}

function whenIdle(run: () => void): void {
  if (window.requestIdleCallback) window.requestIdleCallback(run);
  else window.setTimeout(run, 1);
}
