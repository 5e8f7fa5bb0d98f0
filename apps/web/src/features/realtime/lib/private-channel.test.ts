import { waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeRealtimeEachTest, serveRealtimeConfig } from '@/test/fake-realtime';
import { subscribePrivateChannel } from './private-channel';
import { disconnectRealtime } from './realtime-connection';

const fake = fakeRealtimeEachTest();
/** A first connection asks for the config through the HTTP client: slow on a busy machine. */
const connecting = { timeout: 10_000 };

/** The page as it is while its first screen's files still come: not yet loaded. */
function pageStillLoading(): () => void {
  Object.defineProperty(document, 'readyState', { configurable: true, get: () => 'loading' });
  return () => {
    Reflect.deleteProperty(document, 'readyState');
  };
}

let undo: (() => void)[] = [];
afterEach(() => {
  undo.forEach((fn) => fn());
  undo = [];
  disconnectRealtime();
});

describe('subscribePrivateChannel (issue 31)', () => {
  it('fetches the realtime client only once the page has loaded, not with its first screen', async () => {
    const loaded = pageStillLoading();
    const config = serveRealtimeConfig();
    const leave = subscribePrivateChannel('private-client-transaction.t1', (channel) => channel);
    undo.push(leave);
    // Long enough for the config's answer and the client, were they asked for.
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(config.count).toBe(0);
    expect(fake().clients).toHaveLength(0);

    loaded();
    window.dispatchEvent(new Event('load'));

    await waitFor(
      () => expect(fake().clients[0]?.channels.has('private-client-transaction.t1')).toBe(true),
      connecting,
    );
    expect(config.count).toBe(1);
  });

  it('subscribes at once on a page already loaded (a later screen of the app)', async () => {
    expect(document.readyState).toBe('complete');
    undo.push(subscribePrivateChannel('private-client-transaction.t2', (channel) => channel));
    await waitFor(
      () => expect(fake().clients[0]?.channels.has('private-client-transaction.t2')).toBe(true),
      connecting,
    );
  });

  it('fetches the realtime client only once the screen on view has been painted', async () => {
    const frames: FrameRequestCallback[] = [];
    const paint = vi.spyOn(window, 'requestAnimationFrame').mockImplementation((callback) => {
      frames.push(callback);
      return frames.length;
    });
    undo.push(() => paint.mockRestore());
    const config = serveRealtimeConfig();
    undo.push(subscribePrivateChannel('private-client-transaction.t4', (channel) => channel));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(config.count).toBe(0);

    // The frames of the paint and of its showing.
    while (frames.length > 0) frames.shift()?.(performance.now());
    await waitFor(
      () => expect(fake().clients[0]?.channels.has('private-client-transaction.t4')).toBe(true),
      connecting,
    );
  });

  it('asks for nothing when left before the page loaded', async () => {
    const loaded = pageStillLoading();
    const config = serveRealtimeConfig();
    subscribePrivateChannel('private-client-transaction.t3', (channel) => channel)();
    loaded();
    window.dispatchEvent(new Event('load'));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(config.count).toBe(0);
    expect(fake().clients).toHaveLength(0);
  });
});
