import type { Quote, QuoteRequest } from '@corridor/contracts';
import { apiPaths } from '@corridor/contracts/wire/routes';
import { useCallback, useEffect, useRef, useState } from 'react';
import { httpClient, type RequestOptions } from '@/lib/http-client';
import { parseWith } from '@/lib/parse-with';

/**
 * GET /client/v1/quote: the live price of a transfer (original product §2.2, §3.3). Every key
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

let earlyQuote: { answer: Promise<Quote>; askedAt: number } | undefined;

/**
 * Asks for the server's default quote while the signed-in frame still checks the session (the
 * dashboard's loader), so the calculator, the dashboard's largest paint, need not wait for the
 * profile, its own chunk and a render before asking. Nobody signed in: the frame sends them to
 * sign-in, so this one stays quiet about its 401.
 */
export function prefetchDefaultQuote(): void {
  const answer = getQuote({}, { skipAuthRedirect: true });
  // Never left unhandled: the calculator that takes it handles its failure.
  answer.catch(() => undefined);
  earlyQuote = { answer, askedAt: performance.now() };
}

/** The early default quote, once, if it is recent and `request` is the default one. */
function takeEarlyQuote(request: QuoteRequest): Promise<Quote> | undefined {
  const early = earlyQuote;
  earlyQuote = undefined;
  if (early === undefined || Object.keys(request).length > 0) return undefined;
  return performance.now() - early.askedAt <= EARLY_QUOTE_MS ? early.answer : undefined;
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
  const [state, setState] = useState<LiveQuoteState>(() => ({
    quote: undefined,
    error: null,
    request: initial,
    pending: true,
  }));
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

  // The first quote: the server's defaults, or the recipient's corridor. Asked once per mount.
  const first = useRef(initial);
  useEffect(() => {
    void requote(first.current);
    return drop;
  }, [requote, drop]);

  return { ...state, schedule, requote, cancel, settle };
}
