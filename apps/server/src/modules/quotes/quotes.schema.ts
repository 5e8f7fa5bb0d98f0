import { sql } from 'drizzle-orm';
import {
  bigint,
  char,
  check,
  index,
  jsonb,
  numeric,
  pgTable,
  text,
  uuid,
} from 'drizzle-orm/pg-core';
import { at } from '../../db/columns.ts';
import { countries } from '../countries/countries.schema.ts';
import { customers } from '../customers/customers.schema.ts';
import {
  currencies,
  payoutCompanies,
  payoutMethods,
  payoutTargets,
} from '../payouts/payouts.schema.ts';
import { recipients } from '../recipients/recipients.schema.ts';

/**
 * A saved quote (docs/product/sending-money.md#the-saved-quote): the price a customer was shown, kept exactly, with its
 * rate locked until `expires_at` (30 minutes after `created_at`, docs/product/sending-money.md#quotes). Amounts are integer
 * minor units of their currency; rates and percentages exact decimals. Rows are never updated
 * except to choose the recipient.
 */
export const quotes = pgTable(
  'quotes',
  {
    id: uuid('id').primaryKey(),
    customer_id: uuid('customer_id')
      .notNull()
      .references(() => customers.id),
    payment_country_id: uuid('payment_country_id')
      .notNull()
      .references(() => countries.id),
    payment_currency: char('payment_currency', { length: 3 })
      .notNull()
      .references(() => currencies.iso_alpha),
    payout_target_id: uuid('payout_target_id')
      .notNull()
      .references(() => payoutTargets.id),
    payout_currency: char('payout_currency', { length: 3 })
      .notNull()
      .references(() => currencies.iso_alpha),
    payout_method_id: uuid('payout_method_id')
      .notNull()
      .references(() => payoutMethods.id),
    payout_company_id: uuid('payout_company_id').references(() => payoutCompanies.id),
    recipient_id: uuid('recipient_id').references(() => recipients.id),
    amount_type: text('amount_type').notNull(),
    /** What the customer typed, in minor units of its side's currency. */
    amount_minor: bigint('amount_minor', { mode: 'bigint' }).notNull(),
    send_minor: bigint('send_minor', { mode: 'bigint' }).notNull(),
    fee_minor: bigint('fee_minor', { mode: 'bigint' }).notNull(),
    total_minor: bigint('total_minor', { mode: 'bigint' }).notNull(),
    recipient_gets_minor: bigint('recipient_gets_minor', { mode: 'bigint' }).notNull(),
    markup_cost_minor: bigint('markup_cost_minor', { mode: 'bigint' }).notNull(),
    total_cost_minor: bigint('total_cost_minor', { mode: 'bigint' }).notNull(),
    min_send_minor: bigint('min_send_minor', { mode: 'bigint' }).notNull(),
    max_send_minor: bigint('max_send_minor', { mode: 'bigint' }).notNull(),
    total_cost_percent: numeric('total_cost_percent').notNull(),
    mid_market_rate: numeric('mid_market_rate').notNull(),
    our_rate: numeric('our_rate').notNull(),
    markup_percent: numeric('markup_percent').notNull(),
    /** When the mid-market rate was published, and by whom. */
    rate_as_of: at('rate_as_of').notNull(),
    rate_provider: text('rate_provider').notNull(),
    pricing_version: text('pricing_version').notNull(),
    /** Alerts in force when saved, by field: English texts, translated on the way out. */
    alerts: jsonb('alerts').$type<Record<string, string>>().notNull(),
    estimated_arrival: at('estimated_arrival').notNull(),
    created_at: at('created_at').notNull(),
    expires_at: at('expires_at').notNull(),
  },
  (table) => [
    index('quotes_customer_created_idx').on(table.customer_id, table.created_at),
    check('quotes_amount_type_check', sql`${table.amount_type} in ('send', 'receive')`),
    check(
      'quotes_amounts_check',
      sql`${table.send_minor} > 0 and ${table.fee_minor} >= 0 and ${table.recipient_gets_minor} >= 0 and ${table.total_minor} = ${table.send_minor} + ${table.fee_minor}`,
    ),
  ],
);
