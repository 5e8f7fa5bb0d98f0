import { and, eq, inArray, notInArray, sql, type SQL } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { Clock } from '../../lib/clock.ts';
import type { Database } from '../database.ts';
import type { Tx } from '../executor.ts';
import { countries } from '../../modules/countries/countries.schema.ts';
import {
  currencies,
  payoutCompanies,
  payoutMethodCompanies,
  payoutMethods,
  payoutTargets,
  purposes,
  relationships,
} from '../../modules/payouts/payouts.schema.ts';
import {
  companySeeds,
  methodCompanySeeds,
  methodSeeds,
  purposeSeeds,
  relationshipSeeds,
  targetSeeds,
} from './payout-reference-data.ts';

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

async function idsByCode(
  tx: Tx,
  table: 'countries' | 'currencies',
  codes: string[],
): Promise<Map<string, string>> {
  const rows =
    table === 'countries'
      ? await tx
          .select({ id: countries.id, code: countries.iso2_alpha })
          .from(countries)
          .where(inArray(countries.iso2_alpha, codes))
      : await tx
          .select({ id: currencies.id, code: currencies.iso_alpha })
          .from(currencies)
          .where(inArray(currencies.iso_alpha, codes));
  const ids = new Map(rows.map((row) => [row.code, row.id]));
  const missing = codes.filter((code) => !ids.has(code));
  // The countries and currencies are seeded first: a missing one is a mistake in the seed.
  if (missing.length > 0) throw new Error(`payout seed: unknown ${table} ${missing.join(', ')}`);
  return ids;
}

async function seedTargets(tx: Tx, now: Date): Promise<void> {
  const targets = targetSeeds();
  const countryIds = await idsByCode(tx, 'countries', [...new Set(targets.map((t) => t.country))]);
  const currencyIds = await idsByCode(tx, 'currencies', [
    ...new Set(targets.map((t) => t.currency)),
  ]);
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
 * Payout targets, methods, partners, purposes and relationships (payout-reference-data.ts), in
 * one transaction, after the countries and currencies they refer to. Idempotent.
 */
export async function seedPayoutReferenceData(db: Database, clock: Clock): Promise<void> {
  const now = clock.now();
  const described = ['code', 'title', 'description', 'view_order'] as const;
  await db.transaction(async (tx) => {
    await seedTargets(tx, now);
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
