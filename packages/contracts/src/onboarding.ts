import { z } from 'zod';
import { attributeCategorySchema } from './customer.ts';
import { text } from './text.ts';

export const updateCountryRequestSchema = z.object({
  country_id: z.uuid({ error: 'Choose a country from the list.' }),
});
export type UpdateCountryRequest = z.infer<typeof updateCountryRequestSchema>;

export const updateCategoryQuerySchema = z.object({
  category: attributeCategorySchema,
});

/**
 * Attribute values by dotted key, sent as nested objects ("address.postcode" arrives as
 * `{address: {postcode}}`, SPEC §7). Each value is checked against the customer's country
 * catalogue on the server; here the shape is bounded (at most three levels deep: a dotted key has
 * one dot, so a deeply nested body is refused before anything walks it), keys and values refuse
 * control and invisible characters (text.ts), and values are trimmed, a blank one becoming "".
 * Whether a value is required is the catalogue's business, so no value is required here.
 */
const attributeKeySchema = text({ field: 'attribute name', max: 64, trim: false, required: false });
const attributeLeafSchema = text({ max: 500, required: false }).nullable();
/** A refused key reports its own message rather than zod's "Invalid key in record". */
const attributeRecord = <T extends z.ZodType>(value: T) =>
  z.record(attributeKeySchema, value, {
    error: (issue) => (issue.code === 'invalid_key' ? issue.issues[0]?.message : undefined),
  });
/**
 * A value or a nested object: when both fail, the message of the one that fits the type (a
 * refused character in a nested key or value) rather than zod's "Invalid input".
 */
const leafOrRecord = <A extends z.ZodType, B extends z.ZodType>(leaf: A, record: B) =>
  z.union([leaf, record], {
    error: (issue) =>
      issue.code === 'invalid_union'
        ? (issue.errors.flat().find((inner) => inner.code !== 'invalid_type')?.message ??
          'This field must be text or null.')
        : undefined,
  });
export const attributeValuesSchema: z.ZodType<AttributeValues> = attributeRecord(
  leafOrRecord(
    attributeLeafSchema,
    attributeRecord(leafOrRecord(attributeLeafSchema, attributeRecord(attributeLeafSchema))),
  ),
);
export interface AttributeValues {
  [key: string]: string | null | AttributeValues;
}

export const updateMobileNumberRequestSchema = z.object({
  mobile_number_country_id: z.uuid({ error: 'Choose the country of the number.' }),
  mobile_number: text({ field: 'mobile number', max: 32 }),
});
export type UpdateMobileNumberRequest = z.infer<typeof updateMobileNumberRequestSchema>;

export const taskIdSchema = z.enum([
  'email_verification',
  'has_contact_number',
  'has_identity_document',
  'has_address',
  'recipient_created',
  'transaction_sent',
]);
export type TaskId = z.infer<typeof taskIdSchema>;

/** A dashboard to-do (original product §2.11); a bare array on the wire. */
export const taskSchema = z.object({
  id: taskIdSchema,
  title: z.string(),
  description: z.string(),
  status: z.enum(['pending', 'in_progress', 'completed']),
});
export type Task = z.infer<typeof taskSchema>;
export const taskListSchema = z.array(taskSchema);
