import type { Recipient } from '@corridor/contracts';
import { Skeleton, Stack, VisuallyHidden } from '@mantine/core';
import { useEffect, useState } from 'react';
import { useT } from '@/i18n';
import { describeError, httpStatus, serverMessage } from '@/lib/api-error';
import { LoadError } from '@/ui/load-error';
import { prefetchQuote, useLiveQuote, type LiveQuote } from '../api/get-quote';
import { forgetCalculator, recallCalculator, rememberCalculator } from '../lib/calculator-memory';
import { initialRequest, requestOf } from '../lib/quote-request';
import { quotesMessages } from '../messages';
import { QuoteForm } from './quote-form';
import './calculator.css';

export interface CalculatorProps {
  /** Scoped to a recipient: their country, currency and method, fixed; Send money is to them. */
  recipient?: Recipient;
}

function CalculatorSkeleton() {
  const t = useT(quotesMessages);
  const words = quotesMessages.loaded(t.locale);
  return (
    <Stack gap="md" className="calculator">
      <VisuallyHidden role="status">
        {words === undefined ? '' : t('calculator.loading')}
      </VisuallyHidden>
      {[56, 20, 20, 56, 72, 160].map((height, index) => (
        <Skeleton key={index} height={height} radius="md" aria-hidden="true" />
      ))}
    </Stack>
  );
}

/** The server's failure to price (no fresh rate: 503), in place of the calculator, with Retry. */
function QuoteFailure({ live }: { live: LiveQuote }) {
  const t = useT(quotesMessages);
  const fallback = t('calculator.failedText');
  const message =
    httpStatus(live.error) === 503
      ? (serverMessage(live.error) ?? fallback)
      : describeError(live.error, fallback);
  return (
    <LoadError
      title={t('calculator.failedTitle')}
      message={message}
      retrying={live.pending}
      onRetry={() => void live.requote(live.request)}
    />
  );
}

/** The calculator's memory of each scope: the general one, or a recipient's own. */
const scopeOf = (recipient: Recipient | undefined) => recipient?.id ?? '';

/** What the calculator asks first: what the customer left it at, else the defaults. */
function firstRequest(recipient: Recipient | undefined) {
  return recallCalculator(scopeOf(recipient)) ?? initialRequest(recipient);
}

/**
 * Asks for the general calculator's first quote and loads its words; settles when both are
 * there (or failed: the calculator shows its failure), never rejecting. A loader that waits for
 * it gets a calculator that renders whole at once.
 */
export function prepareCalculator(): Promise<void> {
  return Promise.all([
    prefetchQuote(firstRequest(undefined)),
    quotesMessages.load().catch(() => undefined),
  ]).then(() => undefined);
}

/**
 * The calculator (docs/product/routes-and-screens.md#calculator) with Corridor's full-cost disclosure (docs/product/sending-money.md#pricing). The
 * customer fixes either side; the server prices the other, and its answer replaces every
 * figure but the one being typed. Nothing is computed here.
 */
export function Calculator({ recipient }: CalculatorProps) {
  return <LiveCalculator key={recipient?.id ?? ''} recipient={recipient} />;
}

function LiveCalculator({ recipient }: CalculatorProps) {
  const t = useT(quotesMessages);
  const scope = scopeOf(recipient);
  const [first] = useState(() => firstRequest(recipient));
  // The first quote is asked at once; the words (their own chunk, which useT loads) meanwhile.
  const live = useLiveQuote(first);
  const { quote, request, error } = live;
  // Kept once the customer has changed something (their request, not the first one): left
  // alone, the calculator asks for the defaults, which the dashboard's page carries answered.
  useEffect(() => {
    if (quote !== undefined && request !== first) rememberCalculator(scope, requestOf(quote));
  }, [quote, request, first, scope]);
  // What the customer had is no longer priced (a corridor closed): the defaults instead.
  const { requote } = live;
  const refusedFirst = quote === undefined && request === first && httpStatus(error) === 422;
  useEffect(() => {
    if (!refusedFirst || recallCalculator(scope) === undefined) return;
    forgetCalculator(scope);
    void requote(initialRequest(recipient));
  }, [refusedFirst, scope, requote, recipient]);
  if (quotesMessages.loaded(t.locale) === undefined) return <CalculatorSkeleton />;
  const refused = live.error !== null && httpStatus(live.error) === 422;
  if (live.error !== null && (live.quote === undefined || !refused)) {
    return <QuoteFailure live={live} />;
  }
  if (live.quote === undefined) return <CalculatorSkeleton />;
  return <QuoteForm quote={live.quote} live={live} recipient={recipient} />;
}
