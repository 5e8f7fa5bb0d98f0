import type { ConfirmQuoteBody, Customer, Locale, Purpose, Transaction } from '@corridor/contracts';
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
import type { QuoteTransferParts, StoredQuote } from '../quotes/index.ts';
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
import { createConfirmWrites } from './confirm-writes.ts';
import { rollingWindows } from './transfer-ports.ts';
import type { TransitionPlanned } from './transfer-transitions.ts';
import type { TransfersRepository } from './transfers.repository.ts';

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
  payments: Pick<PaymentsService, 'providerFor' | 'open' | 'resource'>;
  planned: TransitionPlanned;
}

/** A confirm checked as far as it can be before its transaction: what `run` needs. */
export interface PreparedConfirm {
  session: SignedInSession;
  locale: Locale;
  quote: StoredQuote;
  /** The quote's recipient (confirmed live by the checks). */
  recipientId: string;
  purpose: Purpose;
  payment: ChosenPayment;
  /** Undefined only for a quote no method pays out: an error once it passes every refusal. */
  payoutCompanyId: string | undefined;
  customer: Customer;
  /** The quote's recipient is still one of the customer's (refusal 5, decided in `run`). */
  recipientLive: boolean;
  /** What the answer shows of the quote (its reference data read once per language). */
  quoteParts: QuoteTransferParts;
}

/**
 * How long after a transfer an unfinished one of the same amount to the same recipient is taken
 * for a second click or a retried confirm (docs/product/sending-money.md#refusals, refusal 10).
 */
export const DUPLICATE_WINDOW_MS = 600_000;

/**
 * Confirm (docs/product/sending-money.md#confirming): a saved quote becomes a transfer in
 * PENDING-PAYMENT with its first payment, in one transaction. `prepare` reads what no other
 * confirm changes and refuses 404 and 422; `run`, under a per-customer lock, reads the
 * customer's transfers once (the quote taken, the rolling sends, a twin), refuses 1–10 in order
 * and writes. The answer is made from what was read and written, not read back.
 */
/** The lock that serialises a customer's confirms (transaction-scoped, on PGlite and PostgreSQL). */
export const confirmLock = (customerId: string) => `transfers.confirm:${customerId}`;

export function createConfirmTransfer(deps: ConfirmDeps) {
  const { repository } = deps;
  const writes = createConfirmWrites(deps);

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
    const [customer, recipientLive, method, [quoteParts]] = await Promise.all([
      deps.customers.view(session, locale),
      quote.recipient_id === null
        ? false
        : deps.recipients.liveForTransfer(deps.db, customerId, quote.recipient_id, locale),
      deps.payouts.methodById(quote.figures.payout_method_id),
      deps.quotes.partsOf([quote], locale),
    ]);
    const purpose = purposes.find((item) => item.id === body.purpose_id.toLowerCase());
    // A quote may leave the partner open: the method's default (its first) pays it out.
    const companyId = quote.figures.payout_company_id ?? method?.companies[0]?.id;
    if (!purpose || !quoteParts) throw new Error(`quote ${quote.id} could not be presented`);
    return {
      session,
      locale,
      quote,
      recipientId: quote.recipient_id ?? '',
      purpose,
      payment,
      payoutCompanyId: companyId,
      customer,
      recipientLive,
      quoteParts,
    };
  }

  /**
   * Refusals 1–10 in order (confirm-checks.ts), from the facts read under the lock: nothing a
   * concurrent confirm of the customer committed is missed, and each is decided once.
   */
  function refusalOf(
    prepared: PreparedConfirm,
    facts: Awaited<ReturnType<typeof factsOf>>,
  ): AppError | null {
    const { customer, quote, locale } = prepared;
    const existing = facts.existingId;
    const refused = profileRefusal({
      customer,
      owed: existing
        ? customer.pending_documents
        : owedWith(customer, quote, facts.sent.last_30_days, locale),
      recipientLive: prepared.recipientLive,
    });
    if (refused) return refused;
    // A quote already confirmed was checked then: its expiry and amount no longer matter, and
    // the answer names its transfer (refusal 10).
    if (existing) return alreadyConfirmed(existing);
    const expired = expiryRefusal(quote, deps.clock.now());
    if (expired) return expired;
    const overLimit = limitRefusal(quote, {
      verification_level: verificationLevelOf(customer),
      sent: facts.sent,
    });
    if (overLimit) return overLimit;
    return facts.twinId ? likelyDuplicate(facts.twinId) : null;
  }

  async function run(prepared: PreparedConfirm, outer: Tx | null): Promise<Transaction> {
    const customerId = prepared.session.customer_id;
    return deps.uow.run(async (tx) => {
      // With an idempotency key the plugin took the lock with the key's check (`confirmLock`).
      if (!outer) await tx.execute(sql`select ${advisoryLockSql(confirmLock(customerId))}`);
      // Read here, where no other confirm of this customer can run: the quote taken, the
      // totals, a twin, as every confirm before this one left them.
      const facts = await factsOf(tx, prepared.quote, customerId, true);
      const refused = refusalOf(prepared, facts);
      if (refused) throw refused;
      return writes.create(tx, prepared);
    }, outer);
  }

  return { prepare, run };
}

export type ConfirmTransfer = ReturnType<typeof createConfirmTransfer>;
