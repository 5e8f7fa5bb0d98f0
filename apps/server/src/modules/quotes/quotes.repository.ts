import type { AmountType, QuoteAlerts } from '@corridor/contracts';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Database } from '../../db/database.ts';
import type { Executor } from '../../db/executor.ts';
import { quotes } from './quotes.schema.ts';
import { Money } from '../../lib/money.ts';
import type { QuoteFigures } from './quote-figures.ts';

/** A saved quote: its figures exactly as shown, whose it is, and its lifetime. */
export interface StoredQuote {
  id: string;
  customer_id: string;
  recipient_id: string | null;
  figures: QuoteFigures;
  created_at: Date;
  expires_at: Date;
}

type QuoteRow = typeof quotes.$inferSelect;

function figuresOf(row: QuoteRow): QuoteFigures {
  const amountType = row.amount_type as AmountType;
  const pay = (minor: bigint) => Money.fromMinor(minor, row.payment_currency);
  return {
    payment_country_id: row.payment_country_id,
    payment_currency: row.payment_currency,
    payout_target_id: row.payout_target_id,
    payout_currency: row.payout_currency,
    payout_method_id: row.payout_method_id,
    payout_company_id: row.payout_company_id,
    amount_type: amountType,
    amount: Money.fromMinor(
      row.amount_minor,
      amountType === 'send' ? row.payment_currency : row.payout_currency,
    ),
    send: pay(row.send_minor),
    fee: pay(row.fee_minor),
    total: pay(row.total_minor),
    recipient_gets: Money.fromMinor(row.recipient_gets_minor, row.payout_currency),
    markup_cost: pay(row.markup_cost_minor),
    total_cost: pay(row.total_cost_minor),
    min_send: pay(row.min_send_minor),
    max_send: pay(row.max_send_minor),
    total_cost_percent: row.total_cost_percent,
    mid_market_rate: row.mid_market_rate,
    our_rate: row.our_rate,
    markup_percent: row.markup_percent,
    rate_as_of: row.rate_as_of,
    rate_provider: row.rate_provider,
    pricing_version: row.pricing_version,
    alerts: row.alerts as QuoteAlerts,
    estimated_arrival: row.estimated_arrival,
  };
}

const storedOf = (row: QuoteRow): StoredQuote => ({
  id: row.id,
  customer_id: row.customer_id,
  recipient_id: row.recipient_id,
  figures: figuresOf(row),
  created_at: row.created_at,
  expires_at: row.expires_at,
});

/** Saved quotes are written once and never re-priced; only the recipient is chosen later. */
export function createQuotesRepository(db: Database) {
  // Read by every confirm before its transaction opens: prepared once, so it is neither built
  // nor parsed again (scripts/bench/statement-cost.ts: about a third of a built read's CPU).
  const ofCustomer = db
    .select()
    .from(quotes)
    .where(
      and(
        eq(quotes.id, sql.placeholder('id')),
        eq(quotes.customer_id, sql.placeholder('customer')),
      ),
    )
    .prepare('quote_of_customer');
  return {
    async insert(ex: Executor, quote: StoredQuote): Promise<void> {
      const { figures } = quote;
      await ex.insert(quotes).values({
        id: quote.id,
        customer_id: quote.customer_id,
        payment_country_id: figures.payment_country_id,
        payment_currency: figures.payment_currency,
        payout_target_id: figures.payout_target_id,
        payout_currency: figures.payout_currency,
        payout_method_id: figures.payout_method_id,
        payout_company_id: figures.payout_company_id,
        recipient_id: quote.recipient_id,
        amount_type: figures.amount_type,
        amount_minor: figures.amount.minor,
        send_minor: figures.send.minor,
        fee_minor: figures.fee.minor,
        total_minor: figures.total.minor,
        recipient_gets_minor: figures.recipient_gets.minor,
        markup_cost_minor: figures.markup_cost.minor,
        total_cost_minor: figures.total_cost.minor,
        min_send_minor: figures.min_send.minor,
        max_send_minor: figures.max_send.minor,
        total_cost_percent: figures.total_cost_percent,
        mid_market_rate: figures.mid_market_rate,
        our_rate: figures.our_rate,
        markup_percent: figures.markup_percent,
        rate_as_of: figures.rate_as_of,
        rate_provider: figures.rate_provider,
        pricing_version: figures.pricing_version,
        alerts: { ...figures.alerts },
        estimated_arrival: figures.estimated_arrival,
        created_at: quote.created_at,
        expires_at: quote.expires_at,
      });
    },

    /** The customer's quote; another customer's is undefined, like a missing one. */
    async find(
      customerId: string,
      quoteId: string,
      ex: Executor = db,
    ): Promise<StoredQuote | undefined> {
      const [row] =
        ex === db
          ? await ofCustomer.execute({ id: quoteId, customer: customerId })
          : await ex
              .select()
              .from(quotes)
              .where(and(eq(quotes.id, quoteId), eq(quotes.customer_id, customerId)));
      return row ? storedOf(row) : undefined;
    },

    /** The customer's quotes of these ids (those a transfer was made of), by id. */
    async findMany(
      ex: Executor,
      customerId: string,
      quoteIds: readonly string[],
    ): Promise<Map<string, StoredQuote>> {
      if (quoteIds.length === 0) return new Map();
      const rows = await ex
        .select()
        .from(quotes)
        .where(and(inArray(quotes.id, [...quoteIds]), eq(quotes.customer_id, customerId)));
      return new Map(rows.map((row) => [row.id, storedOf(row)]));
    },
  };
}

export type QuotesRepository = ReturnType<typeof createQuotesRepository>;
