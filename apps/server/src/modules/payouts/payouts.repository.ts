import { asc, eq, sql } from 'drizzle-orm';
import type { Database } from '../../db/database.ts';
import {
  currencies,
  payoutCompanies,
  payoutMethodCompanies,
  payoutMethods,
  payoutTargets,
  purposes,
  relationships,
} from './payouts.schema.ts';

const currencyColumns = {
  id: currencies.id,
  iso_alpha: currencies.iso_alpha,
  // The original product sends the ISO numeric code as a number ("036" → 36).
  iso_numeric: sql<number>`cast(${currencies.iso_numeric} as integer)`,
  name: currencies.name,
  decimal_places: currencies.decimal_places,
};

export type CurrencyRow = {
  id: string;
  iso_alpha: string;
  iso_numeric: number;
  name: string;
  decimal_places: number;
};

const described = (table: typeof purposes | typeof relationships) => ({
  id: table.id,
  code: table.code,
  title: table.title,
  description: table.description,
});

/** Reference data is read whole: it changes only when the seed runs at start. */
export function createPayoutsRepository(db: Database) {
  return {
    listTargets() {
      return db
        .select({
          id: payoutTargets.id,
          country_id: payoutTargets.country_id,
          currency: currencyColumns,
        })
        .from(payoutTargets)
        .innerJoin(currencies, eq(currencies.id, payoutTargets.currency_id))
        .where(eq(payoutTargets.is_active, true))
        .orderBy(asc(payoutTargets.view_order));
    },
    listMethods() {
      return db
        .select({
          id: payoutMethods.id,
          payout_target_id: payoutMethods.payout_target_id,
          code: payoutMethods.code,
          title: payoutMethods.title,
          description: payoutMethods.description,
          instruction: payoutMethods.instruction,
          promo: payoutMethods.promo,
        })
        .from(payoutMethods)
        .where(eq(payoutMethods.is_active, true))
        .orderBy(asc(payoutMethods.payout_target_id), asc(payoutMethods.view_order));
    },
    listMethodCompanies() {
      return db
        .select({
          payout_method_id: payoutMethodCompanies.payout_method_id,
          id: payoutCompanies.id,
          code: payoutCompanies.code,
          title: payoutCompanies.title,
        })
        .from(payoutMethodCompanies)
        .innerJoin(payoutCompanies, eq(payoutCompanies.id, payoutMethodCompanies.payout_company_id))
        .where(eq(payoutCompanies.is_active, true))
        .orderBy(
          asc(payoutMethodCompanies.payout_method_id),
          asc(payoutMethodCompanies.view_order),
        );
    },
    listPurposes() {
      return db
        .select(described(purposes))
        .from(purposes)
        .where(eq(purposes.is_active, true))
        .orderBy(asc(purposes.view_order));
    },
    listRelationships() {
      return db
        .select(described(relationships))
        .from(relationships)
        .where(eq(relationships.is_active, true))
        .orderBy(asc(relationships.view_order));
    },
    async currencyByCode(code: string): Promise<CurrencyRow | undefined> {
      const [row] = await db
        .select(currencyColumns)
        .from(currencies)
        .where(eq(currencies.iso_alpha, code));
      return row;
    },
  };
}

export type PayoutsRepository = ReturnType<typeof createPayoutsRepository>;
