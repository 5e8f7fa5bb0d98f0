import { sql } from 'drizzle-orm';
import { check, index, jsonb, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { at } from '../../db/columns.ts';
import { customers } from '../customers/customers.schema.ts';
import { payoutMethods, payoutTargets, relationships } from '../payouts/payouts.schema.ts';

/**
 * A person or business a customer pays (docs/product/recipients.md#the-recipient-resource): the filled-in form of one
 * payout channel (modules/recipients/channels). `values` holds every attribute's normalised
 * value (text, an option's id, or `{country, number, e164}` for a phone), checked against the
 * channel when written. Removing a recipient sets `deleted_at`: quotes and transfers keep
 * pointing at it, and history shows who was paid.
 */
export const recipients = pgTable(
  'recipients',
  {
    id: uuid('id').primaryKey(),
    customer_id: uuid('customer_id')
      .notNull()
      .references(() => customers.id),
    /** The channel's stable id (derived from country, currency and method). */
    channel_id: uuid('channel_id').notNull(),
    payout_target_id: uuid('payout_target_id')
      .notNull()
      .references(() => payoutTargets.id),
    payout_method_id: uuid('payout_method_id')
      .notNull()
      .references(() => payoutMethods.id),
    recipient_type: text('recipient_type').notNull(),
    relationship_id: uuid('relationship_id')
      .notNull()
      .references(() => relationships.id),
    name: text('name').notNull(),
    second_name: text('second_name'),
    third_name: text('third_name'),
    /** name, second and third name joined: what lists show and search matches. */
    whole_name: text('whole_name').notNull(),
    /** The account number, IBAN or mobile number (E.164) the money goes to; null for pickups. */
    account_number: text('account_number'),
    values: jsonb('values').$type<Record<string, unknown>>().notNull(),
    /** Kept by transfers (a later issue); null until the first. */
    first_transaction_at: at('first_transaction_at'),
    recent_transaction_at: at('recent_transaction_at'),
    created_at: at('created_at').notNull(),
    updated_at: at('updated_at').notNull(),
    deleted_at: at('deleted_at'),
  },
  (table) => [
    index('recipients_customer_created_idx')
      .on(table.customer_id, table.created_at, table.id)
      .where(sql`deleted_at is null`),
    check('recipients_type_check', sql`${table.recipient_type} in ('individual', 'business')`),
  ],
);
