import { sql } from 'drizzle-orm';
import { check, pgTable, smallint, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { at, sqlList, timestamps } from '../../db/columns.ts';
import { transactions } from '../transfers/transfers.schema.ts';
import { payoutStateCodes } from './payout-states.ts';

/**
 * The payout of a transfer (docs/product/sending-money.md#the-transfers-tables): one per
 * transfer, retried in place (`attempts`), with the partner's reference and, for cash pickup,
 * the collection PIN the recipient gives.
 */
export const payouts = pgTable(
  'payouts',
  {
    id: uuid('id').primaryKey(),
    transaction_id: uuid('transaction_id')
      .notNull()
      .references(() => transactions.id),
    partner_code: text('partner_code').notNull(),
    state: text('state').notNull(),
    collection_pin: text('collection_pin'),
    partner_reference: text('partner_reference'),
    attempts: smallint('attempts').notNull().default(0),
    sent_at: at('sent_at'),
    paid_at: at('paid_at'),
    ...timestamps,
  },
  (table) => [
    uniqueIndex('payouts_transaction_unique').on(table.transaction_id),
    check('payouts_state_check', sql`${table.state} in (${sqlList(payoutStateCodes)})`),
    check('payouts_attempts_check', sql`${table.attempts} >= 0`),
  ],
);
