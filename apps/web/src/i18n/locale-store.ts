import { isLocale, pickLocale, type Locale } from '@corridor/contracts/wire/locales';

/** Where a choice made on this browser is kept (signed out too); the customer's is on the server. */
const STORAGE_KEY = 'corridor-locale';

/** What loads a language's messages before the screens switch to it (the catalogues in use). */
type Preparer = (locale: Locale) => Promise<void>;

let locale: Locale = 'en';
let version = 0;
const listeners = new Set<() => void>();
const preparers = new Set<Preparer>();

function storedChoice(): Locale | undefined {
  try {
    const value = localStorage.getItem(STORAGE_KEY);
    return isLocale(value) ? value : undefined;
  } catch {
    return undefined; // storage refused (private mode): the browser's language decides
  }
}

function apply(next: Locale): void {
  locale = next;
  document.documentElement.lang = next;
  version += 1;
  for (const listener of listeners) listener();
}

/**
 * The first visit's language: a choice made on this browser, else the browser's languages
 * (docs/product/web-app.md). Called once, before the first render.
 */
export function initLocale(): Locale {
  apply(storedChoice() ?? pickLocale(navigator.languages));
  return locale;
}

/**
 * The language of a page rendered ahead of time, on the build's machine (app/prerender.tsx),
 * where there is no browser to ask and no document to mark.
 */
export function renderIn(next: Locale): void {
  locale = next;
  version += 1;
}

export function currentLocale(): Locale {
  return locale;
}

/** Whether the customer chose a language on this browser (rather than the browser's default). */
export function hasLocalChoice(): boolean {
  return storedChoice() !== undefined;
}

/**
 * Switches the screens to `next` once the catalogues in use have its messages, so no screen
 * shows a mix. `remember` keeps it as this browser's choice.
 */
export async function setLocale(next: Locale, { remember = true } = {}): Promise<void> {
  if (remember) {
    try {
      localStorage.setItem(STORAGE_KEY, next);
    } catch {
      // Not kept across visits; this page still switches.
    }
  }
  await Promise.all([...preparers].map((prepare) => prepare(next)));
  if (next !== locale) apply(next);
}

export function registerPreparer(prepare: Preparer): void {
  preparers.add(prepare);
}

/** For useSyncExternalStore: a change of language or of loaded messages. */
export function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function snapshot(): number {
  return version;
}

/** Re-renders the screens: a catalogue finished loading. */
export function notify(): void {
  version += 1;
  for (const listener of listeners) listener();
}
