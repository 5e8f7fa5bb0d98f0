import type { Locale, QuotePayoutMethod, QuoteRequest } from '@corridor/contracts';
import type { Clock } from '../../lib/clock.ts';
import type { CustomerService } from '../customers/index.ts';
import type { FxService } from '../fx/index.ts';
import type { SignedInSession } from '../sessions/index.ts';
import { estimatedArrival } from './estimated-arrival.ts';
import {
  figuresOf,
  priceSelection,
  sendingLimitInput,
  type QuoteFigures,
  type SentTotalsPort,
} from './quote-figures.ts';
import type { SendingLimitInput } from '../pricing/index.ts';
import type { QuoteDirectory } from './quote-directory.ts';
import { quotePayoutMethod, type ResourceContext } from './quote-resource.ts';
import { selectQuote, type QuoteSelection } from './quote-selection.ts';
import type { RateCache } from './rate-cache.ts';

export interface PricingDeps {
  customers: Pick<CustomerService, 'view'>;
  directory: QuoteDirectory;
  rates: RateCache;
  fx: Pick<FxService, 'providerName'>;
  clock: Clock;
  /** What the customer already sent in each rolling window (the transfers module's port). */
  sends: SentTotalsPort;
}

/** A request priced: the selection, its figures, and what they are shown with. */
export interface PricedQuote {
  selection: QuoteSelection;
  figures: QuoteFigures;
  ctx: ResourceContext;
  /** The customer's level and rolling totals the quote was priced against. */
  limits: SendingLimitInput;
  /** When it was priced: a saved quote's created_at. */
  now: Date;
}

/**
 * Prices a quote request for the customer of `session`: the customer (cached reads, decision
 * 16), the reference data (in process) and the pair's rate (rate-cache.ts) are read, then
 * everything is exact arithmetic. 422 for an id or amount Corridor cannot take, 503 when the
 * rate is missing or stale.
 */
export async function priceRequest(
  deps: PricingDeps,
  session: SignedInSession,
  request: QuoteRequest,
  locale: Locale,
): Promise<PricedQuote> {
  const [customer, directory, localized] = await Promise.all([
    deps.customers.view(session, locale),
    deps.directory.load(),
    deps.directory.localized(locale),
  ]);
  const selection = selectQuote(directory, request, customer.country?.iso2_alpha ?? null);
  const [rate, sent] = await Promise.all([
    deps.rates.latest(selection.source.currency, selection.target.currency.iso_alpha),
    deps.sends.sentTotals(session.customer_id, selection.source.currency),
  ]);
  const now = deps.clock.now();
  const limits = sendingLimitInput(customer, sent);
  const price = priceSelection(selection, rate, limits);
  const figures = figuresOf(selection, price, { ...rate, provider: deps.fx.providerName }, now);
  const ctx: ResourceContext = {
    locale,
    customer,
    localized,
    target: selection.target,
    method: selection.method,
  };
  return { selection, figures, ctx, limits, now };
}

/** Every method of the quote's target, each priced at its own rate, with its own arrival. */
export function pricedMethods(priced: PricedQuote): QuotePayoutMethod[] {
  const { selection, figures, ctx, limits, now } = priced;
  const mid = { rate: figures.mid_market_rate, as_of: figures.rate_as_of };
  return selection.target.methods.map((method) => {
    const ourRate =
      method.id === selection.method.id
        ? figures.our_rate
        : priceSelection(selection, mid, limits, method.code).our_rate;
    const arrival = estimatedArrival(method.code, selection.target.country.iso2_alpha, now);
    return quotePayoutMethod(ctx, method.id, figures, ourRate, arrival);
  });
}
