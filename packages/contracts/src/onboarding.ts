import { z } from 'zod';
import { attributeCategorySchema } from './customer.ts';

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
 * catalogue on the server; here only the shape is bounded: at most three levels deep (a dotted
 * key has one dot), so a deeply nested body is refused before anything walks it.
 */
const attributeKeySchema = z.string().max(64);
const attributeLeafSchema = z.union([z.string().max(500), z.null()]);
export const attributeValuesSchema: z.ZodType<AttributeValues> = z.record(
  attributeKeySchema,
  z.union([
    attributeLeafSchema,
    z.record(
      attributeKeySchema,
      z.union([attributeLeafSchema, z.record(attributeKeySchema, attributeLeafSchema)]),
    ),
  ]),
);
export interface AttributeValues {
  [key: string]: string | null | AttributeValues;
}

export const updateMobileNumberRequestSchema = z.object({
  mobile_number_country_id: z.uuid({ error: 'Choose the country of the number.' }),
  mobile_number: z
    .string({ error: 'The mobile number field is required.' })
    .trim()
    .min(1, { error: 'The mobile number field is required.' })
    .max(32, { error: 'The mobile number must not be longer than 32 characters.' }),
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
