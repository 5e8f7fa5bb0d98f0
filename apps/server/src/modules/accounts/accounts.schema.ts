import { sql } from 'drizzle-orm';
import { boolean, index, pgTable, smallint, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { at, timestamps } from '../../db/columns.ts';
import { countries } from '../countries/countries.schema.ts';
import { customers } from '../customers/customers.schema.ts';
import { sessions } from '../sessions/sessions.schema.ts';

/**
 * Sign-in credentials, one per customer. Only a verified account owns its email address
 * (partial unique index): an unverified sign-up never blocks, or reveals, the real owner.
 */
export const accounts = pgTable(
  'accounts',
  {
    customer_id: uuid('customer_id')
      .primaryKey()
      .references(() => customers.id, { onDelete: 'cascade' }),
    email: text('email').notNull(),
    /** Lower-cased, for lookups and uniqueness. */
    email_normalized: text('email_normalized').notNull(),
    is_email_verified: boolean('is_email_verified').notNull().default(false),
    email_verified_at: at('email_verified_at'),
    password_hash: text('password_hash').notNull(),
    password_changed_at: at('password_changed_at'),
    mobile_number: text('mobile_number'),
    mobile_number_country_id: uuid('mobile_number_country_id').references(() => countries.id),
    ...timestamps,
  },
  (table) => [
    uniqueIndex('accounts_verified_email_unique')
      .on(table.email_normalized)
      .where(sql`${table.is_email_verified}`),
    index('accounts_email_normalized_idx').on(table.email_normalized),
    // One mobile number (E.164) belongs to one customer.
    uniqueIndex('accounts_mobile_number_unique')
      .on(table.mobile_number)
      .where(sql`${table.mobile_number} is not null`),
  ],
);

/** Six-digit codes sent by email (verification, sign-in) or SMS: single use, short-lived. */
export const oneTimeCodes = pgTable(
  'one_time_codes',
  {
    id: uuid('id')
      .primaryKey()
      .default(sql`gen_random_uuid()`),
    customer_id: uuid('customer_id')
      .notNull()
      .references(() => customers.id, { onDelete: 'cascade' }),
    purpose: text('purpose').notNull(),
    /** The sign-in challenge a second-factor code belongs to (C21). */
    session_id: uuid('session_id').references(() => sessions.id, { onDelete: 'cascade' }),
    /** Where the code was sent: it only verifies that address (B4.6). */
    sent_to: text('sent_to').notNull(),
    code_hash: text('code_hash').notNull(),
    failed_attempts: smallint('failed_attempts').notNull().default(0),
    expires_at: at('expires_at').notNull(),
    consumed_at: at('consumed_at'),
    created_at: at('created_at').notNull().defaultNow(),
  },
  (table) => [index('one_time_codes_customer_purpose_idx').on(table.customer_id, table.purpose)],
);

/** One live password-reset token per customer, stored hashed (B4.1, C15). */
export const passwordResetTokens = pgTable('password_reset_tokens', {
  customer_id: uuid('customer_id')
    .primaryKey()
    .references(() => customers.id, { onDelete: 'cascade' }),
  token_hash: text('token_hash').notNull().unique(),
  expires_at: at('expires_at').notNull(),
  created_at: at('created_at').notNull().defaultNow(),
});
