import type {
  Currency,
  Locale,
  PayoutCompany,
  PayoutMethod,
  PayoutTarget,
} from '@corridor/contracts';
import { formatExchangeRate } from './exchange-rate-format.ts';
import type { QuoteDirectory } from './quote-directory.ts';
import type { StoredQuote } from './quotes.repository.ts';

/**
 * What a transfer shows of the quote it was made of (docs/product/sending-money.md#transactions):
 * the quote as saved (never re-priced), and its reference data in the reader's language.
 */
export interface QuoteTransferParts {
  stored: StoredQuote;
  payment_country: PayoutTarget['country'];
  payment_currency: Currency;
  payout_country: PayoutTarget['country'];
  payout_currency: Currency;
  payout_method: PayoutMethod;
  /** The method's partners, the default first: a transfer's is resolved among them. */
  companies: PayoutCompany[];
}

/** The parts of each stored quote, in `locale`; a quote of retired reference data throws. */
export async function quoteTransferParts(
  directory: QuoteDirectory,
  stored: readonly StoredQuote[],
  locale: Locale,
): Promise<QuoteTransferParts[]> {
  const [base, localized] = await Promise.all([directory.load(), directory.localized(locale)]);
  return stored.map((quote) => {
    const { figures } = quote;
    const source = localized.sources.find(
      (candidate) => candidate.country.id === figures.payment_country_id,
    );
    const target = localized.targetById.get(figures.payout_target_id);
    const method = localized.methodById.get(figures.payout_method_id);
    const info = base.methodById.get(figures.payout_method_id);
    if (!source || !target || !method || !info) {
      throw new Error(`quote ${quote.id} refers to retired reference data`);
    }
    const rate = formatExchangeRate(
      figures.our_rate,
      figures.payment_currency,
      figures.payout_currency,
    );
    return {
      stored: quote,
      payment_country: source.country,
      payment_currency: source.currency,
      payout_country: target.country,
      payout_currency: target.currency,
      payout_method: {
        id: method.id,
        code: method.code,
        title: method.title,
        description: method.description,
        instruction: method.instruction,
        promo: method.promo,
        sell_rate_formatted: rate.formatted,
      },
      companies: info.companies,
    };
  });
}
