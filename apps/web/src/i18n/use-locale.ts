import type { Locale } from '@corridor/contracts/wire/locales';
import { useSyncExternalStore } from 'react';
import { currentLocale, snapshot, subscribe } from './locale-store';

/** The current language; re-renders when it changes. */
export function useLocale(): Locale {
  useSyncExternalStore(subscribe, snapshot);
  return currentLocale();
}
