import type { Attribute, AttributeValues } from '@corridor/contracts';

/** The minimum age to hold an account: the date of birth is at most this many years ago. */
export const MINIMUM_AGE_YEARS = 18;

/**
 * Values by dotted key as the server wants them (docs/product/customer-and-onboarding.md#profile-attributes): nested objects, so
 * `{"address.postcode": "SW1A 1AA", name: "Ada"}` becomes `{address: {postcode: "SW1A 1AA"}, name: "Ada"}`.
 * An empty value is sent as null (cleared).
 */
export function nestValues(values: Readonly<Record<string, string>>): AttributeValues {
  const root: AttributeValues = {};
  for (const [key, raw] of Object.entries(values)) {
    const value = raw.trim() === '' ? null : raw.trim();
    const parts = key.split('.');
    const last = parts.pop();
    if (last === undefined) continue;
    let node = root;
    for (const part of parts) {
      const child = node[part];
      if (typeof child === 'object' && child !== null) node = child;
      else {
        const created: AttributeValues = {};
        node[part] = created;
        node = created;
      }
    }
    node[last] = value;
  }
  return root;
}

/** The server's pattern (a regex source without slashes); null when absent or not valid here. */
export function attributePattern(attribute: Attribute): RegExp | null {
  if (attribute.regular_expression === null || attribute.regular_expression === '') return null;
  try {
    return new RegExp(attribute.regular_expression);
  } catch {
    // A pattern this browser cannot compile is left to the server, which checks it anyway.
    return null;
  }
}

/** The form's own messages, in the customer's language, around the server's label. */
export interface AttributeMessages {
  /** "Enter your date of birth." */
  required: (label: string) => string;
  /** "Check your date of birth.", when the server gave no message of its own. */
  invalid: (label: string) => string;
  /** "Use at most 100 characters." */
  tooLong: (max: number) => string;
}

/**
 * The message to show for a value, or undefined when it passes: required fields must be filled,
 * filled fields must be within their length and match the server's pattern (with the server's message, which comes in the
 * request's language like the label).
 */
export function attributeError(
  attribute: Attribute,
  value: string,
  say: AttributeMessages,
): string | undefined {
  const trimmed = value.trim();
  if (trimmed === '')
    return attribute.is_required ? say.required(lowerFirst(attribute.label)) : undefined;
  // Before the pattern, which bounds the length too: a long name is told its length, not its
  // characters (issue 28).
  if (attribute.max_length !== null && trimmed.length > attribute.max_length) {
    return say.tooLong(attribute.max_length);
  }
  const pattern = attributePattern(attribute);
  if (pattern !== null && !pattern.test(trimmed)) {
    return attribute.expression_error_message ?? say.invalid(lowerFirst(attribute.label));
  }
  return undefined;
}

function lowerFirst(text: string): string {
  // Keep acronyms ("NI number") as they are.
  if (/^[A-Z]{2}/.test(text)) return text;
  return text.charAt(0).toLowerCase() + text.slice(1);
}

/** The latest date of birth allowed today, as YYYY-MM-DD (today minus 18 years). */
export function latestBirthDate(today: Date = new Date()): string {
  const year = today.getFullYear() - MINIMUM_AGE_YEARS;
  const month = String(today.getMonth() + 1).padStart(2, '0');
  const day = today.getDate();
  // 29 February, 18 years on, is 28 February in a common year.
  const lastDay = new Date(year, today.getMonth() + 1, 0).getDate();
  return `${year}-${month}-${String(Math.min(day, lastDay)).padStart(2, '0')}`;
}

/** The stored values of these attributes, by dotted key, empty strings for none. */
export function initialValues(attributes: readonly Attribute[]): Record<string, string> {
  return Object.fromEntries(
    attributes.map((attribute) => [attribute.attribute, attribute.value ?? '']),
  );
}
