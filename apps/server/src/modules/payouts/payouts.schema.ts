import { sql } from 'drizzle-orm';
import {
  boolean,
  char,
  check,
  index,
  pgTable,
  primaryKey,
  smallint,
  text,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { timestamps } from '../../db/columns.ts';
import { countries } from '../countries/countries.schema.ts';

/** ISO 4217 currencies with their minor-unit exponent: every amount is stored in minor units. */
export const currencies = pgTable('currencies', {
  id: uuid('id')
    .primaryKey()
    .default(sql`gen_random_uuid()`),
  iso_alpha: char('iso_alpha', { length: 3 }).notNull().unique(),
  iso_numeric: char('iso_numeric', { length: 3 }).notNull(),
  name: text('name').notNull(),
  decimal_places: smallint('decimal_places').notNull(),
  ...timestamps,
});

/**
 * Where money can go: a country and the currency paid out there (docs/product/sending-money.md#corridors "Corridors"). Seeded
 * with stable ids (modules/payouts/payout-reference-data.ts); a retired row is deactivated, never
 * deleted, because quotes and recipients refer to it.
 */
export const payoutTargets = pgTable(
  'payout_targets',
  {
    id: uuid('id').primaryKey(),
    country_id: uuid('country_id')
      .notNull()
      .references(() => countries.id),
    currency_id: uuid('currency_id')
      .notNull()
      .references(() => currencies.id),
    is_active: boolean('is_active').notNull().default(true),
    view_order: smallint('view_order').notNull(),
    ...timestamps,
  },
  (table) => [
    uniqueIndex('payout_targets_country_currency_unique').on(table.country_id, table.currency_id),
  ],
);

/** How a target's recipient receives the money: one row per target and method code. */
export const payoutMethods = pgTable(
  'payout_methods',
  {
    id: uuid('id').primaryKey(),
    payout_target_id: uuid('payout_target_id')
      .notNull()
      .references(() => payoutTargets.id),
    code: text('code').notNull(),
    /** English, the source: translated on the way out (i18n/texts/reference-texts.ts). */
    title: text('title').notNull(),
    description: text('description').notNull(),
    instruction: text('instruction'),
    promo: text('promo'),
    is_active: boolean('is_active').notNull().default(true),
    view_order: smallint('view_order').notNull(),
    ...timestamps,
  },
  (table) => [
    uniqueIndex('payout_methods_target_code_unique').on(table.payout_target_id, table.code),
    check(
      'payout_methods_code_check',
      sql`${table.code} in ('BANK-ACCOUNT', 'MOBILE-WALLET', 'CASH-PICKUP')`,
    ),
  ],
);

/** The partners that pay recipients out (original product: `TERRA_PAY`/TerraPay). */
export const payoutCompanies = pgTable('payout_companies', {
  id: uuid('id').primaryKey(),
  code: text('code').notNull().unique(),
  /** A brand name: the same in every language. */
  title: text('title').notNull(),
  is_active: boolean('is_active').notNull().default(true),
  ...timestamps,
});

/** Which partners pay out each method of each target. */
export const payoutMethodCompanies = pgTable(
  'payout_method_companies',
  {
    payout_method_id: uuid('payout_method_id')
      .notNull()
      .references(() => payoutMethods.id),
    payout_company_id: uuid('payout_company_id')
      .notNull()
      .references(() => payoutCompanies.id),
    view_order: smallint('view_order').notNull(),
  },
  (table) => [
    primaryKey({ columns: [table.payout_method_id, table.payout_company_id] }),
    index('payout_method_companies_company_idx').on(table.payout_company_id),
  ],
);

/** Why a customer sends money (docs/product/sending-money.md#purposes), asked when a transfer is confirmed. */
export const purposes = pgTable('purposes', {
  id: uuid('id').primaryKey(),
  code: text('code').notNull().unique(),
  title: text('title').notNull(),
  description: text('description'),
  is_active: boolean('is_active').notNull().default(true),
  view_order: smallint('view_order').notNull(),
  ...timestamps,
});

/** Who the recipient is to the customer (docs/product/recipients.md#reference-resources). */
export const relationships = pgTable('relationships', {
  id: uuid('id').primaryKey(),
  code: text('code').notNull().unique(),
  title: text('title').notNull(),
  description: text('description'),
  is_active: boolean('is_active').notNull().default(true),
  view_order: smallint('view_order').notNull(),
  ...timestamps,
});
