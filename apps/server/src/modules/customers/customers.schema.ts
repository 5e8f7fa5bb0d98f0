import type { Locale } from '@corridor/contracts';
import { sql } from 'drizzle-orm';
import { boolean, check, date, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { timestamps } from '../../db/columns.ts';
import { countries } from '../countries/countries.schema.ts';

/** A person who sends money (docs/product/customer-and-onboarding.md#the-customer-resource). Profile fields arrive with onboarding. */
export const customers = pgTable(
  'customers',
  {
    id: uuid('id')
      .primaryKey()
      .default(sql`gen_random_uuid()`),
    /** Customer reference number, shown to the customer and to support. */
    crn: text('crn').notNull().unique(),
    name: text('name'),
    second_name: text('second_name'),
    third_name: text('third_name'),
    unique_identity_number: text('unique_identity_number'),
    poi_name_check: boolean('poi_name_check'),
    is_blocked_for_sending: boolean('is_blocked_for_sending').notNull().default(false),
    country_id: uuid('country_id').references(() => countries.id),
    nationality_id: uuid('nationality_id').references(() => countries.id),
    /** The language the customer reads Corridor in ('en' or 'es'): their emails follow it. */
    locale: text('locale').$type<Locale>().notNull().default('en'),
    ...timestamps,
  },
  (table) => [check('customers_locale_check', sql`${table.locale} in ('en', 'es')`)],
);

/** The customer's home address (the `address.*` attributes), one per customer. */
export const customerAddresses = pgTable('customer_addresses', {
  customer_id: uuid('customer_id')
    .primaryKey()
    .references(() => customers.id, { onDelete: 'cascade' }),
  address_line_1: text('address_line_1'),
  address_line_2: text('address_line_2'),
  city: text('city'),
  region: text('region'),
  postcode: text('postcode'),
  ...timestamps,
});

/** The customer's date of birth (`birth_detail.birth_date`). */
export const customerBirthDetails = pgTable('customer_birth_details', {
  customer_id: uuid('customer_id')
    .primaryKey()
    .references(() => customers.id, { onDelete: 'cascade' }),
  birth_date: date('birth_date', { mode: 'string' }),
  ...timestamps,
});

/** What the customer does and earns (the `employment.*` attributes): option values of the catalogue. */
export const customerEmployments = pgTable('customer_employments', {
  customer_id: uuid('customer_id')
    .primaryKey()
    .references(() => customers.id, { onDelete: 'cascade' }),
  occupation: text('occupation'),
  salary_range: text('salary_range'),
  ...timestamps,
});
