import '@testing-library/jest-dom/vitest';
import { cleanup } from '@testing-library/react';
import NProgress from 'nprogress';
import { afterAll, afterEach, beforeAll } from 'vitest';
import { resetRealtime, setRealtimeFactory } from '@/features/realtime';
import { queryClient } from '@/lib/query-client';
import { server } from './msw-server';

// happy-dom has these; the stubs keep Mantine working if a file opts into another environment.
if (typeof window.matchMedia !== 'function') {
  Object.defineProperty(window, 'matchMedia', {
    writable: true,
    value: (query: string): MediaQueryList =>
      ({
        matches: false,
        media: query,
        onchange: null,
        addListener: () => undefined,
        removeListener: () => undefined,
        addEventListener: () => undefined,
        removeEventListener: () => undefined,
        dispatchEvent: () => false,
      }) as MediaQueryList,
  });
}
if (typeof window.ResizeObserver === 'undefined') {
  window.ResizeObserver = class {
    observe(): void {}
    unobserve(): void {}
    disconnect(): void {}
  };
}

// Any request without a handler is a test bug, not a silent network call.
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
// Realtime is off unless a test installs a fake Echo (features/realtime/realtime.test.ts).
setRealtimeFactory(null);
afterEach(() => {
  cleanup();
  resetRealtime();
  server.resetHandlers();
  queryClient.clear();
  window.history.replaceState(null, '', '/');
});
// nprogress removes its bar on timers. Without animation they run within milliseconds, and the
// last hook waits for them while the DOM still exists; a timer firing after the environment is
// torn down fails the run with "document is not defined".
NProgress.configure({ speed: 0 });
afterAll(async () => {
  server.close();
  NProgress.done();
  await new Promise((resolve) => setTimeout(resolve, 50));
});
