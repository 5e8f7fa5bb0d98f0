import { sql } from 'drizzle-orm';
import { char, pgTable, smallint, text, timestamp, uuid } from 'drizzle-orm/pg-core';

const timestamps = {
  created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updated_at: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
};

/** ISO 3166-1 countries, seeded from world-countries and libphonenumber-js at start. */
export const countries = pgTable('countries', {
  id: uuid('id')
    .primaryKey()
    .default(sql`gen_random_uuid()`),
  iso2_alpha: char('iso2_alpha', { length: 2 }).notNull().unique(),
  iso3_alpha: char('iso3_alpha', { length: 3 }).notNull().unique(),
  iso_numeric: char('iso_numeric', { length: 3 }),
  fips_code: text('fips_code'),
  slug: text('slug').notNull().unique(),
  calling_code: text('calling_code'),
  common_name: text('common_name').notNull(),
  official_name: text('official_name').notNull(),
  endonym: text('endonym').notNull(),
  demonym: text('demonym'),
  ...timestamps,
});

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

/** Secrets the server generates once and every process shares (for example the cookie-signing key). */
export const appSecrets = pgTable('app_secrets', {
  name: text('name').primaryKey(),
  value: text('value').notNull(),
  created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});
