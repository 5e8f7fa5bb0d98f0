/**
 * Resolves in a task of its own, so the work after it is a task apart from the work before it:
 * the browser can paint and answer input between the two, and neither is one long task
 * (Lighthouse's blocking time counts what each task runs past 50 ms, issue 31). With
 * `scheduler.yield` the rest runs before other tasks already queued; otherwise as a message.
 */
export function yieldToBrowser(): Promise<void> {
  const scheduler = (globalThis as { scheduler?: { yield?: () => Promise<void> } }).scheduler;
  if (typeof scheduler?.yield === 'function') return scheduler.yield();
  return new Promise((resolve) => {
    const channel = new MessageChannel();
    // As a browser's port: Node's types name it an event emitter, its ports take `onmessage` too.
    const port = channel.port1 as unknown as { onmessage: (() => void) | null; close(): void };
    port.onmessage = () => {
      port.close();
      resolve();
    };
    channel.port2.postMessage(null);
  });
}
