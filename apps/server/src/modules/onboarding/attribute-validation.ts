import {
  calendarDateOf,
  isBlankText,
  type AttributeCategory,
  type AttributeValues,
} from '@corridor/contracts';
import { apiText } from '../../i18n/index.ts';
import {
  inSentence,
  valueProblem,
  type AttributeDefinition,
  type AttributeKey,
} from '../customers/index.ts';
import { normalisePostcode } from './postcodes.ts';

// The rules every profile value obeys are the customers module's (apply-info-from-poi follows
// them too); these names stay for the form's tests.
export {
  BIRTH_DATE_MESSAGES,
  birthDateProblem,
  EARLIEST_BIRTH_DATE,
  MINIMUM_AGE_YEARS,
} from '../customers/index.ts';

export const NOT_IN_PROFILE = apiText('fields.notInProfile');

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

export const requiredMessage = (label: string) =>
  apiText('fields.required', { field: inSentence(label) });
export const optionMessage = (label: string) =>
  apiText('fields.chooseFromList', { field: inSentence(label) });

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
  const problem = valueProblem(definition, value, context.now);
  if (problem) return problem;
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
    // Characters first: the contracts refuse these already; checked again so nothing else can
    // store them (customers' attribute-rules.ts).
    const problem = problemWith(definition, value, context);
    if (problem) errors.set(key, [problem]);
    else values.set(definition.attribute, normalize(definition, value, context.country));
  }
  // fromEntries defines own properties, whatever the keys are called.
  return errors.size > 0 ? { ok: false, errors: Object.fromEntries(errors) } : { ok: true, values };
}
