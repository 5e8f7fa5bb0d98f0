import '@testing-library/jest-dom/vitest';
import { cleanup, waitFor } from '@testing-library/react';
import { afterAll, afterEach, beforeAll, expect } from 'vitest';
import { queryClient } from '../lib/query-client';
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
afterEach(() => {
  cleanup();
  server.resetHandlers();
  queryClient.clear();
  window.history.replaceState(null, '', '/');
});
afterAll(async () => {
  server.close();
  // nprogress removes its bar on timers; let them finish while the DOM still exists, or one
  // fires after the environment is torn down ("document is not defined").
  await waitFor(() => expect(document.getElementById('nprogress')).toBeNull(), { timeout: 3000 });
});
