import type {
  ChannelAttribute,
  ChannelConfiguration,
  RecipientAttributeValue,
} from '@corridor/contracts';

/**
 * The recipient form as data (decision 22): a payout channel's attributes become fields, each
 * checked here by the rules the server applies too (required, lengths, the regex), so most
 * mistakes are caught as they are typed. The server stays the judge: it also checks the real
 * formats (IBAN, NUBAN…) and answers 422 per attribute.
 */

/** A phone attribute's two parts: the country (its calling code) and the number. */
export interface PhoneInput {
  countryId: string | null;
  number: string;
}

/** Text, an option's id ('' for none), or a phone number. */
export type FieldValue = string | PhoneInput;
export type FormValues = Readonly<Record<string, FieldValue>>;
/** Messages by the keys the server's 422 uses: `iban`, `mobile_number.number`, `confirm_x`. */
export type FieldErrors = Readonly<Partial<Record<string, string>>>;

/** An attribute as a channel lists it, or as a recipient carries it (with its value). */
export type FormAttribute = ChannelAttribute & { value?: RecipientAttributeValue };

const PHONE_TYPES: ReadonlySet<string> = new Set(['mobile_number', 'phone_number']);
const OPTION_TYPES: ReadonlySet<string> = new Set([
  'delivery_option',
  'sub_delivery_option',
  'select',
  'radio',
]);

export const isPhoneAttribute = (attribute: ChannelAttribute): boolean =>
  PHONE_TYPES.has(attribute.type);
export const isOptionAttribute = (attribute: ChannelAttribute): boolean =>
  OPTION_TYPES.has(attribute.type);

/** The key of the "type it again" twin of an account number. */
export const confirmKey = (attribute: ChannelAttribute): string => `confirm_${attribute.attribute}`;
export const phoneKeys = (attribute: ChannelAttribute) => ({
  country: `${attribute.attribute}.country`,
  number: `${attribute.attribute}.number`,
});

/** Whether the channel asks for this attribute twice. */
export function asksToConfirm(
  configuration: ChannelConfiguration,
  attribute: ChannelAttribute,
): boolean {
  return configuration.confirm_account_number && attribute.type === 'account_number';
}

/** The attributes in the order the form shows them. */
export function inViewOrder<A extends ChannelAttribute>(attributes: readonly A[]): A[] {
  return [...attributes].sort((a, b) => a.view_order - b.view_order);
}

/** What the name lookup needs: its own list, else the name-validation one (as the server). */
export function lookupRequirements(configuration: ChannelConfiguration): readonly string[] {
  const { name_lookup_requirements: lookup, name_validation_requirements: validation } =
    configuration;
  return lookup.length > 0 ? lookup : validation;
}

/** The field the lookup fills (read-only then), if the channel looks names up. */
export function lookedUpNameAttribute(
  attributes: readonly ChannelAttribute[],
  configuration: ChannelConfiguration,
): ChannelAttribute | undefined {
  if (lookupRequirements(configuration).length === 0) return undefined;
  return attributes.find((attribute) => attribute.type === 'name');
}

export const textOf = (value: FieldValue | undefined): string =>
  typeof value === 'string' ? value : (value?.number ?? '');

/**
 * The form's first values: the recipient's (editing), or empty; phones start on
 * `phoneCountryId` (the recipient's country). An account number's twin starts equal.
 */
export function initialValues(
  attributes: readonly FormAttribute[],
  configuration: ChannelConfiguration,
  phoneCountryId: string | null,
): Record<string, FieldValue> {
  const values: Record<string, FieldValue> = {};
  for (const attribute of attributes) {
    const stored = attribute.value ?? null;
    if (isPhoneAttribute(attribute)) {
      const phone = stored !== null && typeof stored === 'object' && 'number' in stored;
      values[attribute.attribute] = phone
        ? { countryId: stored.country.id, number: stored.number }
        : { countryId: phoneCountryId, number: '' };
      continue;
    }
    const text =
      stored === null ? '' : typeof stored === 'string' ? stored : 'id' in stored ? stored.id : '';
    values[attribute.attribute] = text;
    if (asksToConfirm(configuration, attribute)) values[confirmKey(attribute)] = text;
  }
  return values;
}

/** The form's own words around the server's labels, in the customer's language. */
export interface FormMessages {
  required: (field: string) => string;
  chooseOption: (field: string) => string;
  tooLong: (field: string, max: number) => string;
  tooShort: (field: string, min: number) => string;
  exactLength: (field: string, length: number) => string;
  /** When the server gave no message of its own for its regex. */
  invalid: () => string;
  confirmRequired: (field: string) => string;
  confirmMismatch: (field: string) => string;
  chooseCallingCode: () => string;
  /** The looked-up name is still missing: it comes from the bank, it is not typed. */
  nameLookupPending: (field: string) => string;
}

/** "Account number" → "account number" inside a sentence; "IBAN" and "IFSC code" stay. */
export const inSentence = (label: string): string =>
  /^\p{Lu}\p{Ll}/u.test(label) ? label.charAt(0).toLowerCase() + label.slice(1) : label;

const compiled = new Map<string, RegExp | null>();
function patternOf(source: string): RegExp | null {
  if (!compiled.has(source)) {
    let regex: RegExp | null = null;
    try {
      regex = new RegExp(source, 'u');
    } catch {
      // A pattern this browser cannot compile is left to the server, which checks it anyway.
    }
    compiled.set(source, regex);
  }
  return compiled.get(source) ?? null;
}

/**
 * The first problem with a filled-in text, in the server's order (decision 22): too long, the
 * regex, too short, not the exact length. Lengths count UTF-16 code units, as the server does.
 */
export function shapeProblem(
  attribute: ChannelAttribute,
  text: string,
  say: FormMessages,
): string | undefined {
  const field = inSentence(attribute.label);
  if (attribute.max_length !== null && text.length > attribute.max_length) {
    return say.tooLong(field, attribute.max_length);
  }
  const pattern = attribute.regex_pattern === null ? null : patternOf(attribute.regex_pattern);
  if (pattern !== null && !pattern.test(text)) {
    return attribute.regex_failure_message ?? say.invalid();
  }
  if (attribute.min_length !== null && text.length < attribute.min_length) {
    return say.tooShort(field, attribute.min_length);
  }
  if (attribute.exact_length !== null && text.length !== attribute.exact_length) {
    return say.exactLength(field, attribute.exact_length);
  }
  return undefined;
}

/** Spaces and case aside, the twin is the value typed again (as the server compares them). */
const canonical = (text: string): string => text.replace(/\s+/g, '').toUpperCase();

/**
 * The problems of one attribute's field (and its twin), keyed as the server keys them; empty
 * when it passes. `lookedUp` marks the name the lookup fills, which cannot be typed.
 */
export function attributeErrors(
  attribute: ChannelAttribute,
  values: FormValues,
  configuration: ChannelConfiguration,
  say: FormMessages,
  lookedUp = false,
): Record<string, string> {
  const key = attribute.attribute;
  const field = inSentence(attribute.label);
  const value = values[key];
  const errors: Record<string, string> = {};
  if (isPhoneAttribute(attribute)) {
    const phone = typeof value === 'object' ? value : { countryId: null, number: '' };
    const keys = phoneKeys(attribute);
    const filled = phone.number.trim() !== '';
    if (attribute.is_required && !filled) errors[keys.number] = say.required(field);
    // The number itself is the server's to judge (libphonenumber, for the channel's country).
    else if (filled && phone.countryId === null) errors[keys.country] = say.chooseCallingCode();
    return errors;
  }
  const text = textOf(value).trim();
  if (text === '') {
    if (!attribute.is_required) return errors;
    if (lookedUp) errors[key] = say.nameLookupPending(field);
    else if (isOptionAttribute(attribute)) errors[key] = say.chooseOption(field);
    else errors[key] = say.required(field);
    return errors;
  }
  if (!isOptionAttribute(attribute)) {
    const problem = shapeProblem(attribute, text, say);
    if (problem !== undefined) errors[key] = problem;
  }
  if (asksToConfirm(configuration, attribute)) {
    const twin = textOf(values[confirmKey(attribute)]).trim();
    if (twin === '') errors[confirmKey(attribute)] = say.confirmRequired(field);
    else if (canonical(twin) !== canonical(text)) {
      errors[confirmKey(attribute)] = say.confirmMismatch(field);
    }
  }
  return errors;
}

/** Every problem of the form; empty when it can be sent. */
export function formProblems(
  attributes: readonly ChannelAttribute[],
  values: FormValues,
  configuration: ChannelConfiguration,
  say: FormMessages,
  lookedUpName?: string,
): Record<string, string> {
  return Object.assign(
    {},
    ...attributes.map((attribute) =>
      attributeErrors(attribute, values, configuration, say, attribute.attribute === lookedUpName),
    ),
  ) as Record<string, string>;
}

/**
 * The name lookup's query once every requirement passes its checks, else null: texts as typed
 * (trimmed), options by id, phones by their number.
 */
export function nameLookupQuery(
  attributes: readonly ChannelAttribute[],
  values: FormValues,
  configuration: ChannelConfiguration,
  say: FormMessages,
): Record<string, string> | null {
  const requirements = lookupRequirements(configuration);
  if (requirements.length === 0) return null;
  const query: Record<string, string> = {};
  for (const key of requirements) {
    const attribute = attributes.find((candidate) => candidate.attribute === key);
    if (attribute === undefined) return null;
    const text = textOf(values[key]).trim();
    if (text === '') return null;
    if (!isOptionAttribute(attribute) && shapeProblem(attribute, text, say) !== undefined) {
      return null;
    }
    query[key] = text;
  }
  return query;
}
