import type { Locale } from '@corridor/contracts/wire/locales';
import { Fragment, createElement, useSyncExternalStore, type ReactNode } from 'react';
import {
  formatMessage,
  formatToParts,
  type MessagePart,
  type MessageValues,
} from './format-message';
import { currentLocale, notify, registerPreparer, snapshot, subscribe } from './locale-store';

type Messages = Readonly<Record<string, string>>;
type Loader<M> = () => Promise<{ default: M }>;

/** How each tag of a message is rendered: `{ link: (text) => <Anchor …>{text}</Anchor> }`. */
export type TagRenderers = Readonly<Record<string, (children: ReactNode) => ReactNode>>;

export interface Translate<K extends string> {
  (key: K, values?: MessageValues): string;
  /** The message with its tags rendered (links, emphasis) by `tags`. */
  rich(key: K, values: MessageValues, tags: TagRenderers): ReactNode;
  locale: Locale;
}

export interface Catalogue<M extends Messages> {
  /** Loads the messages of `locale` (the current one by default); route loaders await this. */
  load(locale?: Locale): Promise<void>;
  /** The messages of `locale`, once loaded. */
  loaded(locale: Locale): M | undefined;
}

/**
 * A feature's messages, one JSON file per language beside the feature (`messages/en.json`, the
 * source, and `messages/es.json`), each its own chunk so only the active language loads
 * (decision 19). The source's keys type `t`; `catalogues.test.ts` keeps the translations whole.
 */
export function defineCatalogue<M extends Messages>(loaders: {
  readonly [L in Locale]: Loader<Partial<M>>;
}): Catalogue<M> {
  const messages = new Map<Locale, M>();
  const pending = new Map<Locale, Promise<void>>();
  let used = false;

  const load = (locale: Locale = currentLocale()): Promise<void> => {
    used = true;
    if (messages.has(locale)) return Promise.resolve();
    let promise = pending.get(locale);
    if (!promise) {
      promise = loaders[locale]().then(
        (module) => {
          messages.set(locale, module.default as M);
          pending.delete(locale);
          notify();
        },
        (error: unknown) => {
          pending.delete(locale);
          throw error;
        },
      );
      pending.set(locale, promise);
    }
    return promise;
  };
  // A switch of language waits for the catalogues already in use.
  registerPreparer((locale) => (used ? load(locale) : Promise.resolve()));
  return { load, loaded: (locale) => messages.get(locale) };
}

function renderParts(parts: MessagePart[], tags: TagRenderers): ReactNode {
  return parts.map((part, index) => {
    if (typeof part === 'string') return createElement(Fragment, { key: index }, part);
    const render = tags[part.tag];
    const children = renderParts(part.parts, tags);
    return createElement(Fragment, { key: index }, render ? render(children) : children);
  });
}

/** `t` for a catalogue's messages in the current language; re-renders when it changes. */
export function useT<M extends Messages>(
  catalogue: Catalogue<M>,
): Translate<Extract<keyof M, string>> {
  // The same version on the server (the build's prerender, app/prerender.tsx) and in hydration.
  useSyncExternalStore(subscribe, snapshot, snapshot);
  const locale = currentLocale();
  const messages = catalogue.loaded(locale);
  // The route's loader loads its catalogue first; elsewhere (a part shown before its loader
  // ran) the key stands in for a moment and the screen re-renders once the messages arrive.
  if (!messages) void catalogue.load(locale).catch(() => undefined);
  const text = (key: string) => messages?.[key] ?? key;
  const rich = (key: string, values: MessageValues, tags: TagRenderers) =>
    renderParts(formatToParts(text(key), locale, values), tags);
  return Object.assign(
    (key: string, values?: MessageValues) => formatMessage(text(key), locale, values),
    { rich, locale },
  );
}
