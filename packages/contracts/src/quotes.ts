import { z } from 'zod';
import { lazySchema } from './lazy-schema.ts';
import { text } from './text.ts';
import { countrySchema } from './countries.ts';
import { documentCategorySchema } from './customer.ts';
import { rateDecimalSchema } from './fx.ts';
import { moneyFields, nullableMoneyFields } from './money.ts';
import {
  currencySchema,
  payoutCompanySchema,
  payoutMethodSchema,
  payoutTargetSchema,
  purposeSchema,
} from './payouts.ts';
import { paymentDataRequirementSchema } from './payments.ts';
import { recipientSchema } from './recipients.ts';

/**
 * Quotes (issue 15; docs/product/sending-money.md#the-live-quote, #the-saved-quote, #quote-endpoints; docs/product/sending-money.md#quotes; docs/decisions/0020): the
 * price of a transfer from either side, with the original product's keys and Corridor's
 * full-cost disclosure beside them. Every amount is decided by the server and sent three ways.
 */

export const amountTypes = ['send', 'receive'] as const;
export const amountTypeSchema = lazySchema(() => z.enum(amountTypes));
export type AmountType = z.infer<typeof amountTypeSchema>;

const timestamp = lazySchema(() => z.iso.datetime({ offset: true }));

/**
 * GET /client/v1/quote and the body of POST /client/v1/quote and
 * POST /client/v1/recipient/send-money/{id}. Every key is optional: the server picks the
 * customer's source, the first target and method, and a default amount. `amount` is what the
 * customer typed on the `amount_type` side, a plain decimal with at most the currency's decimals.
 */
export const quoteRequestSchema = lazySchema(() =>
  z.object({
    amount_type: amountTypeSchema.optional(),
    amount: text({
      max: 32,
      required: false,
      trim: false,
      messages: { tooLong: 'Enter an amount such as 250.00.' },
    }).optional(),
    payment_country_id: z.uuid({ error: 'Choose a country from the list.' }).optional(),
    payment_currency_id: z.uuid({ error: 'Choose a currency from the list.' }).optional(),
    payout_country_id: z.uuid({ error: 'Choose a country from the list.' }).optional(),
    payout_currency_id: z.uuid({ error: 'Choose a currency from the list.' }).optional(),
    payout_method_id: z.uuid({ error: 'Choose how the money is paid out.' }).optional(),
    payout_company_id: z.uuid({ error: 'Choose a payout partner from the list.' }).optional(),
  }),
);
export type QuoteRequest = z.infer<typeof quoteRequestSchema>;

/** A payout method as a quote lists it: priced (`sell_rate_formatted`) and with its arrival. */
export const quotePayoutMethodSchema = lazySchema(() =>
  payoutMethodSchema.extend({
    /** When the recipient has the money if the customer pays now (UTC). */
    estimated_arrival: timestamp,
  }),
);
export type QuotePayoutMethod = z.infer<typeof quotePayoutMethodSchema>;

/** Limits and bounds, by the field they concern. HTTP 200, never an error. */
export const quoteAlertsSchema = lazySchema(() =>
  z.object({
    send_amount: z.string().optional(),
    payout_amount: z.string().optional(),
  }),
);
export type QuoteAlerts = z.infer<typeof quoteAlertsSchema>;

/** The fields a live quote and a saved one share (a function: built with the schema using it). */
const quoteBaseShape = () => ({
  payment_country: countrySchema,
  payment_currency: currencySchema,
  payout_country: countrySchema,
  payout_currency: currencySchema,
  payout_method: quotePayoutMethodSchema,
  payout_companies: z.array(payoutCompanySchema),
  payout_company: payoutCompanySchema.nullable(),
  require_payout_company_selection: z.boolean(),
  amount_type: amountTypeSchema,
  /** What the customer typed, as the server read it, in the currency of its side. */
  amount: z.string(),
  /** What is converted, in the payment currency (fee excluded). */
  ...moneyFields('local_amount'),
  /** What the recipient gets, in the payout currency. */
  ...moneyFields('foreign_amount'),
  /** Our fee, in the payment currency. */
  ...moneyFields('base_fees'),
  /** Our rate: 1 payment currency = `exchange_rate` payout currency. */
  exchange_rate: rateDecimalSchema,
  /** "1 GBP = 105.4031 INR", or the inverse where that reads better. */
  exchange_rate_formatted: z.string(),
  /** When the mid-market rate under our rate was published. */
  exchange_rate_date: timestamp,
  /** True when `exchange_rate_formatted` reads 1 payout currency = x payment currency. */
  exchange_rate_is_inverse: z.boolean(),
  alerts: quoteAlertsSchema,
  /** Why this quote cannot become a transfer now, in the customer's words; null when it can. */
  transfer_disable_reason: z.string().nullable(),
  // Corridor's full-cost disclosure (docs/product/sending-money.md#pricing).
  mid_market_rate: rateDecimalSchema,
  our_rate: rateDecimalSchema,
  /** Our FX margin, in percent ("0.45"). */
  markup_percent: z.string(),
  ...moneyFields('fee'),
  /** What our margin on the rate costs, in the payment currency. */
  ...moneyFields('markup_cost'),
  /** fee + markup cost, in the payment currency. */
  ...moneyFields('total_cost'),
  /** total_cost as a share of what is sent, in percent with 2 decimals ("1.23"). */
  total_cost_percent: z.string(),
  ...moneyFields('recipient_gets'),
  /** What the customer pays: local_amount + fee. */
  ...moneyFields('total_to_pay'),
  ...moneyFields('min_send_amount'),
  ...moneyFields('max_send_amount'),
  /** When the recipient has the money with the chosen method if the customer pays now. */
  estimated_arrival: timestamp,
  pricing_version: z.string(),
});

/** GET /client/v1/quote: the live calculator quote (docs/product/sending-money.md#the-live-quote). */
export const quoteSchema = lazySchema(() =>
  z.object({
    ...quoteBaseShape(),
    sources: z.array(payoutTargetSchema),
    targets: z.array(payoutTargetSchema),
    payout_methods: z.array(quotePayoutMethodSchema),
  }),
);
export type Quote = z.infer<typeof quoteSchema>;

/**
 * A way to pay for a transfer, with its providers (the client reads `providers[0]`). A provider
 * that needs details at confirm lists them in `payment_data_requirements` (the original's
 * optional key); the wizard asks for them and sends them back in `payment_data`.
 */
export const paymentMethodSchema = lazySchema(() =>
  z.object({
    id: z.uuid(),
    code: z.string(),
    title: z.string(),
    description: z.string().nullable(),
    providers: z.array(
      z.object({
        id: z.uuid(),
        code: z.string(),
        title: z.string(),
        description: z.string().nullable(),
        payment_data_requirements: z.array(paymentDataRequirementSchema).optional(),
      }),
    ),
  }),
);
export type PaymentMethod = z.infer<typeof paymentMethodSchema>;

/**
 * POST /client/v1/quote, GET /client/v1/quote/{id}: the saved quote (docs/product/sending-money.md#the-saved-quote). Its rate is
 * locked until `expires_at` (30 minutes); after that it cannot be confirmed and is re-quoted.
 * `purposes` is null in the POST answer, as in the original, and filled by GET.
 */
export const savedQuoteSchema = lazySchema(() =>
  z.object({
    ...quoteBaseShape(),
    id: z.uuid(),
    ...moneyFields('sub_total_amount'),
    ...moneyFields('total_amount'),
    ...nullableMoneyFields('discount_amount'),
    coupon: z.null(),
    recipients: z.array(recipientSchema),
    recipient: recipientSchema.nullable(),
    purposes: z.array(purposeSchema).nullable(),
    payment_methods: z.array(paymentMethodSchema),
    pending_documents: z.array(documentCategorySchema),
    created_at: timestamp,
    expires_at: timestamp,
    is_expired: z.boolean(),
  }),
);
export type SavedQuote = z.infer<typeof savedQuoteSchema>;

/** POST /client/v1/quote/recipient/{quoteId}: choose the quote's recipient. */
export const quoteRecipientBodySchema = lazySchema(() =>
  z.object({
    recipient_id: z.uuid({ error: 'Choose a recipient from the list.' }),
  }),
);
export type QuoteRecipientBody = z.infer<typeof quoteRecipientBodySchema>;
