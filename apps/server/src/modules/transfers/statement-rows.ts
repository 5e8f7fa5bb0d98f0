import type { TransactionStateCode } from '@corridor/contracts';
import { and, asc, eq, gte, lt, sql } from 'drizzle-orm';
import type { Executor } from '../../db/executor.ts';
import { transactions } from './transfers.schema.ts';

/**
 * What a statement lists of a customer's transfers (docs/product/sending-money.md#receipts-and-statements):
 * a port built from the database alone, read by the receipts module, which owns statements.
 */

/** One transfer of a statement: its amounts in minor units, and whether its payment cleared. */
export interface StatementTransferRow {
  id: string;
  transaction_number: string;
  created_at: Date;
  state: TransactionStateCode;
  recipient_id: string;
  send_currency: string;
  send_minor: bigint;
  fee_minor: bigint;
  total_minor: bigint;
  receive_currency: string;
  receive_minor: bigint;
  our_rate: string;
  /** The payment cleared (PAYMENT-CLEARED is in its history): the money reached Corridor. */
  paid: boolean;
}

export interface StatementRowsPort {
  /** The customer's transfers created in [from, to), oldest first, in `currency` when given. */
  rows(
    ex: Executor,
    customerId: string,
    range: { from: Date; to: Date },
    currency: string | null,
  ): Promise<StatementTransferRow[]>;
  /** The currencies the customer has paid transfers in (the statement's filter). */
  sendCurrencies(ex: Executor, customerId: string): Promise<string[]>;
}

export const statementRowsPort: StatementRowsPort = {
  async rows(ex, customerId, range, currency) {
    // Qualified by hand: inside a one-table select drizzle writes its columns unqualified.
    const cleared = sql<boolean>`exists (select 1 from "transaction_states" s where s."transaction_id" = "transactions"."id" and s."state" = 'PAYMENT-CLEARED')`;
    const rows = await ex
      .select({
        id: transactions.id,
        transaction_number: transactions.transaction_number,
        created_at: transactions.created_at,
        state: transactions.state,
        recipient_id: transactions.recipient_id,
        send_currency: transactions.send_currency,
        send_minor: transactions.send_minor,
        fee_minor: transactions.fee_minor,
        total_minor: transactions.total_minor,
        receive_currency: transactions.receive_currency,
        receive_minor: transactions.receive_minor,
        our_rate: transactions.our_rate,
        paid: cleared,
      })
      .from(transactions)
      .where(
        and(
          eq(transactions.customer_id, customerId),
          gte(transactions.created_at, range.from),
          lt(transactions.created_at, range.to),
          currency === null ? undefined : eq(transactions.send_currency, currency),
        ),
      )
      .orderBy(asc(transactions.created_at), asc(transactions.id));
    return rows.map((row) => ({
      ...row,
      state: row.state as TransactionStateCode,
      // PGlite and node-postgres both answer booleans; a driver answering text still reads right.
      paid: row.paid === true || String(row.paid) === 't' || String(row.paid) === 'true',
    }));
  },

  async sendCurrencies(ex, customerId) {
    const rows = await ex
      .selectDistinct({ code: transactions.send_currency })
      .from(transactions)
      .where(eq(transactions.customer_id, customerId))
      .orderBy(asc(transactions.send_currency));
    return rows.map((row) => row.code);
  },
};
