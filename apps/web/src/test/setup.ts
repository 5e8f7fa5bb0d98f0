import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterAll, afterEach, beforeAll } from 'vitest';
import { resetRealtime, setRealtimeFactory } from '@/features/realtime';
import { forgetFetchedOnce } from '@/lib/fetch-once';
import { resetPageAnswers } from '@/lib/page-answers';
import { resetProgress } from '@/lib/progress';
import { forgetSessionMemory } from '@/lib/session-memory';
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

// A `findBy…` or `waitFor` waits for its condition up to 5 s, not the library's 1 s: a screen's
// first lazy import on a busy two-core machine (CI runs suites side by side) can take longer.
configure({ asyncUtilTimeout: 5_000 });

// Any request without a handler is a test bug, not a silent network call.
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
// Realtime is off unless a test installs a fake Echo (features/realtime/realtime.test.ts).
setRealtimeFactory(null);
afterEach(() => {
  cleanup();
  resetRealtime();
  server.resetHandlers();
  queryClient.clear();
  forgetFetchedOnce();
  resetPageAnswers();
  // What one test's calculator kept would be the next one's first request.
  forgetSessionMemory();
  // The bar fades and goes on timers, which must not outlive the test (a worker's files share
  // the page and the modules).
  resetProgress();
  window.history.replaceState(null, '', '/');
});
afterAll(() => {
  server.close();
});

// Every catalogue's English words, loaded before each file's tests as a route's loader loads
// them before its screen: a part rendered on its own would otherwise show its keys for a moment,
// and a test reading its text would race the catalogue's import (issue 14).
const catalogues = import.meta.glob<Record<string, unknown>>('/src/**/messages/index.ts');
beforeAll(async () => {
  await Promise.all(
    Object.values(catalogues).map(async (load) => {
      const module = await load();
      await Promise.all(
        Object.values(module).map((value) =>
          typeof value === 'object' && value !== null && 'load' in value
            ? (value as { load: (locale: 'en') => Promise<void> }).load('en')
            : undefined,
        ),
      );
    }),
  );
});
