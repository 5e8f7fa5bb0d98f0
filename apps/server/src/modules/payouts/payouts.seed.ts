import currencyCodes from 'currency-codes';
import { and, eq, inArray, notInArray, sql, type SQL } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { Database } from '../../db/database.ts';
import type { Executor, Tx } from '../../db/executor.ts';
import type { Clock } from '../../lib/clock.ts';
import {
  companySeeds,
  methodCompanySeeds,
  methodSeeds,
  purposeSeeds,
  relationshipSeeds,
  targetSeeds,
} from './payout-reference-data.ts';
import {
  currencies,
  payoutCompanies,
  payoutMethodCompanies,
  payoutMethods,
  payoutTargets,
  purposes,
  relationships,
} from './payouts.schema.ts';

type CurrencyRow = typeof currencies.$inferInsert;

/** The countries module's ids of countries by ISO code (the targets refer to them). */
export type CountryIdsByIso2 = (
  ex: Executor,
  codes: readonly string[],
) => Promise<Map<string, string>>;

/** Every active ISO 4217 currency that has a minor-unit exponent. */
export function currencyRows(): CurrencyRow[] {
  return currencyCodes.data
    .filter((currency) => typeof currency.digits === 'number' && currency.number)
    .map((currency) => ({
      iso_alpha: currency.code,
      iso_numeric: currency.number.padStart(3, '0'),
      name: currency.currency,
      decimal_places: currency.digits,
    }));
}

/** The currencies (ISO 4217). Idempotent: inserts what is missing, refreshes what changed. */
async function seedCurrencies(db: Database, now: Date): Promise<void> {
  await db
    .insert(currencies)
    .values(currencyRows())
    .onConflictDoUpdate({
      target: currencies.iso_alpha,
      set: {
        iso_numeric: sql`excluded.iso_numeric`,
        name: sql`excluded.name`,
        decimal_places: sql`excluded.decimal_places`,
        updated_at: now,
      },
      setWhere: sql`(${currencies.iso_numeric}, ${currencies.name}, ${currencies.decimal_places}) is distinct from (excluded.iso_numeric, excluded.name, excluded.decimal_places)`,
    });
}

type SeededTable = PgTable & { id: PgColumn; is_active: PgColumn; updated_at: PgColumn };

/**
 * `insert … on conflict (id) do update` that rewrites a row only when its seeded columns (or its
 * being active) changed, so a restart writes nothing; then deactivates the rows the seed no
 * longer has. Column names are this file's constants, never input.
 */
async function upsertById(
  tx: Tx,
  table: SeededTable,
  rows: Record<string, unknown>[],
  columns: readonly string[],
  now: Date,
): Promise<void> {
  if (rows.length === 0) return;
  const name = sql.identifier;
  const set: Record<string, SQL | boolean | Date> = { is_active: true, updated_at: now };
  for (const column of columns) set[column] = sql`excluded.${name(column)}`;
  const current = sql.join(
    [...columns, 'is_active'].map((column) => sql`${table}.${name(column)}`),
    sql`, `,
  );
  const seeded = sql.join(
    [...columns.map((column) => sql`excluded.${name(column)}`), sql`true`],
    sql`, `,
  );
  await tx
    .insert(table)
    .values(rows.map((row) => ({ ...row, is_active: true, created_at: now, updated_at: now })))
    .onConflictDoUpdate({
      target: table.id,
      set,
      setWhere: sql`(${current}) is distinct from (${seeded})`,
    });
  await tx
    .update(table)
    .set({ is_active: false, updated_at: now })
    .where(
      and(
        eq(table.is_active, true),
        notInArray(
          table.id,
          rows.map((row) => row.id as string),
        ),
      ),
    );
}

async function currencyIdsByCode(tx: Tx, codes: string[]): Promise<Map<string, string>> {
  const rows = await tx
    .select({ id: currencies.id, code: currencies.iso_alpha })
    .from(currencies)
    .where(inArray(currencies.iso_alpha, codes));
  const ids = new Map(rows.map((row) => [row.code, row.id]));
  const missing = codes.filter((code) => !ids.has(code));
  // The currencies are seeded first: a missing one is a mistake in the seed.
  if (missing.length > 0) throw new Error(`payout seed: unknown currencies ${missing.join(', ')}`);
  return ids;
}

async function seedTargets(tx: Tx, now: Date, countryIdsByIso2: CountryIdsByIso2): Promise<void> {
  const targets = targetSeeds();
  const countryIds = await countryIdsByIso2(tx, [...new Set(targets.map((t) => t.country))]);
  const currencyIds = await currencyIdsByCode(tx, [...new Set(targets.map((t) => t.currency))]);
  const rows = targets.map((target) => ({
    id: target.id,
    country_id: countryIds.get(target.country),
    currency_id: currencyIds.get(target.currency),
    view_order: target.view_order,
  }));
  await upsertById(tx, payoutTargets, rows, ['country_id', 'currency_id', 'view_order'], now);
}

/** Links of methods and partners: added, reordered or removed to match the seed. */
async function seedMethodCompanies(tx: Tx): Promise<void> {
  const links = methodCompanySeeds();
  const key = (link: { payout_method_id: string; payout_company_id: string }) =>
    `${link.payout_method_id} ${link.payout_company_id}`;
  const wanted = new Set(links.map(key));
  await tx
    .insert(payoutMethodCompanies)
    .values(links)
    .onConflictDoUpdate({
      target: [payoutMethodCompanies.payout_method_id, payoutMethodCompanies.payout_company_id],
      set: { view_order: sql`excluded.view_order` },
      setWhere: sql`${payoutMethodCompanies.view_order} is distinct from excluded.view_order`,
    });
  const existing = await tx.select().from(payoutMethodCompanies);
  for (const link of existing.filter((row) => !wanted.has(key(row)))) {
    await tx
      .delete(payoutMethodCompanies)
      .where(
        and(
          eq(payoutMethodCompanies.payout_method_id, link.payout_method_id),
          eq(payoutMethodCompanies.payout_company_id, link.payout_company_id),
        ),
      );
  }
}

/**
 * The currencies, then payout targets, methods, partners, purposes and relationships
 * (payout-reference-data.ts) in one transaction; after the countries, which the targets refer to
 * by the countries module's `countryIdsByIso2`. Idempotent.
 */
export async function seedPayoutReferenceData(
  db: Database,
  clock: Clock,
  countryIdsByIso2: CountryIdsByIso2,
): Promise<void> {
  const now = clock.now();
  const described = ['code', 'title', 'description', 'view_order'] as const;
  await seedCurrencies(db, now);
  await db.transaction(async (tx) => {
    await seedTargets(tx, now, countryIdsByIso2);
    await upsertById(
      tx,
      payoutMethods,
      methodSeeds(),
      ['payout_target_id', 'code', 'title', 'description', 'instruction', 'promo', 'view_order'],
      now,
    );
    await upsertById(tx, payoutCompanies, companySeeds(), ['code', 'title'], now);
    await seedMethodCompanies(tx);
    await upsertById(tx, purposes, purposeSeeds(), described, now);
    await upsertById(tx, relationships, relationshipSeeds(), described, now);
  });
}
