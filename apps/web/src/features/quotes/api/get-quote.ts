import type { Quote, QuoteRequest } from '@corridor/contracts';
import { apiPaths } from '@corridor/contracts/wire/routes';
import { useCallback, useEffect, useRef, useState } from 'react';
import { httpClient, type RequestOptions } from '@/lib/http-client';
import { parseWith } from '@/lib/parse-with';

/**
 * GET /client/v1/quote: the live price of a transfer (docs/product/sending-money.md#the-live-quote, #quote-endpoints). Every key
 * is optional; the server fills in the customer's defaults. Limits come back as `alerts` (200);
 * 422 names `amount`, `send_amount` or `payout_amount`; 503 means there is no fresh rate.
 */
export async function getQuote(
  request: QuoteRequest,
  options: Omit<RequestOptions, 'params'> = {},
): Promise<Quote> {
  const { data } = await httpClient.get(apiPaths.quote, { ...options, params: { ...request } });
  return parseWith((contracts) => contracts.quoteSchema, data);
}

/** How long an early quote stays the one to show: long enough for the screen to render. */
const EARLY_QUOTE_MS = 10_000;

interface EarlyQuote {
  /** What was asked: the default quote ({}) or the calculator as the customer left it. */
  request: QuoteRequest;
  answer: Promise<Quote>;
  askedAt: number;
  /** The answer, once it came. */
  quote?: Quote;
}

let earlyQuote: EarlyQuote | undefined;

/**
 * Asks for the calculator's first quote (the server's default, or the one the customer left)
 * while the signed-in frame still checks the session (the dashboard's loader), so the
 * calculator, the dashboard's largest paint, need not wait for the profile, its own chunk and a
 * render before asking. Nobody signed in: the frame sends them to sign-in, so this one stays
 * quiet about its 401. Settles when the answer came, and never rejects: the calculator that
 * takes the answer handles its failure.
 */
export function prefetchQuote(request: QuoteRequest = {}): Promise<void> {
  const early: EarlyQuote = {
    request,
    answer: getQuote(request, { skipAuthRedirect: true }),
    askedAt: performance.now(),
  };
  earlyQuote = early;
  return early.answer.then(
    (quote) => {
      early.quote = quote;
    },
    () => undefined,
  );
}

/** The same request: the same keys with the same values, in any order. */
function sameRequest(a: QuoteRequest, b: QuoteRequest): boolean {
  const keys = Object.keys({ ...a, ...b }) as (keyof QuoteRequest)[];
  return keys.every((key) => a[key] === b[key]);
}

/** The early quote, if it is recent and `request` is the one it asked. */
function earlyQuoteFor(request: QuoteRequest): EarlyQuote | undefined {
  if (earlyQuote === undefined || !sameRequest(earlyQuote.request, request)) return undefined;
  return performance.now() - earlyQuote.askedAt <= EARLY_QUOTE_MS ? earlyQuote : undefined;
}

/** The early quote's answer, once, if it is recent and `request` is the one it asked. */
function takeEarlyQuote(request: QuoteRequest): Promise<Quote> | undefined {
  const early = earlyQuoteFor(request);
  earlyQuote = undefined;
  return early?.answer;
}

/** How a quote request ended: its quote, its failure, or overtaken by a newer request. */
export type QuoteOutcome =
  { kind: 'quote'; quote: Quote } | { kind: 'error'; error: unknown } | { kind: 'superseded' };

export interface LiveQuote {
  /** The last quote the server gave; undefined until the first. */
  quote: Quote | undefined;
  /** Why the last request failed; null when it answered. */
  error: unknown;
  /** The request the last answer (quote or error) is for. */
  request: QuoteRequest;
  /** A request is waiting for the customer to stop typing, or for its answer. */
  pending: boolean;
  /** Asks for this quote after `delay` ms of quiet (typing); a request already waiting is dropped. */
  schedule: (request: QuoteRequest, delay: number) => void;
  /** Asks for this quote now (a picker changed, Retry). */
  requote: (request: QuoteRequest) => Promise<QuoteOutcome>;
  /** Drops whatever is waiting or under way (the amount was emptied). */
  cancel: () => void;
  /** The answer to the latest request: asked now if it was waiting (Send money). */
  settle: () => Promise<QuoteOutcome>;
}

interface LiveQuoteState {
  quote: Quote | undefined;
  error: unknown;
  request: QuoteRequest;
  pending: boolean;
}

const superseded: QuoteOutcome = { kind: 'superseded' };

/**
 * The calculator's quote, asked again as the customer changes it. Only the latest request
 * counts: a newer one aborts the one under way (AbortController), and an answer that arrives
 * for an older one anyway is dropped, so a slow first answer never overwrites a second.
 */
export function useLiveQuote(initial: QuoteRequest): LiveQuote {
  const [state, setState] = useState<LiveQuoteState>(() => {
    // The early answer already came (the dashboard's loader waits for it): shown on the first
    // render, so the calculator never paints its skeleton and then grows under the customer.
    const quote = earlyQuoteFor(initial)?.quote;
    return { quote, error: null, request: initial, pending: quote === undefined };
  });
  const latest = useRef(0);
  const controller = useRef<AbortController | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const waiting = useRef<QuoteRequest | null>(null);
  const inFlight = useRef<Promise<QuoteOutcome> | null>(null);
  const lastOutcome = useRef<QuoteOutcome>(superseded);

  /** Forgets every request so far: their answers no longer count. */
  const drop = useCallback(() => {
    latest.current += 1;
    clearTimeout(timer.current);
    waiting.current = null;
    inFlight.current = null;
    controller.current?.abort();
    controller.current = null;
  }, []);

  const requote = useCallback(
    (request: QuoteRequest) => {
      drop();
      const id = latest.current;
      const abort = new AbortController();
      controller.current = abort;
      setState((previous) => ({ ...previous, pending: true }));
      const answer = takeEarlyQuote(request) ?? getQuote(request, { signal: abort.signal });
      const promise = answer.then(
        (quote): QuoteOutcome => {
          if (id !== latest.current) return superseded;
          setState({ quote, error: null, request, pending: false });
          return (lastOutcome.current = { kind: 'quote', quote });
        },
        (error: unknown): QuoteOutcome => {
          if (id !== latest.current) return superseded;
          setState((previous) => ({ ...previous, error, request, pending: false }));
          return (lastOutcome.current = { kind: 'error', error });
        },
      );
      inFlight.current = promise;
      return promise;
    },
    [drop],
  );

  const schedule = useCallback(
    (request: QuoteRequest, delay: number) => {
      drop();
      waiting.current = request;
      setState((previous) => ({ ...previous, pending: true }));
      timer.current = setTimeout(() => void requote(request), delay);
    },
    [drop, requote],
  );

  const cancel = useCallback(() => {
    drop();
    setState((previous) => ({ ...previous, pending: false }));
  }, [drop]);

  const settle = useCallback((): Promise<QuoteOutcome> => {
    if (waiting.current !== null) return requote(waiting.current);
    return inFlight.current ?? Promise.resolve(lastOutcome.current);
  }, [requote]);

  // The first quote: the server's defaults, or the recipient's corridor. Asked once per mount,
  // unless the early answer is already shown.
  const first = useRef(initial);
  const shown = useRef(state.quote);
  useEffect(() => {
    if (shown.current !== undefined) {
      takeEarlyQuote(first.current);
      lastOutcome.current = { kind: 'quote', quote: shown.current };
    } else {
      void requote(first.current);
    }
    return drop;
  }, [requote, drop]);

  return { ...state, schedule, requote, cancel, settle };
}
