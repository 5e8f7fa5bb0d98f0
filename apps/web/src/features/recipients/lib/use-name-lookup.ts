import { useEffect, useRef, useState } from 'react';
import { describeError } from '@/lib/api-error';
import { lookUpName } from '../api/look-up-name';

/** The original product's wait after the last keystroke before asking the bank (docs/product/recipients.md#name-lookup). */
export const NAME_LOOKUP_DEBOUNCE_MS = 1000;

export type NameLookupState =
  | { status: 'idle' }
  | { status: 'loading' }
  | { status: 'found'; name: string }
  | { status: 'failed'; message: string };

export interface NameLookupOptions {
  channelId: string;
  /** The requirements' values once every one is valid (nameLookupQuery), else null. */
  query: Readonly<Record<string, string>> | null;
  /** The name shown now belongs to this query (editing: the saved account), if any. */
  initialQuery: Readonly<Record<string, string>> | null;
  /** Puts the name the bank gave into the form, or '' when the details changed. */
  setName: (name: string) => void;
  /** Said when the lookup fails without a message of its own (a 5xx). */
  fallbackMessage: string;
}

const keyOf = (query: Readonly<Record<string, string>> | null): string | null =>
  query === null
    ? null
    : JSON.stringify(Object.entries(query).sort(([a], [b]) => (a < b ? -1 : 1)));

/**
 * The account-name lookup (docs/product/recipients.md#name-lookup): once every requirement is valid, and a second after the last
 * change, ask the bank whose account it is and fill in the name; a stale answer (the details
 * changed meanwhile) is dropped. A name that no longer belongs to the details is cleared.
 * Editing, the saved name stays while the lookup runs again.
 */
export function useNameLookup({
  channelId,
  query,
  initialQuery,
  setName,
  fallbackMessage,
}: NameLookupOptions): NameLookupState {
  const [state, setState] = useState<NameLookupState>({ status: 'idle' });
  const key = keyOf(query);
  // The details the name on screen belongs to.
  const nameKey = useRef<string | null>(keyOf(initialQuery));
  const latest = useRef({ query, setName, fallbackMessage });
  // Before the lookup's effect, which reads it: effects run in order.
  useEffect(() => {
    latest.current = { query, setName, fallbackMessage };
  });

  useEffect(() => {
    const { query: current, setName: fill } = latest.current;
    if (nameKey.current !== null && nameKey.current !== key) {
      nameKey.current = null;
      fill('');
    }
    if (key === null || current === null) {
      setState({ status: 'idle' });
      return undefined;
    }
    setState((previous) => (previous.status === 'idle' ? previous : { status: 'idle' }));
    const controller = new AbortController();
    const timer = setTimeout(() => {
      setState({ status: 'loading' });
      lookUpName(channelId, current, controller.signal).then(
        (name) => {
          if (controller.signal.aborted) return;
          nameKey.current = key;
          latest.current.setName(name);
          setState({ status: 'found', name });
        },
        (error: unknown) => {
          if (controller.signal.aborted) return;
          nameKey.current = null;
          latest.current.setName('');
          setState({
            status: 'failed',
            message: describeError(error, latest.current.fallbackMessage),
          });
        },
      );
    }, NAME_LOOKUP_DEBOUNCE_MS);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [channelId, key]);

  return state;
}
