import { z } from 'zod';
import { paymentCardSchema } from './card-payments.ts';
import { lazySchema } from './lazy-schema.ts';
import { countrySchema } from './countries.ts';
import { moneyFields } from './money.ts';
import { referenceItemSchema } from './payouts.ts';
import { colorSchemeSchema } from './state-colors.ts';
import { text } from './text.ts';

/**
 * A transaction's payments (issue 29; docs/product/sending-money.md#payments,
 * docs/decisions/0038-transaction-states.md): their states, providers and the bank-transfer
 * instructions, what a retry sends, and the payment's realtime event.
 */

const timestamp = lazySchema(() => z.iso.datetime({ offset: true }));

/** The payment state codes, hyphens exactly (the original's old client spelled two with `_`). */
export const paymentStateCodes = [
  'CREATED',
  'INITIALIZED',
  'PENDING',
  'REDIRECTED',
  'AUTHORIZED',
  'CAPTURED',
  'FAILED',
  'TIMED-OUT',
  'PART-REFUNDED',
  'REFUNDED',
  'CANCELLED',
] as const;
export const paymentStateCodeSchema = lazySchema(() => z.enum(paymentStateCodes));
export type PaymentStateCode = z.infer<typeof paymentStateCodeSchema>;

/** `{id, code, color_scheme}` as in the original, plus Corridor's label. */
export const paymentStateSchema = lazySchema(() =>
  z.object({
    id: z.uuid(),
    code: paymentStateCodeSchema,
    label: z.string(),
    color_scheme: colorSchemeSchema,
  }),
);
export type PaymentState = z.infer<typeof paymentStateSchema>;

/** At most this many payments per transaction, the first included. */
export const MAX_PAYMENTS_PER_TRANSACTION = 3;

/** The provider code of a bank transfer with our reference: clients pick their screen by it. */
export const MANUAL_PAYMENT_PROVIDER_CODE = 'MANUAL-PAYMENT';

/** A field a provider asks for at confirm and retry, sent back in `payment_data`. */
export const paymentDataRequirementSchema = lazySchema(() =>
  z.object({
    attribute: z.string(),
    type: z.enum(['text', 'email']),
    label: z.string(),
    input_mode: z.string(),
    is_required: z.boolean(),
    info: z.string().nullable(),
    value: z.string().nullable(),
  }),
);
export type PaymentDataRequirement = z.infer<typeof paymentDataRequirementSchema>;

export const paymentProviderSchema = lazySchema(() =>
  referenceItemSchema.extend({
    payment_data_requirements: z.array(paymentDataRequirementSchema),
  }),
);
export type PaymentProvider = z.infer<typeof paymentProviderSchema>;

/** Bank-transfer instructions; each attribute's `key` is a customer-readable label. */
export const clientPaymentAccountSchema = lazySchema(() =>
  z.object({
    id: z.uuid(),
    institution_name: z.string(),
    instruction_text: z.string(),
    payment_reference: z.string(),
    wait_time_message: z.string().nullable(),
    attributes: z.array(z.object({ key: z.string(), value: z.string() })),
  }),
);
export type ClientPaymentAccount = z.infer<typeof clientPaymentAccountSchema>;

/** The customer's paying account, shown as "paid with …". */
export const paymentAccountSchema = lazySchema(() =>
  z.object({
    id: z.uuid(),
    country: countrySchema.nullable(),
    institution: z.string().nullable(),
    institution_location_code: z.string().nullable(),
    account_holder_name: z.string().nullable(),
    account_number: z.string().nullable(),
  }),
);
export type PaymentAccount = z.infer<typeof paymentAccountSchema>;

/** `transaction.payment`, and the answer of a retry or a cancel (docs/product/sending-money.md#payments). */
export const paymentSchema = lazySchema(() =>
  z.object({
    id: z.uuid(),
    state: paymentStateSchema,
    payment_method: referenceItemSchema,
    payment_provider: paymentProviderSchema,
    ...moneyFields('total_payment_amount'),
    /** The transaction number, with `-002`, `-003` on a retry. */
    shared_reference: z.string(),
    /** Where a hosted provider takes the customer; payable when PENDING and present. */
    payment_url: z.string().nullable(),
    client_payment_account: clientPaymentAccountSchema.nullable(),
    payment_account: paymentAccountSchema.nullable(),
    /** A card payment's brand and last four, once the provider has told them (issue 30). */
    card: paymentCardSchema.nullable().optional(),
    customer_confirmed_payment: z.boolean(),
    /** Null: no deadline. */
    expires_at: timestamp.nullable(),
    /** Plain text, shown verbatim with its line breaks. */
    payment_terms: z.string().nullable(),
    /** The provider settles on its own: a PENDING payment without a URL is healthy. */
    awaiting_confirmation: z.boolean(),
    created_at: timestamp,
    updated_at: timestamp,
  }),
);
export type Payment = z.infer<typeof paymentSchema>;

/**
 * `payment_data`: `{attribute: value}` as the provider's `payment_data_requirements` ask, `{}` or
 * null. The server checks each value against its requirement (422 `payment_data.<attribute>`).
 */
export const paymentDataSchema = lazySchema(() =>
  z
    .record(
      text({ field: 'attribute name', max: 64, trim: false, required: false }),
      text({ max: 255, required: false }),
      {
        // A refused key reports its own message rather than zod's "Invalid key in record".
        error: (issue) => (issue.code === 'invalid_key' ? issue.issues[0]?.message : undefined),
      },
    )
    .refine((data) => Object.keys(data).length <= 20, { error: 'Too many payment details.' })
    .nullable(),
);
export type PaymentData = z.infer<typeof paymentDataSchema>;

/** POST /client/v1/transaction/payment/{transactionId}: a new payment (retry). */
export const paymentRetryBodySchema = lazySchema(() =>
  z.object({ payment_data: paymentDataSchema.optional() }),
);
export type PaymentRetryBody = z.infer<typeof paymentRetryBodySchema>;
/** Realtime: the payment keys the original's payment screens apply as they come. */
export const paymentTransactionStateUpdatedSchema = lazySchema(() =>
  z.object({
    id: z.uuid(),
    state: paymentStateSchema,
    shared_reference: z.string(),
    payment_url: z.string().nullable(),
    awaiting_confirmation: z.boolean().optional(),
  }),
);
export type PaymentTransactionStateUpdated = z.infer<typeof paymentTransactionStateUpdatedSchema>;
