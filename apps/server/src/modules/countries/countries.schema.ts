import type { Locale } from '@corridor/contracts';
import { sql } from 'drizzle-orm';
import { char, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { at, timestamps } from '../../db/columns.ts';

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

/**
 * Visitors who asked to be told when Corridor serves their country (defect 19): one row per
 * address and country, in the language they asked in.
 */
export const countryWaitlist = pgTable(
  'country_waitlist',
  {
    id: uuid('id')
      .primaryKey()
      .default(sql`gen_random_uuid()`),
    email: text('email').notNull(),
    /** Lower-cased: one row per address and country, however it was typed. */
    email_normalized: text('email_normalized').notNull(),
    country_id: uuid('country_id')
      .notNull()
      .references(() => countries.id),
    locale: text('locale').$type<Locale>().notNull().default('en'),
    created_at: at('created_at').notNull(),
  },
  (table) => [
    uniqueIndex('country_waitlist_email_country_unique').on(
      table.email_normalized,
      table.country_id,
    ),
  ],
);
