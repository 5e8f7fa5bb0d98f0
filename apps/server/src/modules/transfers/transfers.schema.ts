import { holdActionCodes, holdReasonCodes, transactionStateCodes } from '@corridor/contracts';
import { sql } from 'drizzle-orm';
import {
  bigint,
  char,
  check,
  index,
  numeric,
  pgTable,
  text,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { at, sqlList, timestamps } from '../../db/columns.ts';
import { customers } from '../customers/customers.schema.ts';
import { currencies, payoutCompanies, purposes } from '../payouts/payouts.schema.ts';
import { quotes } from '../quotes/quotes.schema.ts';
import { recipients } from '../recipients/recipients.schema.ts';
import { transitionCauses } from './transaction-states.ts';

/**
 * A transfer (docs/product/sending-money.md#the-transfers-tables): what the customer confirmed,
 * kept as the quote priced it (amounts in minor units, rates as exact decimals), one per quote,
 * with its current state; the history of its states is `transaction_states`.
 */
export const transactions = pgTable(
  'transactions',
  {
    id: uuid('id').primaryKey(),
    /** One transfer per quote: confirming a quote twice cannot make two. */
    quote_id: uuid('quote_id')
      .notNull()
      .references(() => quotes.id),
    /** "TP" and ten digits, drawn from the random source; a clash draws again. */
    transaction_number: text('transaction_number').notNull(),
    customer_id: uuid('customer_id')
      .notNull()
      .references(() => customers.id),
    recipient_id: uuid('recipient_id')
      .notNull()
      .references(() => recipients.id),
    purpose_id: uuid('purpose_id')
      .notNull()
      .references(() => purposes.id),
    /** Resolved at confirmation when the quote left it open. */
    payout_company_id: uuid('payout_company_id')
      .notNull()
      .references(() => payoutCompanies.id),
    send_currency: char('send_currency', { length: 3 })
      .notNull()
      .references(() => currencies.iso_alpha),
    send_minor: bigint('send_minor', { mode: 'bigint' }).notNull(),
    fee_minor: bigint('fee_minor', { mode: 'bigint' }).notNull(),
    total_minor: bigint('total_minor', { mode: 'bigint' }).notNull(),
    receive_currency: char('receive_currency', { length: 3 })
      .notNull()
      .references(() => currencies.iso_alpha),
    receive_minor: bigint('receive_minor', { mode: 'bigint' }).notNull(),
    /**
     * What the recipient would get at the mid-market rate (send × mid-market, in minor units of
     * the payout currency), rounded **up**: beside `receive_minor` it never understates what the
     * markup costs (docs/decisions/0020-pricing-and-rounding.md, the markup cost).
     */
    receive_at_mid_market_minor: bigint('receive_at_mid_market_minor', {
      mode: 'bigint',
    }).notNull(),
    mid_market_rate: numeric('mid_market_rate').notNull(),
    our_rate: numeric('our_rate').notNull(),
    pricing_version: text('pricing_version').notNull(),
    available_by: at('available_by').notNull(),
    state: text('state').notNull(),
    /**
     * The end of the cancellation window (docs/product/sending-money.md#cancellation-window):
     * set when the payment clears, to then + 30 minutes; null before that and once the window
     * closed (its job at that time, or the hand-over for payout, whichever first). While set the
     * "transfer paid" entry is pending; a cancel within it voids that entry (and keeps the value).
     */
    cancellable_until: at('cancellable_until'),
    ...timestamps,
  },
  (table) => [
    uniqueIndex('transactions_quote_unique').on(table.quote_id),
    uniqueIndex('transactions_number_unique').on(table.transaction_number),
    // The customer's list: newest first, by recipient. No index holds `state`, so a change of
    // state can be a HOT update (migration 0021, docs/decisions/0065-hot-updates.md); a filter by
    // state reads the customer's transfers newest first and keeps its states.
    index('transactions_customer_created_idx').on(table.customer_id, table.created_at.desc()),
    index('transactions_customer_recipient_idx').on(table.customer_id, table.recipient_id),
    check('transactions_state_check', sql`${table.state} in (${sqlList(transactionStateCodes)})`),
    check('transactions_number_check', sql`${table.transaction_number} ~ '^TP[0-9]{10}$'`),
    check(
      'transactions_amounts_check',
      sql`${table.send_minor} > 0 and ${table.fee_minor} >= 0 and ${table.receive_minor} > 0 and ${table.receive_at_mid_market_minor} >= 0 and ${table.total_minor} = ${table.send_minor} + ${table.fee_minor}`,
    ),
  ],
);

/**
 * A transfer's timeline: one row per state it entered, with the cause (transaction-states.ts)
 * and, for a hold, why and what the customer is to do. Appended, never changed.
 */
export const transactionStates = pgTable(
  'transaction_states',
  {
    id: uuid('id').primaryKey(),
    transaction_id: uuid('transaction_id')
      .notNull()
      .references(() => transactions.id),
    state: text('state').notNull(),
    /** Null for the first row, CREATED: nothing caused it but the confirmation. */
    cause: text('cause'),
    hold_reason: text('hold_reason'),
    hold_action: text('hold_action'),
    at: at('at').notNull(),
  },
  (table) => [
    index('transaction_states_transaction_idx').on(table.transaction_id, table.at),
    check(
      'transaction_states_state_check',
      sql`${table.state} in (${sqlList(transactionStateCodes)})`,
    ),
    check(
      'transaction_states_cause_check',
      sql`${table.cause} is null or ${table.cause} in (${sqlList(transitionCauses)})`,
    ),
    check(
      'transaction_states_hold_reason_check',
      sql`${table.hold_reason} is null or ${table.hold_reason} in (${sqlList(holdReasonCodes)})`,
    ),
    check(
      'transaction_states_hold_action_check',
      sql`${table.hold_action} is null or ${table.hold_action} in (${sqlList(holdActionCodes)})`,
    ),
  ],
);
