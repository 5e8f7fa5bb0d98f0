import type { ConfirmQuoteBody, Customer, Locale, Purpose, Transaction } from '@corridor/contracts';
import { sql } from 'drizzle-orm';
import type { Config } from '../../config/index.ts';
import type { Database } from '../../db/database.ts';
import type { Executor, Tx } from '../../db/executor.ts';
import { AppError } from '../../errors/app-error.ts';
import type { Outbox } from '../../outbox/index.ts';
import { advisoryLockSql } from '../../plugins/idempotency.ts';
import type { GroupOutcome } from '../../plugins/idempotent-route.ts';
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
import { createConfirmWrites, type PlannedConfirm } from './confirm-writes.ts';
import { rollingWindows } from './transfer-ports.ts';
import type { TransitionPlanned } from './transfer-transitions.ts';
import { withPassed, type ConfirmFacts } from './confirm-group-facts.ts';
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
  recipients: Pick<RecipientsService, 'liveForTransfer' | 'recordTransfer' | 'recordTransfers'>;
  payouts: Pick<PayoutsService, 'purposes' | 'methodById'>;
  payments: Pick<PaymentsService, 'providerFor' | 'open' | 'openMany' | 'resource'>;
  planned: TransitionPlanned;
  outbox: Pick<Outbox, 'gather'>;
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
  async function factsOf(
    ex: Executor,
    quote: StoredQuote,
    customerId: string,
    twin: boolean,
  ): Promise<ConfirmFacts> {
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
  function refusalOf(prepared: PreparedConfirm, facts: ConfirmFacts, now: Date): AppError | null {
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
    const expired = expiryRefusal(quote, now);
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
      const refused = refusalOf(prepared, facts, deps.clock.now());
      if (refused) throw refused;
      return writes.create(tx, prepared);
    }, outer);
  }

  /**
   * The confirms of a group (docs/decisions/0058-grouped-requests.md) in the caller's
   * transaction, whose statement that read the keys' answers took their customers' confirm locks
   * in sorted order. Every confirm's facts are read in ONE statement; each is then decided in
   * memory in arrival order, as `run` decides it alone, with what the group passed before it
   * carried in (its customer's totals, its quote taken, a twin): a customer's two confirms still
   * cannot both pass a limit. A refusal is that confirm's alone and writes nothing. Those that
   * pass are written set-based (`createMany`), their events in one insert; whatever throws
   * fails the group, whose confirms then run one by one.
   */
  async function runGroup(
    asked: readonly PreparedConfirm[],
    outer: Tx,
  ): Promise<GroupOutcome<Transaction>[]> {
    return deps.uow.run(
      (tx) =>
        deps.outbox.gather(tx, async () => {
          const now = deps.clock.now();
          const found = await repository.confirmFactsMany(
            tx,
            asked.map(({ quote, session }) => ({
              customerId: session.customer_id,
              quoteId: quote.id,
              currency: quote.figures.send.currency,
              recipientId: quote.recipient_id,
              sendMinor: quote.figures.send.minor,
            })),
            rollingWindows(now),
            new Date(now.getTime() - DUPLICATE_WINDOW_MS),
          );
          /** What the group has passed so far, as the next confirm alone would read it. */
          const passed: PlannedConfirm[] = [];
          const decided = asked.map((prepared, index): GroupOutcome<number> => {
            const read = found[index];
            if (!read) throw new Error('confirm facts not read');
            const facts = withPassed(prepared, read, passed);
            const refused = refusalOf(prepared, facts, now);
            if (refused) return { ok: false, error: refused };
            passed.push(writes.plan(prepared, now));
            return { ok: true, value: passed.length - 1 };
          });
          const made = await writes.createMany(tx, passed, now);
          return decided.map((outcome): GroupOutcome<Transaction> => {
            if (!outcome.ok) return outcome;
            const transaction = made[outcome.value];
            if (!transaction) throw new Error('a confirm of the group was not made');
            return { ok: true, value: transaction };
          });
        }),
      outer,
    );
  }

  return { prepare, run, runGroup };
}

export type ConfirmTransfer = ReturnType<typeof createConfirmTransfer>;
