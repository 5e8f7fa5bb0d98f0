import { z } from 'zod';
import { lazySchema } from './lazy-schema.ts';
import { countrySchema } from './countries.ts';
import { documentCategorySchema } from './customer.ts';
import { rateDecimalSchema } from './fx.ts';
import { moneyFields, nullableMoneyFields } from './money.ts';
import { pageQueryField, paginated } from './pagination.ts';
import {
  currencySchema,
  payoutCompanySchema,
  payoutMethodSchema,
  purposeSchema,
  referenceItemSchema,
} from './payouts.ts';
import { recipientSchema } from './recipients.ts';
import { paymentDataSchema, paymentSchema } from './payments.ts';
import { colorSchemeSchema } from './state-colors.ts';

/**
 * Transactions and their payments (issue 29; docs/product/sending-money.md#transactions,
 * #payments, docs/decisions/0038-transaction-states.md): the original product's keys, amounts as
 * decimal strings sent three ways as the quotes contract does, and the states of both machines.
 */

const timestamp = lazySchema(() => z.iso.datetime({ offset: true }));

/** The transaction state codes Corridor uses: the original product's, without its unused ones. */
export const transactionStateCodes = [
  'CREATED',
  'PENDING-PAYMENT',
  'PAYMENT-CLEARED',
  'DOCUMENT-REQUIRED',
  'DOCUMENT-PROVIDED',
  'UNDER-REVIEW',
  'ON-HOLD',
  'CONVERTING-FOREX',
  'AVAILABLE-FOR-PAYOUT',
  'SENDING-FOR-PAYOUT',
  'SENT-FOR-PAYOUT',
  'PAYOUT-SUCCESS',
  'PAYOUT-FAILED',
  'PAYOUT-REVERSED',
  'CANCELLED',
] as const;
export const transactionStateCodeSchema = lazySchema(() => z.enum(transactionStateCodes));
export type TransactionStateCode = z.infer<typeof transactionStateCodeSchema>;

/** The holds: each carries a reason and the action that clears it. */
export const holdStateCodes = [
  'DOCUMENT-REQUIRED',
  'UNDER-REVIEW',
  'ON-HOLD',
] as const satisfies readonly TransactionStateCode[];
export type HoldStateCode = (typeof holdStateCodes)[number];

/** `{id, code, label, description, progress, color_scheme}`; the texts in the request's language. */
export const transactionStateSchema = lazySchema(() =>
  z.object({
    id: z.uuid(),
    code: transactionStateCodeSchema,
    label: z.string(),
    /** Customer copy for the state's banner. */
    description: z.string(),
    progress: z.number().int().min(0).max(100),
    color_scheme: colorSchemeSchema,
  }),
);
export type TransactionState = z.infer<typeof transactionStateSchema>;

/** The state history, then the steps still to come on the way to a payout with `created_at` null. */
export const timelineEntrySchema = lazySchema(() =>
  z.object({
    state: transactionStateSchema,
    created_at: timestamp.nullable(),
  }),
);
export type TimelineEntry = z.infer<typeof timelineEntrySchema>;

/** Why a transfer is held. */
export const holdReasonCodes = [
  'DOCUMENT-OWED',
  'DOCUMENT-REJECTED',
  'DOCUMENT-BEING-CHECKED',
  'COMPLIANCE-REVIEW',
  'OPERATOR-HOLD',
] as const;
export const holdReasonCodeSchema = lazySchema(() => z.enum(holdReasonCodes));
export type HoldReasonCode = z.infer<typeof holdReasonCodeSchema>;

/** What clears a hold: a client routes `UPLOAD-DOCUMENT` to the upload of `pending_documents`. */
export const holdActionCodes = ['UPLOAD-DOCUMENT', 'WAIT-FOR-REVIEW', 'CONTACT-SUPPORT'] as const;
export const holdActionCodeSchema = lazySchema(() => z.enum(holdActionCodes));
export type HoldActionCode = z.infer<typeof holdActionCodeSchema>;

/** A held transfer's reason and the action that clears it, in the request's language. */
export const transactionHoldSchema = lazySchema(() =>
  z.object({
    reason: z.object({ code: holdReasonCodeSchema, text: z.string() }),
    action: z.object({ code: holdActionCodeSchema, text: z.string() }),
  }),
);
export type TransactionHold = z.infer<typeof transactionHoldSchema>;

/** `transaction.payout`; the collection PIN is for cash pickup. */
export const payoutSchema = lazySchema(() =>
  z.object({
    id: z.uuid(),
    shared_reference: z.string(),
    collection_pin: z.string().nullable(),
    collection_pin_available: z.boolean(),
    state: z.object({ id: z.uuid(), code: z.string(), color_scheme: colorSchemeSchema }),
  }),
);
export type Payout = z.infer<typeof payoutSchema>;

/** A pending document as the original sends it: its category, linked to the upload. */
export const pendingDocumentSchema = lazySchema(() =>
  z.object({
    id: z.uuid(),
    created_at: timestamp,
    updated_at: timestamp,
    document_category: documentCategorySchema,
  }),
);
export type PendingDocument = z.infer<typeof pendingDocumentSchema>;

/** Why money went back to the customer (docs/product/sending-money.md#refunds). */
export const refundReasons = [
  'cancelled-by-customer',
  'payout-failed',
  'payout-reversed',
  'missed-delivery-promise',
  'operator',
  /** A card capture that arrived for a payment already closed: given back in full. */
  'late-capture',
] as const;
export const refundReasonSchema = lazySchema(() => z.enum(refundReasons));
export type RefundReason = z.infer<typeof refundReasonSchema>;

/** One refund: the amount in the payment currency, where it went, and when. */
export const transactionRefundSchema = lazySchema(() =>
  z.object({
    id: z.uuid(),
    reason: refundReasonSchema,
    ...moneyFields('amount'),
    /** `card` back to the card paid with, `bank-account` to the account the money came from. */
    destination: z.enum(['card', 'bank-account']),
    refunded_at: timestamp,
  }),
);
export type TransactionRefund = z.infer<typeof transactionRefundSchema>;

/**
 * GET /client/v1/transaction/{id}, the answer of confirm, and an item of the list
 * (docs/product/sending-money.md#transactions).
 */
export const transactionSchema = lazySchema(() =>
  z.object({
    id: z.uuid(),
    /** A string such as "TP7402166". */
    transaction_number: z.string(),
    created_at: timestamp,
    updated_at: timestamp,
    state: transactionStateSchema,
    /** Set while the state is a hold, else null. */
    hold: transactionHoldSchema.nullable(),
    payment_country: countrySchema,
    payment_currency: currencySchema,
    payout_country: countrySchema,
    payout_currency: currencySchema,
    payout_method: payoutMethodSchema,
    payout_company: payoutCompanySchema,
    purpose: purposeSchema,
    ...moneyFields('local_amount'),
    ...moneyFields('payout_amount'),
    ...moneyFields('base_fees'),
    exchange_rate: rateDecimalSchema,
    exchange_rate_formatted: z.string(),
    exchange_rate_is_inverse: z.boolean(),
    // No coupons: null, as the original sends them when none was used.
    ...nullableMoneyFields('coupon_discount_amount'),
    exchange_rate_before_coupon: rateDecimalSchema.nullable(),
    exchange_rate_before_coupon_formatted: z.string().nullable(),
    // Corridor's full-cost disclosure, as quoted (docs/product/sending-money.md#pricing).
    mid_market_rate: rateDecimalSchema,
    markup_percent: z.string(),
    ...moneyFields('total_cost'),
    total_cost_percent: z.string(),
    ...moneyFields('total_to_pay'),
    recipient: recipientSchema,
    payment: paymentSchema,
    /** Null until the transfer is handed to a partner. */
    payout: payoutSchema.nullable(),
    documents: z.array(z.object({ id: z.uuid(), document_category: referenceItemSchema })),
    pending_documents: z.array(pendingDocumentSchema),
    /** When the recipient has the money, disclosed before paying. */
    available_by: timestamp,
    /**
     * Until when the customer may cancel for free (docs/product/sending-money.md#cancellation-window):
     * set while a paid transfer is inside its window and not yet paid out, else null.
     */
    cancellable_until: timestamp.nullable(),
    /** The money given back so far, oldest first: a full refund, or the fee of a missed promise. */
    refunds: z.array(transactionRefundSchema),
    timeline: z.array(timelineEntrySchema),
  }),
);
export type Transaction = z.infer<typeof transactionSchema>;

/** GET /client/v1/transactions: newest first, 10 a page. */
export const TRANSACTIONS_PER_PAGE = 10;
export const transactionListSchema = lazySchema(() => paginated(transactionSchema));
export type TransactionList = z.infer<typeof transactionListSchema>;

const isoDate = lazySchema(() => z.iso.date({ error: 'Enter the date as YYYY-MM-DD.' }));

/**
 * GET /client/v1/transactions?page&state&recipient_id&start_date&end_date&limit. `limit` sets the
 * page size (the wizard's double-payment check reads the latest few); dates are whole days, UTC.
 */
export const transactionListQuerySchema = lazySchema(() =>
  z
    .object({
      page: pageQueryField(),
      state: transactionStateCodeSchema.optional(),
      recipient_id: z.uuid({ error: 'Choose a recipient from the list.' }).optional(),
      start_date: isoDate.optional(),
      end_date: isoDate.optional(),
      limit: z.coerce
        .number({ error: 'The limit must be a whole number.' })
        .int({ error: 'The limit must be a whole number.' })
        .min(1, { error: 'The limit must be at least 1.' })
        .max(50, { error: 'The limit must be at most 50.' })
        .optional(),
    })
    .refine(
      // ISO dates compare as strings.
      (query) => !query.start_date || !query.end_date || query.start_date <= query.end_date,
      { error: 'The end date must not be before the start date.', path: ['end_date'] },
    ),
);
export type TransactionListQuery = z.infer<typeof transactionListQuerySchema>;

/** POST /client/v1/quote/confirm/{quoteId} (docs/product/sending-money.md#confirming). */
export const confirmQuoteBodySchema = lazySchema(() =>
  z.object({
    purpose_id: z.uuid({ error: 'Choose why you are sending money.' }),
    payment_method_id: z.uuid({ error: 'Choose how you will pay.' }),
    payment_data: paymentDataSchema.optional(),
    third_party_declaration_accepted: z.literal(true, {
      error: 'Confirm that you are sending your own money for yourself.',
    }),
  }),
);
export type ConfirmQuoteBody = z.infer<typeof confirmQuoteBodySchema>;

/** Realtime (docs/product/realtime.md#events): a screen re-fetches the transaction. */
export const transactionStateUpdatedSchema = lazySchema(() =>
  z.object({
    transaction_id: z.uuid(),
    state: transactionStateCodeSchema,
  }),
);
export type TransactionStateUpdated = z.infer<typeof transactionStateUpdatedSchema>;
