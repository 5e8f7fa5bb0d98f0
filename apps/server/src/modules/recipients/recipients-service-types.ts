import type {
  DeliveryOption,
  Locale,
  NameLookupResult,
  PayoutChannel as PayoutChannelWire,
  PayoutChannelQuery,
  Recipient,
  RecipientWhisperItem,
} from '@corridor/contracts';
import type { Executor, Tx } from '../../db/executor.ts';
import type { LookupRequester } from './name-lookup-limits.ts';

/** A recipient's corridor: what a quote checks before taking it. */
export interface RecipientCorridor {
  id: string;
  payout_target_id: string;
  payout_method_id: string;
}

/** The recipient as a payout partner is handed it: the name and the channel's attribute values. */
export interface RecipientPayoutDetails {
  name: string;
  payoutMethodId: string;
  attributes: Readonly<Record<string, unknown>>;
}

/** One page of the customer's recipients (`GET /client/v1/recipients`). */
export interface RecipientPage {
  data: Recipient[];
  total: number;
}

/** The add and edit use cases' input besides the body. */
export interface RecipientWrite {
  customerId: string;
  /** The request's client address: the name lookups of a save count against it too. */
  clientAddress: string;
  /** The idempotent request's transaction (plugins/idempotency.ts), if any. */
  outer?: Tx | null;
}

/**
 * The recipients module's service: the routes' use cases, and what the quotes module and the
 * dashboard tasks use (`get`, `listForCorridor`, `findCorridor`, `hasAny`).
 */
export interface RecipientsService {
  /** Reads the reference data it checks against (before an idempotent request's transaction). */
  ready(): Promise<void>;
  /** The recipient form of a target and method; 404 when Corridor does not serve it. */
  channel(query: PayoutChannelQuery, locale: Locale): Promise<PayoutChannelWire>;
  /** The sub-options (branches) of a delivery option; 404 for an unknown option. */
  subDeliveryOptions(deliveryOptionId: string, locale: Locale): DeliveryOption[];
  /**
   * The account holder's name; 404 for a channel without lookup, 422 for bad or refused input,
   * 429 past the requester's lookup limits (name-lookup-limits.ts).
   */
  lookUpName(
    requester: LookupRequester,
    channelId: string,
    query: Record<string, unknown>,
  ): Promise<NameLookupResult>;
  /** Newest first, `perPage` a page, matching `search` (name, account number, country). */
  list(
    customerId: string,
    options: { search: string | undefined; limit: number; offset: number },
    locale: Locale,
  ): Promise<RecipientPage>;
  /** At most 10 suggestions matching `search`. */
  whisper(
    customerId: string,
    search: string | undefined,
    locale: Locale,
  ): Promise<RecipientWhisperItem[]>;
  /** Adds a recipient of the channel, and with `quoteId` makes it the quote's, in one transaction. */
  add(
    write: RecipientWrite & { channelId: string; quoteId?: string | undefined; body: unknown },
    locale: Locale,
  ): Promise<Recipient>;
  /** Replaces a live recipient's values (its channel stays); 404 unless it is the customer's. */
  edit(
    write: RecipientWrite & { recipientId: string; body: unknown },
    locale: Locale,
  ): Promise<Recipient>;
  /** Removes a live recipient (soft: history keeps it); 404 unless it is the customer's. */
  remove(customerId: string, recipientId: string): Promise<void>;
  /** The customer's live recipient as the wire resource; throws the 404 AppError otherwise. */
  get(customerId: string, recipientId: string, locale: Locale): Promise<Recipient>;
  /** The customer's live recipients paid through this target and method, newest first, at most 50. */
  listForCorridor(
    customerId: string,
    payoutTargetId: string,
    payoutMethodId: string,
    locale: Locale,
  ): Promise<Recipient[]>;
  /** Inside the caller's transaction: the customer's live recipient's corridor, or null (unknown, deleted, another's). */
  findCorridor(
    executor: Executor,
    customerId: string,
    recipientId: string,
  ): Promise<RecipientCorridor | null>;
  /**
   * Whether the customer's recipient is live (as `findCorridor` finds it), read with
   * `executor`; the reference data its resource shows in `locale` is read on the way, so a
   * transfer's answer can show it without another read (confirm).
   */
  liveForTransfer(
    executor: Executor,
    customerId: string,
    recipientId: string,
    locale: Locale,
  ): Promise<boolean>;
  /**
   * Inside the caller's transaction: what a payout needs of the customer's recipient (removed or
   * not: a confirmed transfer still pays it), or null for another's.
   */
  payoutDetails(
    executor: Executor,
    customerId: string,
    recipientId: string,
  ): Promise<RecipientPayoutDetails | null>;
  /**
   * `payoutDetails` for several transfers' recipients in one statement (a batched step, decision
   * 43), by recipient id: a recipient that is not its customer's is left out.
   */
  payoutDetailsMany(
    executor: Executor,
    list: readonly { customerId: string; recipientId: string }[],
  ): Promise<Map<string, RecipientPayoutDetails>>;
  /** Whether the customer has a live recipient (the dashboard task `recipient_created`). */
  hasAny(customerId: string): Promise<boolean>;
  /**
   * The customer's recipients of these ids as the wire resource, removed ones included (what a
   * transfer was sent to stays shown), read with `executor`, by id.
   */
  forTransfers(
    executor: Executor,
    customerId: string,
    recipientIds: readonly string[],
    locale: Locale,
  ): Promise<Map<string, Recipient>>;
  /**
   * Inside the caller's transaction: a transfer to the recipient was made at `at`. Answers the
   * recipient as `forTransfers` now shows it in `locale` (null for another's), without a read.
   */
  recordTransfer(
    tx: Executor,
    customerId: string,
    recipientId: string,
    at: Date,
    locale: Locale,
  ): Promise<Recipient | null>;
  /**
   * `recordTransfer` for several transfers made at `at` in ONE statement (grouped confirm):
   * each answered in order, in its own language.
   */
  recordTransfers(
    tx: Executor,
    made: readonly { customerId: string; recipientId: string; locale: Locale }[],
    at: Date,
  ): Promise<(Recipient | null)[]>;
}
