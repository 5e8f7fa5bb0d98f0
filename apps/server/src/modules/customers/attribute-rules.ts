import { textProblem, textProblemMessage } from '@corridor/contracts';
import { apiText } from '../../i18n/index.ts';
import {
  identityAttributes,
  type AttributeDefinition,
  type AttributeKey,
} from './attribute-catalogue.ts';

/**
 * The rules a profile value obeys, whoever writes it: the onboarding forms
 * (onboarding/attribute-validation.ts) and apply-info-from-poi, which copies an approved ID's
 * name and date of birth (docs/product/identity-documents.md#poi-name-check). One place, so an
 * ID can never put on a profile what the identity form refuses.
 */

export const EARLIEST_BIRTH_DATE = '1900-01-01';
export const MINIMUM_AGE_YEARS = 18;

/** "First name" → "first name"; "ZIP code" stays. */
export function inSentence(label: string): string {
  return /^[A-Z][a-z]/.test(label) ? label.charAt(0).toLowerCase() + label.slice(1) : label;
}

/** "The first name field must not contain control or invisible characters." (contracts' text rules). */
export const characterMessage = (label: string, value: string): string | null => {
  const problem = textProblem(value);
  return problem === null ? null : textProblemMessage(problem, inSentence(label));
};

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

/**
 * A non-blank text or date value against its definition: its characters, its length, its
 * pattern and, for a date, the date-of-birth rules; the first problem, or null. Choices (select,
 * country) are the form's own check.
 */
export function valueProblem(
  definition: AttributeDefinition,
  value: string,
  now: Date,
): string | null {
  const characters = characterMessage(definition.label, value);
  if (characters) return characters;
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
  return definition.input_mode === 'date' ? birthDateProblem(value, now) : null;
}

/** The identity attributes an ID can fill (the same in every country's catalogue). */
const identityDefinitions = new Map(
  identityAttributes().map((definition) => [definition.attribute, definition]),
);

/**
 * Identity values as the identity form would take them: each value's problems by attribute
 * key, empty when all pass. Blank names are left to the caller (an ID without a middle name).
 */
export function identityValueProblems(
  values: ReadonlyMap<AttributeKey, string | null>,
  now: Date,
): Record<string, string[]> {
  const problems: Record<string, string[]> = {};
  for (const [attribute, value] of values) {
    const definition = identityDefinitions.get(attribute);
    if (!definition || value === null) continue;
    const problem = valueProblem(definition, value, now);
    if (problem) problems[attribute] = [problem];
  }
  return problems;
}
