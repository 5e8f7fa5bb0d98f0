import { sql } from 'drizzle-orm';
import { bigserial, char, check, numeric, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { at } from '../../db/columns.ts';
import { currencies } from '../payouts/payouts.schema.ts';

/**
 * Every mid-market rate a provider gave (history, docs/decisions/0021): 1 `base_currency` =
 * `rate` `quote_currency`, as of the provider's `as_of`. Rows are only ever added. The unique
 * index is also the read path: the latest rate of a pair is its last entry, and a day's last
 * rate is one backward step from the day's end.
 */
export const fxRates = pgTable(
  'fx_rates',
  {
    id: bigserial('id', { mode: 'bigint' }).primaryKey(),
    /** 'sandbox' or 'ecb': rates of one provider are never mixed with another's. */
    provider: text('provider').notNull(),
    base_currency: char('base_currency', { length: 3 })
      .notNull()
      .references(() => currencies.iso_alpha),
    quote_currency: char('quote_currency', { length: 3 })
      .notNull()
      .references(() => currencies.iso_alpha),
    /** Exact decimal, read as a string: never a float. */
    rate: numeric('rate').notNull(),
    /** The provider's time for the rate (the ECB's publication day, the sandbox's step). */
    as_of: at('as_of').notNull(),
    /** When Corridor stored it (the injected clock). */
    fetched_at: at('fetched_at').notNull(),
  },
  (table) => [
    uniqueIndex('fx_rates_provider_pair_as_of_unique').on(
      table.provider,
      table.base_currency,
      table.quote_currency,
      table.as_of,
    ),
    check('fx_rates_rate_positive', sql`${table.rate} > 0`),
  ],
);
