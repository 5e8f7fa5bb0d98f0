import { describeError, fieldErrors, httpStatus, serverMessage } from './api-error';

/** Said for a 422 that names no field and carries no message of its own. */
export const CHECK_THE_FORM = 'Please check the form and try again.';

/**
 * Which form field shows each key of a 422 (docs/product/web-app.md#forms-and-validation): a list of the form's fields when they are
 * named like the server's keys (`['email', 'password']`, dotted attribute names), or a map from
 * the server's key to the form's field (`{ mobile_number_country_id: 'country' }`).
 */
export type FieldMap<Field extends string> = readonly Field[] | Readonly<Record<string, Field>>;

/** A failed submit, placed on a form. */
export interface FormErrors<Field extends string> {
  /** The first message of each of the form's fields the server named. */
  fields: Partial<Record<Field, string>>;
  /**
   * What to say above the form; null when every message of a 422 sits under its field. Never
   * null when `fields` is empty, so a submit can never seem to do nothing (pitfall 7).
   */
  failure: string | null;
}

/**
 * The one way a form turns a failed submit into what it shows:
 * - a 422 with field errors: each field's first message under the form field `fieldMap` gives
 *   it; messages for keys the form has no field for are joined into `failure`;
 * - a 422 without field errors: the server's message (or "Please check the form…");
 * - anything else: `describeError(error, fallback)` (connection problem, 429 with the wait, the
 *   server's message, or `fallback` for a 5xx).
 */
export function formErrors<Field extends string>(
  error: unknown,
  fieldMap: FieldMap<Field>,
  fallback: string,
): FormErrors<Field> {
  const byKey = Object.entries(fieldErrors(error));
  if (byKey.length === 0) {
    const failure =
      httpStatus(error) === 422
        ? (serverMessage(error) ?? CHECK_THE_FORM)
        : describeError(error, fallback);
    return { fields: {}, failure };
  }
  const target: ReadonlyMap<string, Field> = isFieldList(fieldMap)
    ? new Map(fieldMap.map((field) => [field, field]))
    : new Map(Object.entries(fieldMap));
  const fields: Partial<Record<Field, string>> = {};
  const unplaced = new Set<string>();
  for (const [key, message] of byKey) {
    const field = target.get(key);
    if (field === undefined) unplaced.add(message);
    else fields[field] ??= message;
  }
  return { fields, failure: unplaced.size > 0 ? [...unplaced].join(' ') : null };
}

function isFieldList<Field extends string>(
  fieldMap: FieldMap<Field>,
): fieldMap is readonly Field[] {
  return Array.isArray(fieldMap);
}
