import {
  crossRate,
  type CurrencyPair,
  type FetchedRate,
  type FxRateProvider,
} from './fx-rate-provider.ts';
import { ECB_DAILY_URL, ecbRateTime, EcbFeedError, parseEcbDaily } from './ecb-feed.ts';

/** Reads the feed's text: `fetch` in production, a recorded file in tests. */
export type FetchText = () => Promise<string>;

/** The real file is about 1.5 KB: anything near 256 KiB is not it. */
const MAX_FEED_BYTES = 262_144;

/** The feed over HTTPS, with a timeout, refusing an error status or an oversized answer. */
export function httpFetchText(url: string = ECB_DAILY_URL, timeoutMs = 10_000): FetchText {
  return async () => {
    const response = await fetch(url, {
      signal: AbortSignal.timeout(timeoutMs),
      headers: { accept: 'application/xml, text/xml' },
    });
    if (!response.ok) throw new EcbFeedError(`${url} answered ${response.status}`);
    const declared = response.headers.get('content-length');
    if (declared !== null && (!/^\d{1,15}$/.test(declared) || BigInt(declared) > MAX_FEED_BYTES)) {
      throw new EcbFeedError(`${url} sent ${declared} bytes`);
    }
    const text = await response.text();
    if (text.length > MAX_FEED_BYTES) throw new EcbFeedError(`${url} sent too much`);
    return text;
  };
}

/**
 * The ECB's euro reference rates (docs/decisions/0021): every pair is a cross rate through EUR,
 * quote per EUR ÷ base per EUR, in exact decimal arithmetic, rounded half-even to 10 significant
 * digits. The ECB does not publish NGN, KES, PKR, BDT, NPR, GHS or VND: pairs with them are
 * left out, and quoting them answers 503 (no rate) while this provider is configured.
 */
export function createEcbProvider(options: {
  pairs: readonly CurrencyPair[];
  fetchText: FetchText;
}): FxRateProvider {
  return {
    name: 'ecb',
    async fetchRates() {
      const { date, perEur } = parseEcbDaily(await options.fetchText());
      const asOf = ecbRateTime(date);
      const rates: FetchedRate[] = [];
      for (const pair of options.pairs) {
        const rate = crossRate(perEur, 'EUR', pair);
        if (rate !== undefined)
          rates.push({ base: pair.base, quote: pair.quote, rate, as_of: asOf });
      }
      return rates;
    },
  };
}
