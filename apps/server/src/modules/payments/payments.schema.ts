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
  ],
);
