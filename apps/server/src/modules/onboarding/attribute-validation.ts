import {
  calendarDateOf,
  isBlankText,
  textProblem,
  textProblemMessage,
  type AttributeCategory,
  type AttributeValues,
} from '@corridor/contracts';
import { apiText } from '../../i18n/index.ts';
import type { AttributeDefinition, AttributeKey } from '../customers/index.ts';
import { normalisePostcode } from './postcodes.ts';

export const NOT_IN_PROFILE = apiText('fields.notInProfile');
export const EARLIEST_BIRTH_DATE = '1900-01-01';
export const MINIMUM_AGE_YEARS = 18;

/**
 * `{address: {postcode: "x"}}` → `[["address.postcode", "x"]]`. A literal dotted key works too.
 * The body schema already bounds the depth.
 */
export function flattenAttributeValues(
  values: AttributeValues,
  prefix = '',
): [key: string, value: string | null][] {
  const flat: [string, string | null][] = [];
  for (const [key, value] of Object.entries(values)) {
    const dotted = prefix ? `${prefix}.${key}` : key;
    if (value !== null && typeof value === 'object')
      flat.push(...flattenAttributeValues(value, dotted));
    else flat.push([dotted, value]);
  }
  return flat;
}

/** "First name" → "first name"; "ZIP code" stays. */
function inSentence(label: string): string {
  return /^[A-Z][a-z]/.test(label) ? label.charAt(0).toLowerCase() + label.slice(1) : label;
}

export const requiredMessage = (label: string) =>
  apiText('fields.required', { field: inSentence(label) });
/** "The first name field must not contain control or invisible characters." (contracts' text rules). */
export const characterMessage = (label: string, value: string): string | null => {
  const problem = textProblem(value);
  return problem === null ? null : textProblemMessage(problem, inSentence(label));
};
export const optionMessage = (label: string) =>
  apiText('fields.chooseFromList', { field: inSentence(label) });

export const BIRTH_DATE_MESSAGES = {
  notADate: apiText('fields.birthDate.notADate'),
  future: apiText('fields.birthDate.future'),
  tooEarly: apiText('fields.birthDate.tooEarly'),
  tooYoung: apiText('fields.birthDate.tooYoung', { years: MINIMUM_AGE_YEARS }),
} as const;

function isCalendarDate(value: string): boolean {
  const [year, month, day] = value.split('-').map(Number) as [number, number, number];
  // setUTCFullYear, unlike Date.UTC, does not map years 0–99 onto 1900–1999.
  const date = new Date(0);
  date.setUTCFullYear(year, month - 1, day);
  return (
    date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day
  );
}

/** Today's date in UTC, as YYYY-MM-DD. */
const isoDay = (date: Date) => date.toISOString().slice(0, 10);

/**
 * Date-of-birth rules beyond the format: a real date, not in the future, not before 1900, and
 * at least 18 years before today on the injected clock (18 today counts; someone born on
 * 29 February comes of age on 1 March in a common year).
 */
export function birthDateProblem(value: string, now: Date): string | null {
  if (!isCalendarDate(value)) return BIRTH_DATE_MESSAGES.notADate;
  const today = isoDay(now);
  if (value > today) return BIRTH_DATE_MESSAGES.future;
  if (value < EARLIEST_BIRTH_DATE) return BIRTH_DATE_MESSAGES.tooEarly;
  const cutoff = `${String(now.getUTCFullYear() - MINIMUM_AGE_YEARS).padStart(4, '0')}${today.slice(4)}`;
  // Plain string order: a cutoff of "YYYY-02-29" in a common year still orders correctly.
  if (value > cutoff) return BIRTH_DATE_MESSAGES.tooYoung;
  return null;
}

export interface ValidationContext {
  catalogue: readonly AttributeDefinition[];
  /** The customer's country (ISO alpha-2): how its postcodes are written. */
  country: string;
  category: AttributeCategory;
  now: Date;
  isKnownCountry(id: string): boolean;
}

export type ValidationResult =
  | { ok: true; values: Map<AttributeKey, string | null> }
  | { ok: false; errors: Record<string, string[]> };

const uuidPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

function normalize(definition: AttributeDefinition, value: string, country: string): string {
  if (definition.attribute === 'address.postcode') return normalisePostcode(value, country);
  if (definition.input_mode === 'country') return value.toLowerCase();
  return value;
}

/** One value against its definition: the first problem, or null. */
function problemWith(
  definition: AttributeDefinition,
  value: string,
  context: ValidationContext,
): string | null {
  // Said as a length, not as the pattern's characters: the pattern bounds the length too, and a
  // 195-character name was told to use letters only (issue 28).
  if (definition.max_length !== null && value.length > definition.max_length)
    return apiText('fields.tooLong', {
      field: inSentence(definition.label),
      max: definition.max_length,
    });
  if (
    definition.regular_expression !== null &&
    !new RegExp(definition.regular_expression).test(value)
  )
    return definition.expression_error_message ?? apiText('fields.invalid');
  switch (definition.input_mode) {
    case 'select':
      return definition.options?.some((option) => option.value === value)
        ? null
        : optionMessage(definition.label);
    case 'country':
      return uuidPattern.test(value) && context.isKnownCountry(value.toLowerCase())
        ? null
        : optionMessage(definition.label);
    case 'date':
      return birthDateProblem(value, context.now);
    case 'text':
      return null;
  }
}

/**
 * Checks every submitted value of one category against the customer's catalogue. Keys not sent
 * are left as they are; an empty value clears an optional attribute. Nothing is accepted unless
 * everything is valid.
 */
export function validateAttributeValues(
  submitted: AttributeValues,
  context: ValidationContext,
): ValidationResult {
  const definitions = new Map(
    context.catalogue
      .filter((definition) => definition.category === context.category)
      .map((definition) => [definition.attribute as string, definition]),
  );
  const errors = new Map<string, string[]>();
  const values = new Map<AttributeKey, string | null>();
  for (const [key, raw] of flattenAttributeValues(submitted)) {
    const definition = definitions.get(key);
    if (!definition) {
      errors.set(key, [NOT_IN_PROFILE]);
      continue;
    }
    const trimmed = (raw ?? '').trim();
    // A date may come as a date-time, as the original product's date pickers send it: its
    // calendar date in UTC is the value, checked and stored as YYYY-MM-DD like any other.
    const value = definition.input_mode === 'date' ? calendarDateOf(trimmed) : trimmed;
    // Blank is what is left of whitespace and invisible fillers (U+3164…): not a value.
    if (isBlankText(value)) {
      if (definition.is_required) errors.set(key, [requiredMessage(definition.label)]);
      else values.set(definition.attribute, null);
      continue;
    }
    // The contracts refuse these already; checked again so nothing else can store them.
    const problem =
      characterMessage(definition.label, value) ?? problemWith(definition, value, context);
    if (problem) errors.set(key, [problem]);
    else values.set(definition.attribute, normalize(definition, value, context.country));
  }
  // fromEntries defines own properties, whatever the keys are called.
  return errors.size > 0 ? { ok: false, errors: Object.fromEntries(errors) } : { ok: true, values };
}
