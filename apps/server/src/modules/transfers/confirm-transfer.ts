import type { ConfirmQuoteBody, Customer, Locale, Transaction } from '@corridor/contracts';
import { sql } from 'drizzle-orm';
import type { Config } from '../../config/index.ts';
import type { Database } from '../../db/database.ts';
import type { Executor, Tx } from '../../db/executor.ts';
import { AppError } from '../../errors/app-error.ts';
import type { Clock } from '../../lib/clock.ts';
import { Money } from '../../lib/money.ts';
import type { RandomSource } from '../../lib/random.ts';
import type { UnitOfWork } from '../../lib/unit-of-work.ts';
import type { CustomerService } from '../customers/index.ts';
import { isBeingChecked, owedCategoryResource } from '../documents/index.ts';
import type { PaymentsService } from '../payments/index.ts';
import type { PayoutsService } from '../payouts/index.ts';
import { paymentMethods, verificationLevelOf, type QuotesService } from '../quotes/index.ts';
import type { StoredQuote } from '../quotes/index.ts';
import type { RecipientsService } from '../recipients/index.ts';
import type { SignedInSession } from '../sessions/index.ts';
import {
  alreadyConfirmed,
  checkConfirmFields,
  expiryRefusal,
  likelyDuplicate,
  limitRefusal,
  profileRefusal,
  sourceOfFundsOwedWith,
  type ChosenPayment,
} from './confirm-checks.ts';
import { rollingWindows } from './transfer-ports.ts';
import type { TransferReads } from './transfer-reads.ts';
import type { TransitionTransfer } from './transfer-transitions.ts';
import type { TransactionRow, TransfersRepository } from './transfers.repository.ts';

export interface ConfirmDeps {
  db: Database;
  uow: UnitOfWork;
  clock: Clock;
  random: RandomSource;
  config: Pick<Config, 'sofThresholds'>;
  repository: TransfersRepository;
  customers: Pick<CustomerService, 'view'>;
  quotes: Pick<QuotesService, 'stored' | 'transferParts'>;
  recipients: Pick<RecipientsService, 'findCorridor' | 'recordTransfer' | 'forTransfers'>;
  payouts: Pick<PayoutsService, 'purposes' | 'methodById'>;
  payments: Pick<PaymentsService, 'providerFor' | 'open'>;
  transition: TransitionTransfer;
  reads: Pick<TransferReads, 'present'>;
}

/** A confirm checked as far as it can be before its transaction: what `run` needs. */
export interface PreparedConfirm {
  session: SignedInSession;
  locale: Locale;
  quote: StoredQuote;
  /** The quote's recipient (confirmed live by the checks). */
  recipientId: string;
  purposeId: string;
  payment: ChosenPayment;
  payoutCompanyId: string;
  customer: Customer;
  /** The transfer this quote already is, if any: refused in `run`, under the lock. */
  existingId: string | null;
}

/**
 * How long after a transfer an unfinished one of the same amount to the same recipient is taken
 * for a second click or a retried confirm (docs/product/sending-money.md#refusals, refusal 10).
 */
export const DUPLICATE_WINDOW_MS = 600_000;

/** Transfer numbers: "TP" and ten digits. */
const NUMBER_SPACE = 10_000_000_000n;

/**
 * Confirm (docs/product/sending-money.md#confirming): a saved quote becomes a transfer in
 * PENDING-PAYMENT with its first payment, in one transaction. `prepare` reads and refuses
 * (404, 422, then the refusals 1–8 in order); `run`, under a per-customer lock, re-checks what
 * another confirm could change meanwhile (the limits, the quote taken) and writes.
 */
export function createConfirmTransfer(deps: ConfirmDeps) {
  const { repository } = deps;

  /** Serialises a customer's confirms until `tx` ends, on PGlite and PostgreSQL alike. */
  const lockCustomer = (tx: Executor, customerId: string) =>
    tx.execute(
      sql`select pg_advisory_xact_lock(hashtextextended(${`transfers.confirm:${customerId}`}, 0))`,
    );

  async function sentTotals(ex: Executor, customerId: string, currency: string) {
    const windows = rollingWindows(deps.clock.now());
    const sent = await repository.sentSince(ex, customerId, currency, windows);
    return {
      last_24_hours: Money.fromMinor(sent.last_24_hours, currency),
      last_30_days: Money.fromMinor(sent.last_30_days, currency),
      last_180_days: Money.fromMinor(sent.last_180_days, currency),
    };
  }

  /** `pending_documents`, plus a source of funds when this transfer takes the customer past it. */
  function owedWith(customer: Customer, quote: StoredQuote, sent30: Money, locale: Locale) {
    const { send } = quote.figures;
    const threshold = deps.config.sofThresholds.get(send.currency);
    const sofOwed = sourceOfFundsOwedWith(
      customer,
      {
        total: sent30,
        threshold: threshold === undefined ? undefined : Money.fromMinor(threshold, send.currency),
      },
      send,
      (status) => status === 'approved' || isBeingChecked(status),
    );
    return sofOwed
      ? [...customer.pending_documents, owedCategoryResource('SOF', locale)]
      : customer.pending_documents;
  }

  async function prepare(
    session: SignedInSession,
    quoteId: string,
    body: ConfirmQuoteBody,
    locale: Locale,
  ): Promise<PreparedConfirm> {
    const customerId = session.customer_id;
    const quote = await deps.quotes.stored(deps.db, customerId, quoteId.toLowerCase());
    if (!quote) throw new AppError('not_found');
    const purposes = await deps.payouts.purposes(locale);
    const payment = checkConfirmFields(
      body,
      {
        purposeIds: new Set(purposes.map((purpose) => purpose.id)),
        methods: paymentMethods(locale),
      },
      deps.payments.providerFor,
      locale,
    );
    const [customer, corridor, existing, method, sent] = await Promise.all([
      deps.customers.view(session, locale),
      quote.recipient_id === null
        ? null
        : deps.recipients.findCorridor(deps.db, customerId, quote.recipient_id),
      repository.findByQuote(deps.db, quote.id),
      deps.payouts.methodById(quote.figures.payout_method_id),
      sentTotals(deps.db, customerId, quote.figures.send.currency),
    ]);
    const refused = profileRefusal({
      customer,
      owed: existing
        ? customer.pending_documents
        : owedWith(customer, quote, sent.last_30_days, locale),
      recipientLive: corridor !== null,
    });
    if (refused) throw refused;
    // A quote already confirmed was checked then: its expiry and amount no longer matter, and
    // the answer names its transfer (refusal 10).
    if (!existing) {
      const expired = expiryRefusal(quote, deps.clock.now());
      if (expired) throw expired;
      const overLimit = limitRefusal(quote, {
        verification_level: verificationLevelOf(customer),
        sent,
      });
      if (overLimit) throw overLimit;
    }
    // A quote may leave the partner open: the method's default (its first) pays it out.
    const companyId = quote.figures.payout_company_id ?? method?.companies[0]?.id;
    if (!companyId || !quote.recipient_id) throw new Error(`quote ${quote.id} has no partner`);
    // `run` answers with the transfer presented from reference data each process reads once per
    // language, through the database handle, not the transaction: on PGlite (one session) that
    // read waits for the open transaction, which waits for it. Read here first, before it opens;
    // the first confirm of a freshly started embedded server hung the whole process otherwise.
    await Promise.all([
      deps.quotes.transferParts(deps.db, customerId, [quote.id], locale),
      deps.recipients.forTransfers(deps.db, customerId, [quote.recipient_id], locale),
    ]);
    return {
      session,
      locale,
      quote,
      recipientId: quote.recipient_id,
      purposeId: body.purpose_id.toLowerCase(),
      payment,
      payoutCompanyId: companyId,
      customer,
      existingId: existing?.id ?? null,
    };
  }

  /** A transfer number not taken yet, drawn from the random source. */
  async function newNumber(ex: Executor): Promise<string> {
    for (;;) {
      const digits = deps.random.bytes(8).readBigUInt64BE() % NUMBER_SPACE;
      const number = `TP${digits.toString().padStart(10, '0')}`;
      if (!(await repository.numberTaken(ex, number))) return number;
    }
  }

  async function create(tx: Executor, prepared: PreparedConfirm): Promise<TransactionRow> {
    const { quote } = prepared;
    const { figures } = quote;
    const now = deps.clock.now();
    const id = deps.random.uuid();
    await repository.insert(
      tx,
      {
        id,
        quote_id: quote.id,
        transaction_number: await newNumber(tx),
        customer_id: prepared.session.customer_id,
        recipient_id: prepared.recipientId,
        purpose_id: prepared.purposeId,
        payout_company_id: prepared.payoutCompanyId,
        send_currency: figures.send.currency,
        send_minor: figures.send.minor,
        fee_minor: figures.fee.minor,
        total_minor: figures.total.minor,
        receive_currency: figures.recipient_gets.currency,
        receive_minor: figures.recipient_gets.minor,
        // Rounded up: beside receive_minor it never understates the markup (transfers.schema.ts).
        receive_at_mid_market_minor: figures.send.convert(
          figures.mid_market_rate,
          figures.recipient_gets.currency,
          'ceiling',
        ).minor,
        mid_market_rate: figures.mid_market_rate,
        our_rate: figures.our_rate,
        pricing_version: figures.pricing_version,
        available_by: figures.estimated_arrival,
        created_at: now,
      },
      deps.random.uuid(),
    );
    const { transaction } = await deps.transition(tx, {
      transactionId: id,
      to: 'PENDING-PAYMENT',
      cause: 'payment-opened',
    });
    await deps.payments.open(tx, {
      transactionId: id,
      transactionNumber: transaction.transaction_number,
      number: 1,
      methodCode: prepared.payment.method.code,
      currency: figures.total.currency,
      amountMinor: figures.total.minor,
    });
    await deps.recipients.recordTransfer(tx, transaction.customer_id, prepared.recipientId, now);
    return transaction;
  }

  async function run(prepared: PreparedConfirm, outer: Tx | null): Promise<Transaction> {
    const { session, quote, locale } = prepared;
    const customerId = session.customer_id;
    return deps.uow.run(async (tx) => {
      await lockCustomer(tx, customerId);
      const existing = prepared.existingId ?? (await repository.findByQuote(tx, quote.id))?.id;
      if (existing) throw alreadyConfirmed(existing);
      // Another confirm may have committed since `prepare` read the totals: re-read them here,
      // where no other confirm of this customer can run.
      const sent = await sentTotals(tx, customerId, quote.figures.send.currency);
      const overLimit = limitRefusal(quote, {
        verification_level: verificationLevelOf(prepared.customer),
        sent,
      });
      if (overLimit) throw overLimit;
      const twin = await repository.recentTwin(
        tx,
        {
          customerId,
          recipientId: prepared.recipientId,
          currency: quote.figures.send.currency,
          sendMinor: quote.figures.send.minor,
        },
        new Date(deps.clock.now().getTime() - DUPLICATE_WINDOW_MS),
      );
      if (twin) throw likelyDuplicate(twin.id);
      const row = await create(tx, prepared);
      const [transaction] = await deps.reads.present(tx, session, [row], locale);
      if (!transaction) throw new Error(`transaction ${row.id} was not read back`);
      return transaction;
    }, outer);
  }

  return { prepare, run };
}

export type ConfirmTransfer = ReturnType<typeof createConfirmTransfer>;
