import { useSyncExternalStore } from 'react';

const never = () => () => undefined;

/**
 * False while the page shows the screen the build prerendered, before the app has hydrated it
 * (and on the server), true once the app runs it: a control that needs the app (a form's
 * submit, which would otherwise submit the page natively) waits for it.
 */
export function useAppStarted(): boolean {
  return useSyncExternalStore(
    never,
    () => true,
    () => false,
  );
}
