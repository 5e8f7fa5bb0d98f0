import type { HoldReasonCode, PaymentStateCode, TransactionStateCode } from '@corridor/contracts';
import { and, desc, eq, type SQL } from 'drizzle-orm';
import type { Executor } from '../../db/executor.ts';
import { Money } from '../../lib/money.ts';
import type { CustomerService } from '../customers/index.ts';
import type { PaymentsService } from '../payments/index.ts';
import { payoutsOfTransfers } from '../payouts/index.ts';
import type { RecipientsService } from '../recipients/index.ts';
import type { TransactionRow, TransfersRepository } from './transfers.repository.ts';
import { transactions } from './transfers.schema.ts';

/**
 * What an operator sees of transfers through the ops CLI (`transfers:list`, `transfers:show`,
 * decision 0039): plain facts in English, amounts as "GBP 102.00", never a collection PIN.
 */

/** One line of `transfers:list`. */
export interface OperatorTransferSummary {
  id: string;
  transaction_number: string;
  state: TransactionStateCode;
  hold_reason: HoldReasonCode | null;
  customer_id: string;
  email: string;
  /** What the customer pays: the amount sent and the fee ("GBP 102.00"). */
  total: string;
  /** What the recipient gets ("INR 10500.00"). */
  receive: string;
  created_at: string;
  updated_at: string;
}

/** `transfers:show`: the summary, then its payment, payout, timeline and operators' actions. */
export interface OperatorTransferDetail extends OperatorTransferSummary {
  recipient: string;
  payment: {
    id: string;
    state: PaymentStateCode;
    reference: string;
    customer_confirmed_payment: boolean;
  } | null;
  payout: { state: string; partner: string; reference: string | null } | null;
  timeline: {
    state: TransactionStateCode;
    cause: string | null;
    hold_reason: HoldReasonCode | null;
    at: string;
  }[];
  operator_actions: { operator: string; action: string; reason: string; at: string }[];
}

/** What `transfers:list` may filter on. */
export interface OperatorTransferFilter {
  state?: TransactionStateCode;
  customer?: string;
}

/** At most this many transfers a listing (as documents:list). */
export const OPERATOR_LIST_LIMIT = 200;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const NUMBER = /^TP[0-9]{10}$/;

/** The transfer an operator names by id or by number, or undefined. */
export async function transferNamed(
  ex: Executor,
  idOrNumber: string,
): Promise<TransactionRow | undefined> {
  const where = UUID.test(idOrNumber)
    ? eq(transactions.id, idOrNumber.toLowerCase())
    : NUMBER.test(idOrNumber)
      ? eq(transactions.transaction_number, idOrNumber)
      : undefined;
  if (!where) return undefined;
  const [row] = await ex.select().from(transactions).where(where);
  return row;
}

export interface OperatorViewsDeps {
  repository: Pick<TransfersRepository, 'historyOf' | 'historiesOf'>;
  customers: Pick<CustomerService, 'emailsOf'>;
  recipients: Pick<RecipientsService, 'forTransfers'>;
  payments: Pick<PaymentsService, 'currentOf'>;
}

const amount = (minor: bigint, currency: string) => Money.fromMinor(minor, currency).toString();

/** `transfers:list` and `transfers:show`, read on the database (`ex`). */
export function createOperatorViews(deps: OperatorViewsDeps) {
  async function summaries(
    ex: Executor,
    rows: readonly TransactionRow[],
  ): Promise<OperatorTransferSummary[]> {
    const emails = await deps.customers.emailsOf(ex, [
      ...new Set(rows.map((row) => row.customer_id)),
    ]);
    const histories = await deps.repository.historiesOf(
      ex,
      rows.map((row) => row.id),
    );
    return rows.map((row) => ({
      id: row.id,
      transaction_number: row.transaction_number,
      state: row.state as TransactionStateCode,
      hold_reason: histories.get(row.id)?.at(-1)?.hold?.reason ?? null,
      customer_id: row.customer_id,
      email: emails.get(row.customer_id) ?? '(unknown)',
      total: amount(row.total_minor, row.send_currency),
      receive: amount(row.receive_minor, row.receive_currency),
      created_at: row.created_at.toISOString(),
      updated_at: row.updated_at.toISOString(),
    }));
  }

  return {
    /** Newest first, at most OPERATOR_LIST_LIMIT; an unknown customer lists nothing. */
    async list(ex: Executor, filter: OperatorTransferFilter): Promise<OperatorTransferSummary[]> {
      const conditions: SQL[] = [];
      if (filter.state) conditions.push(eq(transactions.state, filter.state));
      if (filter.customer !== undefined) {
        if (!UUID.test(filter.customer)) return [];
        conditions.push(eq(transactions.customer_id, filter.customer.toLowerCase()));
      }
      const rows = await ex
        .select()
        .from(transactions)
        .where(and(...conditions))
        .orderBy(desc(transactions.created_at), desc(transactions.id))
        .limit(OPERATOR_LIST_LIMIT);
      return summaries(ex, rows);
    },

    /** One transfer by id or number, without the operators' actions; undefined when none. */
    async show(
      ex: Executor,
      idOrNumber: string,
    ): Promise<Omit<OperatorTransferDetail, 'operator_actions'> | undefined> {
      const row = await transferNamed(ex, idOrNumber);
      if (!row) return undefined;
      const [[summary], history, payments, payouts, recipients] = await Promise.all([
        summaries(ex, [row]),
        deps.repository.historyOf(ex, row.id),
        deps.payments.currentOf(ex, [row.id]),
        payoutsOfTransfers(ex, [row.id]),
        deps.recipients.forTransfers(ex, row.customer_id, [row.recipient_id], 'en'),
      ]);
      if (!summary) return undefined;
      const payment = payments.get(row.id);
      const payout = payouts.get(row.id);
      return {
        ...summary,
        recipient: recipients.get(row.recipient_id)?.whole_name ?? row.recipient_id,
        payment: payment
          ? {
              id: payment.id,
              state: payment.state as PaymentStateCode,
              reference: payment.reference,
              customer_confirmed_payment: payment.customer_confirmed_payment,
            }
          : null,
        // Never the collection PIN: the operator has no need of it, and output gets pasted.
        payout: payout
          ? {
              state: payout.state,
              partner: payout.partner_code,
              reference: payout.partner_reference,
            }
          : null,
        timeline: history.map((record) => ({
          state: record.state,
          cause: record.cause,
          hold_reason: record.hold?.reason ?? null,
          at: record.at.toISOString(),
        })),
      };
    },
  };
}

export type OperatorViews = ReturnType<typeof createOperatorViews>;
