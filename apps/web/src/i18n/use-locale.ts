import type { Locale } from '@corridor/contracts/wire/locales';
import { useSyncExternalStore } from 'react';
import { currentLocale, snapshot, subscribe } from './locale-store';

/** The current language; re-renders when it changes. */
export function useLocale(): Locale {
  // The same version on the server (the build's prerender) and in hydration.
  useSyncExternalStore(subscribe, snapshot, snapshot);
  return currentLocale();
}
