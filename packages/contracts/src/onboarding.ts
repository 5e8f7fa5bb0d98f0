import { z } from 'zod';
import { lazySchema } from './lazy-schema.ts';
import { attributeCategorySchema } from './customer.ts';
import { text } from './text.ts';

export const updateCountryRequestSchema = lazySchema(() =>
  z.object({
    country_id: z.uuid({ error: 'Choose a country from the list.' }),
  }),
);
export type UpdateCountryRequest = z.infer<typeof updateCountryRequestSchema>;

export const updateCategoryQuerySchema = lazySchema(() =>
  z.object({
    category: attributeCategorySchema,
  }),
);

/**
 * Attribute values by dotted key, sent as nested objects ("address.postcode" arrives as
 * `{address: {postcode}}`, docs/product/api-conventions.md#endpoints). Each value is checked against the customer's country
 * catalogue on the server; here the shape is bounded (at most three levels deep: a dotted key has
 * one dot, so a deeply nested body is refused before anything walks it), keys and values refuse
 * control and invisible characters (text.ts), and values are trimmed, a blank one becoming "".
 * Whether a value is required is the catalogue's business, so no value is required here.
 */
const attributeKeySchema = lazySchema(() =>
  text({ field: 'attribute name', max: 64, trim: false, required: false }),
);
const attributeLeafSchema = lazySchema(() => text({ max: 500, required: false }).nullable());
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
export const attributeValuesSchema: z.ZodType<AttributeValues> = lazySchema(() =>
  attributeRecord(
    leafOrRecord(
      attributeLeafSchema,
      attributeRecord(leafOrRecord(attributeLeafSchema, attributeRecord(attributeLeafSchema))),
    ),
  ),
);
export interface AttributeValues {
  [key: string]: string | null | AttributeValues;
}

/**
 * A full ISO 8601 date-time with a zone: "1990-11-12T18:27:00.000Z", "1990-11-13T03:27+09:00".
 * The original product's date pickers send a date field this way.
 */
const DATE_TIME =
  /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::(\d{2})(?:\.\d+)?)?(?:Z|([+-])(\d{2}):?(\d{2}))$/;

/**
 * A date field as clients send it: a date-time with a zone is read as its calendar date in UTC
 * ("1990-11-12T23:30:00-02:00" is 1990-11-13); anything else is returned as it came, for the
 * date rules to judge. A date-time whose time or offset is out of range stays as it came, and
 * one on a day that does not exist becomes that day ("1990-02-30"), refused as not a real date.
 */
export function calendarDateOf(value: string): string {
  const match = DATE_TIME.exec(value);
  if (!match) return value;
  const [, y, mo, d, h, mi, s = '0', sign, oh = '0', om = '0'] = match;
  const [year, month, day, hour, minute, second] = [y, mo, d, h, mi, s].map(Number) as [
    number,
    number,
    number,
    number,
    number,
    number,
  ];
  if (hour > 23 || minute > 59 || second > 59 || Number(oh) > 23 || Number(om) > 59) return value;
  const date = `${y}-${mo}-${d}`;
  // setUTCFullYear, unlike Date.UTC, does not map years 0–99 onto 1900–1999.
  const instant = new Date(0);
  instant.setUTCFullYear(year, month - 1, day);
  if (instant.getUTCMonth() !== month - 1 || instant.getUTCDate() !== day) return date;
  const offsetMinutes = (sign === '-' ? -1 : 1) * (Number(oh) * 60 + Number(om));
  instant.setUTCHours(hour, minute - offsetMinutes, second, 0);
  // Only 0000 or 9999 can shift out of four-digit years; the date rules refuse both anyway.
  if (instant.getUTCFullYear() < 0 || instant.getUTCFullYear() > 9999) return date;
  const utcYear = String(instant.getUTCFullYear()).padStart(4, '0');
  const utcMonth = String(instant.getUTCMonth() + 1).padStart(2, '0');
  const utcDay = String(instant.getUTCDate()).padStart(2, '0');
  return `${utcYear}-${utcMonth}-${utcDay}`;
}

export const updateMobileNumberRequestSchema = lazySchema(() =>
  z.object({
    mobile_number_country_id: z.uuid({ error: 'Choose the country of the number.' }),
    mobile_number: text({ field: 'mobile number', max: 32 }),
  }),
);
export type UpdateMobileNumberRequest = z.infer<typeof updateMobileNumberRequestSchema>;

export const taskIdSchema = lazySchema(() =>
  z.enum([
    'email_verification',
    'has_contact_number',
    'has_identity_document',
    'has_address',
    'recipient_created',
    'transaction_sent',
  ]),
);
export type TaskId = z.infer<typeof taskIdSchema>;

/** A dashboard to-do (docs/product/customer-and-onboarding.md#tasks); a bare array on the wire. */
export const taskSchema = lazySchema(() =>
  z.object({
    id: taskIdSchema,
    title: z.string(),
    description: z.string(),
    status: z.enum(['pending', 'in_progress', 'completed']),
  }),
);
export type Task = z.infer<typeof taskSchema>;
export const taskListSchema = lazySchema(() => z.array(taskSchema));
