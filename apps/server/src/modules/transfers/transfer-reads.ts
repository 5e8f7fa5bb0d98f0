import {
  TRANSACTIONS_PER_PAGE,
  type Locale,
  type Transaction,
  type TransactionList,
  type TransactionListQuery,
} from '@corridor/contracts';
import type { Database } from '../../db/database.ts';
import { readAll, type Executor } from '../../db/executor.ts';
import { AppError } from '../../errors/app-error.ts';
import { pageWindow, paginated } from '../../lib/paginate.ts';
import type { CustomerService } from '../customers/index.ts';
import { refundResource, type PaymentsService } from '../payments/index.ts';
import { payoutsOfTransfers, type PayoutsService } from '../payouts/index.ts';
import type { QuotesService } from '../quotes/index.ts';
import type { RecipientsService } from '../recipients/index.ts';
import type { SignedInSession } from '../sessions/index.ts';
import { transactionResource } from './transaction-resource.ts';
import type { TransactionRow, TransfersRepository } from './transfers.repository.ts';

export interface TransferReadsDeps {
  db: Database;
  repository: TransfersRepository;
  customers: Pick<CustomerService, 'view'>;
  quotes: Pick<QuotesService, 'transferParts'>;
  recipients: Pick<RecipientsService, 'forTransfers'>;
  payouts: Pick<PayoutsService, 'purposes'>;
  payments: Pick<PaymentsService, 'currentOf' | 'resource' | 'find'> & {
    refunds: Pick<PaymentsService['refunds'], 'ofTransactions'>;
  };
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * Reading transfers (docs/product/sending-money.md#transactions): one, a page of them, each as
 * the wire resource. Everything a page shows is read in a fixed number of queries, whatever its
 * size: the timelines, payments, payouts, quotes and recipients of all its transfers at once.
 */
export function createTransferReads(deps: TransferReadsDeps) {
  const { repository } = deps;

  /** The customer's transfers as the wire sends them, read with `ex`, in `locale`. */
  async function present(
    ex: Executor,
    session: SignedInSession,
    rows: readonly TransactionRow[],
    locale: Locale,
  ): Promise<Transaction[]> {
    if (rows.length === 0) return [];
    const customerId = session.customer_id;
    const ids = rows.map((row) => row.id);
    const [histories, payments, payouts, quotes, recipients, purposes, customer, refunds] =
      await readAll(ex, deps.db, [
        () => repository.historiesOf(ex, ids),
        () => deps.payments.currentOf(ex, ids),
        () => payoutsOfTransfers(ex, ids),
        () =>
          deps.quotes.transferParts(
            ex,
            customerId,
            rows.map((row) => row.quote_id),
            locale,
          ),
        () =>
          deps.recipients.forTransfers(
            ex,
            customerId,
            rows.map((row) => row.recipient_id),
            locale,
          ),
        () => deps.payouts.purposes(locale),
        () => deps.customers.view(session, locale, ex === deps.db ? undefined : ex),
        () => deps.payments.refunds.ofTransactions(ex, ids),
      ]);
    return rows.map((row) => {
      const history = histories.get(row.id);
      const payment = payments.get(row.id);
      const quote = quotes.get(row.quote_id);
      const recipient = recipients.get(row.recipient_id);
      const purpose = purposes.find((item) => item.id === row.purpose_id);
      if (!history?.length || !payment || !quote || !recipient || !purpose) {
        throw new Error(`transaction ${row.id} is missing a part of its resource`);
      }
      return transactionResource(
        {
          row,
          history,
          quote,
          recipient,
          purpose,
          payment: deps.payments.resource(payment, locale),
          payout: payouts.get(row.id) ?? null,
          refunds: (refunds.get(row.id) ?? []).map(refundResource),
          customer,
        },
        locale,
      );
    });
  }

  return {
    present,

    /** The customer's transfer, or the 404 AppError (unknown, malformed, another's: IDOR). */
    async find(ex: Executor, customerId: string, transactionId: string): Promise<TransactionRow> {
      const row = UUID.test(transactionId)
        ? await repository.find(ex, customerId, transactionId.toLowerCase())
        : undefined;
      if (!row) throw new AppError('not_found');
      return row;
    },

    /**
     * The customer's payment and its transfer, or the 404 AppError (unknown, malformed, another
     * customer's: a payment is whoever's its transfer is).
     */
    async findPayment(ex: Executor, customerId: string, paymentId: string) {
      const payment = UUID.test(paymentId)
        ? await deps.payments.find(ex, paymentId.toLowerCase())
        : undefined;
      const transaction = payment
        ? await repository.find(ex, customerId, payment.transaction_id)
        : undefined;
      if (!payment || !transaction) throw new AppError('not_found');
      return { payment, transaction };
    },

    /** GET /client/v1/transaction/{id}. */
    async get(session: SignedInSession, transactionId: string, locale: Locale) {
      const row = UUID.test(transactionId)
        ? await repository.find(deps.db, session.customer_id, transactionId.toLowerCase())
        : undefined;
      if (!row) throw new AppError('not_found');
      const [transaction] = await present(deps.db, session, [row], locale);
      if (!transaction) throw new AppError('not_found');
      return transaction;
    },

    /** GET /client/v1/transactions: newest first, paginated in SQL, filtered. */
    async list(
      session: SignedInSession,
      query: TransactionListQuery,
      locale: Locale,
      path: string,
    ): Promise<TransactionList> {
      const pageRequest = { page: query.page, perPage: query.limit ?? TRANSACTIONS_PER_PAGE, path };
      const { rows, total } = await repository.page(
        deps.db,
        session.customer_id,
        {
          state: query.state,
          recipientId: query.recipient_id?.toLowerCase(),
          startDate: query.start_date,
          endDate: query.end_date,
        },
        pageWindow(pageRequest),
      );
      return paginated(await present(deps.db, session, rows, locale), total, pageRequest);
    },
  };
}

export type TransferReads = ReturnType<typeof createTransferReads>;
