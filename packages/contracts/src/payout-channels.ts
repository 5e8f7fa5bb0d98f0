import { z } from 'zod';
import { lazySchema } from './lazy-schema.ts';

/**
 * The payout channels: the server-defined recipient form of one target (country + currency) and
 * payout method (issue 15; docs/product/recipients.md#payout-channels, #payout-configuration).
 * Texts are in the request's language.
 */

export const recipientTypes = ['individual', 'business'] as const;
export const recipientTypeSchema = lazySchema(() => z.enum(recipientTypes));
export type RecipientType = z.infer<typeof recipientTypeSchema>;

/** The original product's attribute types; an unknown type is a text input in the web app. */
export const channelAttributeTypes = [
  'text',
  'select',
  'radio',
  'delivery_option',
  'sub_delivery_option',
  'account_number',
  'phone_number',
  'mobile_number',
  'email',
  'address_line_1',
  'address_line_2',
  'address_line_3',
  'address_city',
  'address_region',
  'address_postcode',
  'name',
  'second_name',
  'third_name',
] as const;
export const channelAttributeTypeSchema = lazySchema(() => z.enum(channelAttributeTypes));
export type ChannelAttributeType = z.infer<typeof channelAttributeTypeSchema>;

/** A choice of a delivery_option, sub_delivery_option or select attribute (a bank, a branch…). */
export const deliveryOptionSchema = lazySchema(() =>
  z.object({ id: z.uuid(), code: z.string(), title: z.string() }),
);
export type DeliveryOption = z.infer<typeof deliveryOptionSchema>;

/**
 * What a field becomes for one recipient type (Corridor's key beside the original product's,
 * issue 28): a bank account's last name is required of a person and left empty by a business,
 * and its first field holds a person's name (the person-name rule) or a business's registered
 * name. The form and the server both read the field through `attributeFor`, so its required
 * mark and its checks are the rules the server applies (docs/decisions/0035-recipient-fields-by-type.md).
 */
export const attributeVariantSchema = lazySchema(() =>
  z.object({
    is_required: z.boolean(),
    label: z.string(),
    help_text: z.string().nullable(),
    regex_pattern: z.string().nullable(),
    regex_failure_message: z.string().nullable(),
  }),
);
export type AttributeVariant = z.infer<typeof attributeVariantSchema>;

/** A field's variants by recipient type; a type without one keeps the field as it is. */
export const attributeVariantsSchema = lazySchema(() =>
  z.object({
    individual: attributeVariantSchema.nullable(),
    business: attributeVariantSchema.nullable(),
  }),
);
export type AttributeVariants = z.infer<typeof attributeVariantsSchema>;

/**
 * One field of the recipient form, with the original product's keys. `regex_pattern` is a plain
 * source (no slashes, no flags) meaning the same with the `u` flag, tested against the trimmed
 * value; lengths count UTF-16 code units. `mask` is an imask pattern (0 a digit, a a letter,
 * * either; other characters are fixed).
 */
export const channelAttributeSchema = lazySchema(() =>
  z.object({
    type: channelAttributeTypeSchema,
    input_mode: z.enum(['text', 'numeric', 'tel']).nullable(),
    context: z.string().nullable(),
    is_required: z.boolean(),
    label: z.string(),
    /** The key of the value in the add and edit bodies. */
    attribute: z.string(),
    prefix_addon: z.string().nullable(),
    suffix_addon: z.string().nullable(),
    help_text: z.string().nullable(),
    placeholder_text: z.string().nullable(),
    regex_pattern: z.string().nullable(),
    regex_failure_message: z.string().nullable(),
    mask: z.string().nullable(),
    min_length: z.number().int().nullable(),
    max_length: z.number().int().nullable(),
    exact_length: z.number().int().nullable(),
    min_value: z.number().int().nullable(),
    max_value: z.number().int().nullable(),
    exact_value: z.number().int().nullable(),
    view_order: z.number().int(),
    /** The choices of delivery_option, select and radio; [] elsewhere (sub-options load by parent). */
    options: z.array(deliveryOptionSchema),
    /**
     * Corridor's key: the field for each recipient type, or null when it is the same for both.
     * The server always sends it; a definition without it reads as null.
     */
    by_recipient_type: attributeVariantsSchema.nullable().default(null),
  }),
);
export type ChannelAttribute = z.infer<typeof channelAttributeSchema>;

/**
 * The field as it is for `type` (its variant over it), or as it is when the type is not known
 * yet: the one reading of a field's required mark, label and pattern, the form's and the
 * server's.
 */
export function attributeFor<A extends { by_recipient_type: AttributeVariants | null }>(
  attribute: A,
  type: RecipientType | null,
): A {
  const variant = type === null ? null : (attribute.by_recipient_type?.[type] ?? null);
  return variant === null ? attribute : { ...attribute, ...variant };
}

export const channelConfigurationSchema = lazySchema(() =>
  z.object({
    /** null: the customer chooses; otherwise fixed, and the wizard skips the step. */
    recipient_type: recipientTypeSchema.nullable(),
    /** Every account_number attribute is typed twice, the second as `confirm_<attribute>`. */
    confirm_account_number: z.boolean(),
    /** Attributes which, once valid, fill the `name` attribute from the account-name lookup. */
    name_lookup_requirements: z.array(z.string()),
    name_validation_requirements: z.array(z.string()),
  }),
);
export type ChannelConfiguration = z.infer<typeof channelConfigurationSchema>;

/** GET /client/v1/payout/channel?country_id&currency_id&payout_method_id: the recipient form. */
export const payoutChannelSchema = lazySchema(() =>
  z.object({
    id: z.uuid(),
    configuration: channelConfigurationSchema,
    attributes: z.array(channelAttributeSchema),
  }),
);
export type PayoutChannel = z.infer<typeof payoutChannelSchema>;

export const payoutChannelQuerySchema = lazySchema(() =>
  z.object({
    country_id: z.uuid({ error: 'Choose a country from the list.' }),
    currency_id: z.uuid({ error: 'Choose a currency from the list.' }),
    payout_method_id: z.uuid({ error: 'Choose how the money is paid out.' }),
  }),
);
export type PayoutChannelQuery = z.infer<typeof payoutChannelQuerySchema>;

/** GET /client/v1/resources/sub-delivery-options/{id}: a bare array, as in the original. */
export const subDeliveryOptionListSchema = lazySchema(() => z.array(deliveryOptionSchema));
export type SubDeliveryOptionList = z.infer<typeof subDeliveryOptionListSchema>;
