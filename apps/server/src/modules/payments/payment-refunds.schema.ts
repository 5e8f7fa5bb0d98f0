import { refundReasons } from '@corridor/contracts';
import { sql } from 'drizzle-orm';
import { bigint, char, check, index, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { at, sqlList } from '../../db/columns.ts';
import { currencies } from '../payouts/payouts.schema.ts';
import { transactions } from '../transfers/transfers.schema.ts';
import { payments } from './payments.schema.ts';

/** Where a refund goes: back to the card paid with, or to the account a bank transfer came from. */
export const refundDestinations = ['card', 'bank-account'] as const;

/**
 * Every refund of a payment (docs/product/sending-money.md#refunds): the id derived from its
 * cause (the payment and why), so a refund asked twice is recorded once. Written in the use case
 * that moves the money, with its ledger entries; the provider is told after the commit
 * (the outbox). Appended, never changed.
 */
export const paymentRefunds = pgTable(
  'payment_refunds',
  {
    id: uuid('id').primaryKey(),
    transaction_id: uuid('transaction_id')
      .notNull()
      .references(() => transactions.id),
    payment_id: uuid('payment_id')
      .notNull()
      .references(() => payments.id),
    reason: text('reason').notNull(),
    currency: char('currency', { length: 3 })
      .notNull()
      .references(() => currencies.iso_alpha),
    amount_minor: bigint('amount_minor', { mode: 'bigint' }).notNull(),
    destination: text('destination').notNull(),
    created_at: at('created_at').notNull(),
  },
  (table) => [
    index('payment_refunds_transaction_idx').on(table.transaction_id, table.created_at),
    index('payment_refunds_payment_idx').on(table.payment_id),
    check('payment_refunds_reason_check', sql`${table.reason} in (${sqlList(refundReasons)})`),
    check(
      'payment_refunds_destination_check',
      sql`${table.destination} in (${sqlList(refundDestinations)})`,
    ),
    check('payment_refunds_amount_check', sql`${table.amount_minor} > 0`),
  ],
);

/**
 * The sandbox providers' own record of each refund they were told of
 * (docs/sandbox-providers.md#refunds): the card's against its charge, the bank's as an outgoing
 * transfer instruction to the account the payment came from. The providers' side, not the
 * product's; one per refund (a repeated delivery records nothing more).
 */
export const sandboxRefunds = pgTable(
  'sandbox_provider_refunds',
  {
    refund_id: uuid('refund_id').primaryKey(),
    provider_code: text('provider_code').notNull(),
    payment_id: uuid('payment_id').notNull(),
    /** The card charge refunded (the card provider); null for a bank transfer. */
    charge_id: uuid('charge_id'),
    /** What the provider does: `card-refund` or `bank-transfer-out`. */
    instruction: text('instruction').notNull(),
    /** The payment's reference, quoted on the outgoing transfer. */
    reference: text('reference').notNull(),
    currency: char('currency', { length: 3 }).notNull(),
    amount_minor: bigint('amount_minor', { mode: 'bigint' }).notNull(),
    created_at: at('created_at').notNull(),
  },
  (table) => [
    check(
      'sandbox_provider_refunds_instruction_check',
      sql`${table.instruction} in ('card-refund', 'bank-transfer-out')`,
    ),
    check('sandbox_provider_refunds_amount_check', sql`${table.amount_minor} > 0`),
  ],
);
