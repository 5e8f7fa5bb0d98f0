import type { ConfirmQuoteBody, Customer, Locale, Transaction } from '@corridor/contracts';
import { sql } from 'drizzle-orm';
import type { Config } from '../../config/index.ts';
import type { Database } from '../../db/database.ts';
import type { Executor, Tx } from '../../db/executor.ts';
import { AppError } from '../../errors/app-error.ts';
import { advisoryLockSql } from '../../plugins/idempotency.ts';
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
  quotes: Pick<QuotesService, 'stored' | 'partsOf'>;
  recipients: Pick<RecipientsService, 'liveForTransfer' | 'recordTransfer'>;
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
/** The lock that serialises a customer's confirms (transaction-scoped, on PGlite and PostgreSQL). */
export const confirmLock = (customerId: string) => `transfers.confirm:${customerId}`;

export function createConfirmTransfer(deps: ConfirmDeps) {
  const { repository } = deps;

  /**
   * What confirm reads of the customer's transfers, in one statement: the transfer the quote
   * already is, the rolling sends, and (under the lock) the likely duplicate.
   */
  async function factsOf(ex: Executor, quote: StoredQuote, customerId: string, twin: boolean) {
    const { send } = quote.figures;
    const now = deps.clock.now();
    const facts = await repository.confirmFacts(ex, {
      customerId,
      quoteId: quote.id,
      currency: send.currency,
      since: rollingWindows(now),
      twin:
        twin && quote.recipient_id !== null
          ? {
              recipientId: quote.recipient_id,
              sendMinor: send.minor,
              since: new Date(now.getTime() - DUPLICATE_WINDOW_MS),
            }
          : undefined,
    });
    const sent = {
      last_24_hours: Money.fromMinor(facts.sent.last_24_hours, send.currency),
      last_30_days: Money.fromMinor(facts.sent.last_30_days, send.currency),
      last_180_days: Money.fromMinor(facts.sent.last_180_days, send.currency),
    };
    return { existingId: facts.existingId, sent, twinId: facts.twinId };
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
    // The recipient's read also reads the reference data its resource shows, and `partsOf` the
    // quote's: `run` answers with the transfer presented from reference data each process reads
    // once per language, through the database handle, not the transaction; on PGlite (one
    // session) that read would wait for the open transaction, which waits for it. The first
    // confirm of a freshly started embedded server hung the whole process otherwise.
    const [customer, recipientLive, facts, method] = await Promise.all([
      deps.customers.view(session, locale),
      quote.recipient_id === null
        ? false
        : deps.recipients.liveForTransfer(deps.db, customerId, quote.recipient_id, locale),
      factsOf(deps.db, quote, customerId, false),
      deps.payouts.methodById(quote.figures.payout_method_id),
      deps.quotes.partsOf([quote], locale),
    ]);
    const existing = facts.existingId;
    const refused = profileRefusal({
      customer,
      owed: existing
        ? customer.pending_documents
        : owedWith(customer, quote, facts.sent.last_30_days, locale),
      recipientLive,
    });
    if (refused) throw refused;
    // A quote already confirmed was checked then: its expiry and amount no longer matter, and
    // the answer names its transfer (refusal 10).
    if (!existing) {
      const expired = expiryRefusal(quote, deps.clock.now());
      if (expired) throw expired;
      const overLimit = limitRefusal(quote, {
        verification_level: verificationLevelOf(customer),
        sent: facts.sent,
      });
      if (overLimit) throw overLimit;
    }
    // A quote may leave the partner open: the method's default (its first) pays it out.
    const companyId = quote.figures.payout_company_id ?? method?.companies[0]?.id;
    if (!companyId || !quote.recipient_id) throw new Error(`quote ${quote.id} has no partner`);
    return {
      session,
      locale,
      quote,
      recipientId: quote.recipient_id,
      purposeId: body.purpose_id.toLowerCase(),
      payment,
      payoutCompanyId: companyId,
      customer,
      existingId: existing,
    };
  }

  /** A transfer number drawn from the random source. */
  function drawNumber(): string {
    const digits = deps.random.bytes(8).readBigUInt64BE() % NUMBER_SPACE;
    return `TP${digits.toString().padStart(10, '0')}`;
  }

  async function create(tx: Executor, prepared: PreparedConfirm): Promise<TransactionRow> {
    const { quote } = prepared;
    const { figures } = quote;
    const now = deps.clock.now();
    const id = deps.random.uuid();
    const stateRowId = deps.random.uuid();
    const values = {
      id,
      quote_id: quote.id,
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
    };
    // Numbers are drawn at random: the UNIQUE index says when one is taken, and another is drawn.
    while (
      !(await repository.insertNumbered(
        tx,
        { ...values, transaction_number: drawNumber() },
        stateRowId,
      ))
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
    // A quote found confirmed in `prepare` stays so: refused without another read.
    if (prepared.existingId) throw alreadyConfirmed(prepared.existingId);
    return deps.uow.run(async (tx) => {
      // With an idempotency key the plugin took the lock with the key's check (`confirmLock`).
      if (!outer) await tx.execute(sql`select ${advisoryLockSql(confirmLock(customerId))}`);
      // Another confirm may have committed since `prepare` read: the quote taken, the totals,
      // a twin. Read again here, where no other confirm of this customer can run.
      const facts = await factsOf(tx, quote, customerId, true);
      if (facts.existingId) throw alreadyConfirmed(facts.existingId);
      const overLimit = limitRefusal(quote, {
        verification_level: verificationLevelOf(prepared.customer),
        sent: facts.sent,
      });
      if (overLimit) throw overLimit;
      if (facts.twinId) throw likelyDuplicate(facts.twinId);
      const row = await create(tx, prepared);
      const [transaction] = await deps.reads.present(tx, session, [row], locale);
      if (!transaction) throw new Error(`transaction ${row.id} was not read back`);
      return transaction;
    }, outer);
  }

  return { prepare, run };
}

export type ConfirmTransfer = ReturnType<typeof createConfirmTransfer>;
