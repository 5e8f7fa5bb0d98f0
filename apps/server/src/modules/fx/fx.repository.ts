import { and, desc, eq, gte, sql } from 'drizzle-orm';
import type { Database } from '../../db/database.ts';
import type { Executor } from '../../db/executor.ts';
import { fxRates } from './fx.schema.ts';
import type { CurrencyPair } from './fx-rate-provider.ts';

export interface StoredRate {
  base: string;
  quote: string;
  rate: string;
  as_of: Date;
}

export interface NewRate extends StoredRate {
  provider: string;
  fetched_at: Date;
}

/** A Postgres array literal of values this module checked (currency codes, ISO times). */
const arrayLiteral = (values: readonly string[]) =>
  `{${values.map((value) => `"${value}"`).join(',')}}`;

const asDate = (value: unknown) => (value instanceof Date ? value : new Date(String(value)));

/**
 * Rates are only ever added. Every read walks the unique index (provider, base, quote, as_of)
 * backwards: the latest rate of a pair is its first entry, a day's last rate is one step
 * back from the day's end, however long the history grows.
 */
export function createFxRepository(db: Database) {
  return {
    /** Stores a refresh's rates; a rate already stored (same provider, pair and time) is kept. */
    async insert(ex: Executor, rates: readonly NewRate[]): Promise<number> {
      if (rates.length === 0) return 0;
      const inserted = await ex
        .insert(fxRates)
        .values(
          rates.map((rate) => ({
            provider: rate.provider,
            base_currency: rate.base,
            quote_currency: rate.quote,
            rate: rate.rate,
            as_of: rate.as_of,
            fetched_at: rate.fetched_at,
          })),
        )
        .onConflictDoNothing()
        .returning({ id: fxRates.id });
      return inserted.length;
    },

    async latest(provider: string, pair: CurrencyPair): Promise<StoredRate | undefined> {
      const [row] = await db
        .select({ rate: fxRates.rate, as_of: fxRates.as_of })
        .from(fxRates)
        .where(
          and(
            eq(fxRates.provider, provider),
            eq(fxRates.base_currency, pair.base),
            eq(fxRates.quote_currency, pair.quote),
          ),
        )
        .orderBy(desc(fxRates.as_of))
        .limit(1);
      return row && { ...pair, rate: row.rate, as_of: row.as_of };
    },

    /** The latest rate of each pair that has one. */
    async latestOfPairs(provider: string, pairs: readonly CurrencyPair[]): Promise<StoredRate[]> {
      if (pairs.length === 0) return [];
      const bases = arrayLiteral(pairs.map((pair) => pair.base));
      const quotes = arrayLiteral(pairs.map((pair) => pair.quote));
      const result = (await db.execute(sql`
        select p.base, p.quote, r.rate::text as rate, r.as_of
        from unnest(${bases}::char(3)[], ${quotes}::char(3)[]) as p(base, quote)
        cross join lateral (
          select rate, as_of from ${fxRates}
          where provider = ${provider} and base_currency = p.base and quote_currency = p.quote
          order by as_of desc limit 1
        ) r`)) as unknown as {
        rows: { base: string; quote: string; rate: string; as_of: unknown }[];
      };
      return result.rows.map((row) => ({ ...row, as_of: asDate(row.as_of) }));
    },

    /** Whether the provider has any rate as of `since` or later. */
    async hasRateSince(provider: string, since: Date): Promise<boolean> {
      const [row] = await db
        .select({ id: fxRates.id })
        .from(fxRates)
        .where(and(eq(fxRates.provider, provider), gte(fxRates.as_of, since)))
        .limit(1);
      return row !== undefined;
    },

    /** For each end of day, the pair's last rate before it (which may be of an earlier day). */
    async lastBefore(
      provider: string,
      pair: CurrencyPair,
      dayEnds: readonly Date[],
    ): Promise<{ day_end: Date; rate: string; as_of: Date }[]> {
      if (dayEnds.length === 0) return [];
      const ends = arrayLiteral(dayEnds.map((end) => end.toISOString()));
      const result = (await db.execute(sql`
        select d.day_end, r.rate::text as rate, r.as_of
        from unnest(${ends}::timestamptz[]) as d(day_end)
        cross join lateral (
          select rate, as_of from ${fxRates}
          where provider = ${provider} and base_currency = ${pair.base}
            and quote_currency = ${pair.quote} and as_of < d.day_end
          order by as_of desc limit 1
        ) r
        order by d.day_end`)) as unknown as {
        rows: { day_end: unknown; rate: string; as_of: unknown }[];
      };
      return result.rows.map((row) => ({
        day_end: asDate(row.day_end),
        rate: row.rate,
        as_of: asDate(row.as_of),
      }));
    },
  };
}

export type FxRepository = ReturnType<typeof createFxRepository>;
