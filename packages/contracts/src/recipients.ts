import { z } from 'zod';
import { lazySchema } from './lazy-schema.ts';
import { text } from './text.ts';
import { countrySchema } from './countries.ts';
import { pageQueryField, paginated } from './pagination.ts';
import { currencySchema, payoutMethodSchema, referenceItemSchema } from './payouts.ts';
import {
  channelAttributeSchema,
  channelAttributeTypeSchema,
  deliveryOptionSchema,
  payoutChannelSchema,
  recipientTypeSchema,
} from './payout-channels.ts';

/**
 * Recipients and their server-defined forms (issue 15; docs/product/recipients.md#the-recipient-resource, #payout-channels, #recipient-endpoints,
 * #payout-configuration). A payout channel is the form of one target (country + currency) and payout method;
 * a recipient is a customer's filled-in form. Texts are in the request's language.
 */

/** GET /client/v1/recipient/name-lookup/{channelId}?<requirement attributes>. */
export const nameLookupResultSchema = lazySchema(() => z.object({ name: z.string() }));
export type NameLookupResult = z.infer<typeof nameLookupResultSchema>;

/** A mobile or phone value: the country (a Country) and the national number. */
export const phoneValueSchema = lazySchema(() =>
  z.object({ country: countrySchema, number: z.string() }),
);
export type PhoneValue = z.infer<typeof phoneValueSchema>;

/**
 * A stored attribute value: text, a phone number, or the chosen option of a delivery_option,
 * sub_delivery_option, select or radio; null when left empty.
 */
export const recipientAttributeValueSchema = lazySchema(() =>
  z.union([z.string(), phoneValueSchema, deliveryOptionSchema, z.null()]),
);
export type RecipientAttributeValue = z.infer<typeof recipientAttributeValueSchema>;

export const recipientAttributeSchema = lazySchema(() =>
  channelAttributeSchema.extend({
    value: recipientAttributeValueSchema,
  }),
);
export type RecipientAttribute = z.infer<typeof recipientAttributeSchema>;

/** The channel a recipient was made with, its attributes carrying the values. */
export const recipientChannelSchema = lazySchema(() =>
  payoutChannelSchema.extend({
    attributes: z.array(recipientAttributeSchema),
    country: countrySchema,
    currency: currencySchema,
    payout_method: payoutMethodSchema,
  }),
);
export type RecipientChannel = z.infer<typeof recipientChannelSchema>;

/** One line of the ready-made display list ("Account number: 12345678"). */
export const accountDetailLineSchema = lazySchema(() =>
  z.object({
    type: channelAttributeTypeSchema,
    key: z.string(),
    value: z.string(),
  }),
);
export type AccountDetailLine = z.infer<typeof accountDetailLineSchema>;

const timestamp = lazySchema(() => z.iso.datetime({ offset: true }));

/**
 * Recipient (docs/product/recipients.md#the-recipient-resource): names from the name, second_name and third_name attributes
 * (`whole_name` joins them), the channel with values, and what the confirm screen shows.
 */
export const recipientSchema = lazySchema(() =>
  z.object({
    id: z.uuid(),
    recipient_type: recipientTypeSchema,
    name: z.string(),
    second_name: z.string().nullable(),
    third_name: z.string().nullable(),
    whole_name: z.string(),
    relationship: referenceItemSchema.nullable(),
    channel: recipientChannelSchema,
    attributes: z.array(recipientAttributeSchema),
    account_detail: z.object({
      account_number: z.string().nullable(),
      account_holder_name: z.string().nullable(),
      institution: deliveryOptionSchema.nullable(),
    }),
    account_detail_hashmap: z.array(accountDetailLineSchema),
    transaction_summary: z.object({
      first_transaction_at: timestamp.nullable(),
      recent_transaction_at: timestamp.nullable(),
    }),
    created_at: timestamp,
    updated_at: timestamp,
  }),
);
export type Recipient = z.infer<typeof recipientSchema>;

/** GET /client/v1/recipients?page&search: newest first, 12 a page. */
export const recipientListSchema = lazySchema(() => paginated(recipientSchema));
export type RecipientList = z.infer<typeof recipientListSchema>;

export const recipientSearchQuerySchema = lazySchema(() =>
  z.object({
    page: pageQueryField(),
    /** Matches the name, the account number or the country, ignoring case. */
    search: text({
      max: 100,
      required: false,
      trim: false,
      messages: { tooLong: 'Search with at most 100 characters.' },
    }).optional(),
  }),
);
export type RecipientSearchQuery = z.infer<typeof recipientSearchQuerySchema>;

/**
 * GET /client/v1/recipients/whisper?search: the type-ahead, at most 10 recipients, each with
 * what a suggestion shows. An empty list is 200 `{data: []}`, never a 404.
 */
export const recipientWhisperItemSchema = lazySchema(() =>
  z.object({
    id: z.uuid(),
    whole_name: z.string(),
    recipient_type: recipientTypeSchema,
    country: countrySchema,
    currency: z.string().length(3),
    payout_method: payoutMethodSchema.pick({ id: true, code: true, title: true }),
    /** The account, mobile number or pickup reference, the last four characters shown. */
    account_hint: z.string().nullable(),
  }),
);
export type RecipientWhisperItem = z.infer<typeof recipientWhisperItemSchema>;
export const recipientWhisperSchema = lazySchema(() =>
  z.object({ data: z.array(recipientWhisperItemSchema) }),
);
export type RecipientWhisper = z.infer<typeof recipientWhisperSchema>;

/** POST /client/v1/recipients/add?payout_channel_id[&quote_id]. */
export const addRecipientQuerySchema = lazySchema(() =>
  z.object({
    payout_channel_id: z.uuid({ error: 'Choose how the money is paid out.' }),
    quote_id: z.uuid({ error: 'This quote does not exist.' }).optional(),
  }),
);
export type AddRecipientQuery = z.infer<typeof addRecipientQuerySchema>;

/**
 * The add and edit bodies: `recipient_type`, `relationship_id`, and one key per channel
 * attribute — text, an option's id, or `{country: countryId, number}` for phones — plus
 * `confirm_<attribute>` for account numbers when the channel asks. The server checks every
 * attribute against the channel and answers 422 keyed by attribute (`x.number`, `x.country`).
 */
export const recipientBodySchema = lazySchema(() =>
  z
    .object({
      recipient_type: z.unknown().optional(),
      relationship_id: z.unknown().optional(),
    })
    .catchall(z.unknown()),
);
export type RecipientBody = Record<string, unknown>;
