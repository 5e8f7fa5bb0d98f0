import { MAX_PAYMENTS_PER_TRANSACTION, paymentStateCodes } from '@corridor/contracts';
import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  char,
  check,
  index,
  pgTable,
  smallint,
  text,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { at, sqlList, timestamps } from '../../db/columns.ts';
import { currencies } from '../payouts/payouts.schema.ts';
import { transactions } from '../transfers/transfers.schema.ts';
import { OPEN_PAYMENT_STATES } from './payment-states.ts';

/**
 * A payment of a transfer (docs/product/sending-money.md#payments): the first, then at most two
 * retries, numbered 1..3 within the transfer (the `-002`, `-003` of its reference). Amounts in
 * minor units; the state is payment-states.ts's.
 */
export const payments = pgTable(
  'payments',
  {
    id: uuid('id').primaryKey(),
    transaction_id: uuid('transaction_id')
      .notNull()
      .references(() => transactions.id),
    number: smallint('number').notNull(),
    state: text('state').notNull(),
    method_code: text('method_code').notNull(),
    provider_code: text('provider_code').notNull(),
    /** The transaction number, with `-002`, `-003` on a retry: what the customer quotes. */
    reference: text('reference').notNull(),
    /** Null: the method has no deadline. */
    deadline: at('deadline'),
    customer_confirmed_payment: boolean('customer_confirmed_payment').notNull().default(false),
    currency: char('currency', { length: 3 })
      .notNull()
      .references(() => currencies.iso_alpha),
    amount_minor: bigint('amount_minor', { mode: 'bigint' }).notNull(),
    /**
     * A card payment's brand and last four digits, as the provider's callback tells them: all the
     * product keeps of a card (docs/sandbox-providers.md#payments). Null for a bank transfer.
     */
    card_brand: text('card_brand'),
    card_last4: char('card_last4', { length: 4 }),
    ...timestamps,
  },
  (table) => [
    uniqueIndex('payments_transaction_number_unique').on(table.transaction_id, table.number),
    // The deadline sweep (every minute) reads only open payments, by deadline.
    index('payments_open_deadline_idx')
      .on(table.deadline)
      .where(sql`${table.state} in (${sqlList(OPEN_PAYMENT_STATES)})`),
    check('payments_state_check', sql`${table.state} in (${sqlList(paymentStateCodes)})`),
    check(
      'payments_number_check',
      sql`${table.number} between 1 and ${sql.raw(String(MAX_PAYMENTS_PER_TRANSACTION))}`,
    ),
    check('payments_amount_check', sql`${table.amount_minor} > 0`),
    check('payments_card_last4_check', sql`${table.card_last4} ~ '^[0-9]{4}$'`),
  ],
);

/**
 * Each provider event accepted, once (docs/decisions/0046-signed-provider-callbacks.md): the
 * UNIQUE (provider, event id) is the replay store. Inserted in the transaction that applies the
 * event, so a repeated delivery finds it and changes nothing.
 */
export const providerEvents = pgTable(
  'payment_provider_events',
  {
    provider_code: text('provider_code').notNull(),
    event_id: text('event_id').notNull(),
    event_type: text('event_type').notNull(),
    payment_id: uuid('payment_id')
      .notNull()
      .references(() => payments.id),
    received_at: at('received_at').notNull(),
  },
  (table) => [
    uniqueIndex('payment_provider_events_unique').on(table.provider_code, table.event_id),
    index('payment_provider_events_payment_idx').on(table.payment_id),
  ],
);

/**
 * The sandbox card provider's own record of each payment's card attempt
 * (docs/sandbox-providers.md#payments): the provider's side, not the product's. One per payment
 * (a retry is a new payment); no card number, no CVC: brand and last four only.
 */
export const sandboxCardCharges = pgTable(
  'sandbox_card_charges',
  {
    id: uuid('id').primaryKey(),
    payment_id: uuid('payment_id').notNull(),
    brand: text('brand').notNull(),
    last4: char('last4', { length: 4 }).notNull(),
    /** `challenge` while 3-D Secure waits for the cardholder; then the decision. */
    outcome: text('outcome').notNull(),
    created_at: at('created_at').notNull(),
    decided_at: at('decided_at'),
  },
  (table) => [
    uniqueIndex('sandbox_card_charges_payment_unique').on(table.payment_id),
    check(
      'sandbox_card_charges_outcome_check',
      sql`${table.outcome} in ('challenge', 'approved', 'declined', 'insufficient_funds', 'authentication_failed')`,
    ),
  ],
);
