import { afterNextPaint } from '@/lib/after-next-paint';
import { connectRealtime, type RealtimeChannel } from './realtime-connection';

/**
 * Subscribes to the private channel `channelName` (docs/product/realtime.md#channels): `listen`
 * adds the listeners (`isActive` is false once left); answers how to leave it. Realtime is an
 * optimisation: a failed connection, subscription or leave is only logged. The realtime client
 * (pusher.js and echo.js, 72 KB of script to fetch and run) is fetched once the page has loaded
 * and the screen on view has been painted, when the browser is idle: asked for at the first
 * render of `/pay/{id}` or `/transaction/{id}`, its config, download and start shared that
 * screen's main thread and network before its largest paint (issue 31); the dashboard's blocking
 * time (issue 13). An event sent meanwhile is not heard: a screen that must not miss one reads
 * again when the subscription lands (`channel.subscribed`, use-watched-transaction.ts).
 */
export function subscribePrivateChannel(
  channelName: string,
  listen: (channel: RealtimeChannel, isActive: () => boolean) => RealtimeChannel,
): () => void {
  // Echo's private() and leave() add the `private-` prefix themselves.
  const echoName = channelName.replace(/^private-/, '');
  let active = true;
  let leave: (() => void) | null = null;
  let cancelPaint: (() => void) | undefined;
  const connected = afterPageLoad()
    .then(() => new Promise<void>((resolve) => (cancelPaint = afterNextPaint(resolve))))
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
    cancelPaint?.();
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
