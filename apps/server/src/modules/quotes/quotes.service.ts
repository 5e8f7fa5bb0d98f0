import type { Locale, QuoteRequest, Recipient, SavedQuote } from '@corridor/contracts';
import type { Database } from '../../db/database.ts';
import type { Executor, Tx } from '../../db/executor.ts';
import { AppError } from '../../errors/app-error.ts';
import { apiText } from '../../i18n/index.ts';
import { waitPhrase } from '../../lib/failure-limits.ts';
import { tooManyAttempts, type RateLimiter } from '../../lib/rate-limiter.ts';
import type { RandomSource } from '../../lib/random.ts';
import type { UnitOfWork } from '../../lib/unit-of-work.ts';
import type { PayoutsService } from '../payouts/index.ts';
import type { RecipientsService } from '../recipients/index.ts';
import type { SignedInSession } from '../sessions/index.ts';
import { attachRecipientToQuote } from './quote-attachment.ts';
import {
  priceRequest,
  pricedMethods,
  type PricedQuote,
  type PricingDeps,
} from './quote-context.ts';
import { liveQuoteJson } from './quote-json.ts';
import { quoteTransferParts, type QuoteTransferParts } from './quote-transfer-parts.ts';
import { liveQuote, savedQuote, type ResourceContext } from './quote-resource.ts';
import type { QuotesRepository, StoredQuote } from './quotes.repository.ts';

/** A saved quote locks its rate for this long (docs/product/sending-money.md#quotes). */
export const QUOTE_LOCK_MS = 1_800_000;

/**
 * Quotes saved per customer (docs/security.md#limits): each "Continue" from the calculator and
 * each "Send money" to a recipient saves one, so a customer comparing corridors saves a few
 * dozen an hour at most; 60 an hour (one a minute, kept up) bounds the rows one customer can
 * write at 1,440 a day, where nothing bounded them before.
 */
export const QUOTES_SAVED_PER_CUSTOMER = { limit: 60, windowMs: 3_600_000 };

/** What quotes use of the recipients module. */
export type QuoteRecipients = Pick<RecipientsService, 'get' | 'listForCorridor' | 'findCorridor'>;

export interface QuotesServiceDeps extends PricingDeps {
  db: Database;
  repository: QuotesRepository;
  payouts: Pick<PayoutsService, 'purposes'>;
  recipients: QuoteRecipients;
  uow: UnitOfWork;
  random: RandomSource;
  limiter: RateLimiter;
}

/** A quote priced and ready to save, with every read its answer needs already done. */
export interface PreparedQuote extends PricedQuote {
  customerId: string;
  recipient: Recipient | null;
  recipients: Recipient[];
}

const notFound = () => new AppError('not_found');
const expired = () =>
  new AppError('precondition_required', {
    type: 'quote_expired',
    message: apiText('quotes.expired'),
  });
const otherCorridor = () =>
  AppError.validation({ recipient_id: [apiText('quotes.recipientOfAnotherCorridor')] });

/**
 * Quotes (issue 15, docs/product/sending-money.md#quotes): the live calculator, saving a quote with its rate locked for
 * 30 minutes, reading it back exactly as saved, and choosing its recipient.
 */
export function createQuotesService(deps: QuotesServiceDeps) {
  const { repository, recipients, clock } = deps;

  /** The recipient of a saved quote, or null once it is gone (deleted since). */
  async function recipientOf(customerId: string, id: string | null, locale: Locale) {
    if (id === null) return null;
    return recipients.get(customerId, id, locale).catch((error: unknown) => {
      if (error instanceof AppError && error.code === 'not_found') return null;
      throw error;
    });
  }

  /**
   * A stored quote as the answer shows it, with what is true now (the customer, expiry) and its
   * purposes: GET and choosing the recipient answer them, only POST /quote does not
   * (docs/product/sending-money.md#quote-endpoints).
   */
  async function present(
    session: SignedInSession,
    stored: StoredQuote,
    locale: Locale,
  ): Promise<SavedQuote> {
    const { figures } = stored;
    const [customer, directory, localized] = await Promise.all([
      deps.customers.view(session, locale),
      deps.directory.load(),
      deps.directory.localized(locale),
    ]);
    const target = directory.targetById.get(figures.payout_target_id);
    const method = directory.methodById.get(figures.payout_method_id);
    if (!target || !method) throw new Error(`quote ${stored.id} refers to retired reference data`);
    const ctx: ResourceContext = { locale, customer, localized, target, method };
    const [list, recipient, purposeList] = await Promise.all([
      recipients.listForCorridor(stored.customer_id, target.id, method.id, locale),
      recipientOf(stored.customer_id, stored.recipient_id, locale),
      deps.payouts.purposes(locale),
    ]);
    return savedQuote(figures, ctx, {
      id: stored.id,
      created_at: stored.created_at,
      expires_at: stored.expires_at,
      now: clock.now(),
      recipients: list,
      recipient,
      purposes: purposeList,
    });
  }

  return {
    /**
     * The customer's saved quote as stored, read with `ex` (a use case's transaction), or
     * undefined: what confirm turns into a transfer (the transfers module).
     */
    stored: (ex: Executor, customerId: string, quoteId: string) =>
      repository.find(customerId, quoteId, ex),

    /** What the transfers made of these quotes show of them, in `locale`, by quote id. */
    async transferParts(
      ex: Executor,
      customerId: string,
      quoteIds: readonly string[],
      locale: Locale,
    ): Promise<Map<string, QuoteTransferParts>> {
      const stored = await repository.findMany(ex, customerId, quoteIds);
      const parts = await quoteTransferParts(deps.directory, [...stored.values()], locale);
      return new Map(parts.map((part) => [part.stored.id, part]));
    },

    /**
     * `transferParts` of quotes the caller has already read: nothing is read again but the
     * reference data they show (read once per process and language).
     */
    async partsOf(stored: readonly StoredQuote[], locale: Locale) {
      return quoteTransferParts(deps.directory, stored, locale);
    },

    /** GET /client/v1/quote, as the JSON text of its answer (quote-json.ts). */
    async liveJson(
      session: SignedInSession,
      request: QuoteRequest,
      locale: Locale,
    ): Promise<string> {
      const priced = await priceRequest(deps, session, request, locale);
      const { localized } = priced.ctx;
      const sources = priced.selection.sources.flatMap((source) => {
        const shown = localized.sourceByIso2.get(source.iso2);
        return shown ? [shown] : [];
      });
      const quote = liveQuote(priced.figures, priced.ctx, sources, pricedMethods(priced));
      return liveQuoteJson(quote, localized.targetsJson);
    },

    /**
     * Prices a quote to save and reads what its answer needs, before the idempotent request's
     * transaction opens (on PGlite nothing may read outside it while it is open). With
     * `recipientId` (send-money), the recipient's target and method override the request's.
     */
    async prepare(
      session: SignedInSession,
      request: QuoteRequest,
      locale: Locale,
      recipientId?: string,
    ): Promise<PreparedQuote> {
      const customerId = session.customer_id;
      let scoped = request;
      if (recipientId !== undefined) {
        const corridor = await recipients.findCorridor(deps.db, customerId, recipientId);
        if (!corridor) throw notFound();
        const { payout_country_id: _country, payout_currency_id: _currency, ...rest } = request;
        scoped = { ...rest, payout_method_id: corridor.payout_method_id };
      }
      const priced = await priceRequest(deps, session, scoped, locale);
      const { target, method } = priced.selection;
      const [list, recipient] = await Promise.all([
        recipients.listForCorridor(customerId, target.id, method.id, locale),
        recipientId === undefined ? null : recipients.get(customerId, recipientId, locale),
      ]);
      return { ...priced, customerId, recipient, recipients: list };
    },

    /**
     * Saves a prepared quote (in `outer`, the idempotent request's transaction, if any). Counted
     * here, in the key's transaction once the key was found new: a replayed answer never gets
     * this far, so it costs nothing; 429 past QUOTES_SAVED_PER_CUSTOMER.
     */
    async save(prepared: PreparedQuote, outer: Tx | null): Promise<SavedQuote> {
      const { limit, windowMs } = QUOTES_SAVED_PER_CUSTOMER;
      const hit = await deps.limiter.hit(`quotes-saved:${prepared.customerId}`, limit, windowMs);
      if (!hit.allowed) {
        const seconds = hit.retryAfterSeconds;
        throw tooManyAttempts(
          seconds,
          apiText('quotes.tooManySaved', { wait: waitPhrase(seconds) }),
        );
      }
      const stored: StoredQuote = {
        id: deps.random.uuid(),
        customer_id: prepared.customerId,
        recipient_id: prepared.recipient?.id ?? null,
        figures: prepared.figures,
        created_at: prepared.now,
        expires_at: new Date(prepared.now.getTime() + QUOTE_LOCK_MS),
      };
      await deps.uow.run((tx) => repository.insert(tx, stored), outer);
      return savedQuote(prepared.figures, prepared.ctx, {
        ...stored,
        now: clock.now(),
        recipients: prepared.recipients,
        recipient: prepared.recipient,
        purposes: null,
      });
    },

    /** GET /client/v1/quote/{id}: as saved, never re-priced; 404 unless it is the customer's. */
    async get(session: SignedInSession, quoteId: string, locale: Locale): Promise<SavedQuote> {
      const stored = await repository.find(session.customer_id, quoteId);
      if (!stored) throw notFound();
      return present(session, stored, locale);
    },

    /**
     * POST /client/v1/quote/recipient/{id}: the quote's recipient, one of the customer's live
     * recipients of the quote's target and method. 404 for another's or an unknown quote or
     * recipient, 412 `quote_expired` once the rate lock is over, 422 on `recipient_id` for a
     * recipient paid elsewhere or otherwise.
     */
    async chooseRecipient(
      session: SignedInSession,
      quoteId: string,
      recipientId: string,
      locale: Locale,
    ): Promise<SavedQuote> {
      const customerId = session.customer_id;
      await deps.uow.run(async (tx) => {
        const quote = await repository.find(customerId, quoteId, tx);
        if (!quote) throw notFound();
        const now = clock.now();
        if (quote.expires_at.getTime() <= now.getTime()) throw expired();
        const corridor = await recipients.findCorridor(tx, customerId, recipientId);
        if (!corridor) throw notFound();
        const outcome = await attachRecipientToQuote(tx, {
          customerId,
          quoteId,
          recipientId,
          payoutTargetId: corridor.payout_target_id,
          payoutMethodId: corridor.payout_method_id,
          now,
        });
        if (outcome === 'not_found') throw notFound();
        if (outcome === 'expired') throw expired();
        if (outcome === 'corridor_mismatch') throw otherCorridor();
      });
      const stored = await repository.find(customerId, quoteId);
      if (!stored) throw notFound();
      // With its purposes, as GET answers: a client keeps this answer as the quote it confirms.
      return present(session, stored, locale);
    },
  };
}

export type QuotesService = ReturnType<typeof createQuotesService>;
