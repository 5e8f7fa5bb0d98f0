import type { Attribute, AttributeOption } from '@corridor/contracts';

/**
 * The browser's autofill name for each attribute the catalogue asks for (defect 25), so a phone
 * offers the customer's own name, birthday and address instead of a blank keyboard. Keyed by
 * the server's dotted attribute names (apps/server attribute-catalogue.ts).
 */
const autocompleteByAttribute: Readonly<Record<string, string>> = {
  name: 'given-name',
  second_name: 'additional-name',
  third_name: 'family-name',
  'birth_detail.birth_date': 'bday',
  'address.address_line_1': 'address-line1',
  'address.address_line_2': 'address-line2',
  'address.city': 'address-level2',
  'address.region': 'address-level1',
  'address.postcode': 'postal-code',
};

/** The `autocomplete` hint of an attribute's input; undefined where the browser has none. */
export function autocompleteFor(attribute: Attribute): string | undefined {
  return autocompleteByAttribute[attribute.attribute];
}

// A mask of digits ("0000", "00000[-0000]"), or a pattern of digits only ("^[0-9]{5}$").
const DIGITS_MASK = /^[0[\]\s-]+$/;
const DIGITS_PATTERN = /^\^?(?:\[0-9\]|\\d)(?:\{\d+(?:,\d*)?\}|[+*])?\$?$/;

/**
 * `inputmode="numeric"` for values of digits only (US ZIP codes, Australian postcodes), so a
 * phone opens its number pad (defect 25); letters-and-digits postcodes (UK, Canada) keep the
 * full keyboard.
 */
export function inputModeFor(attribute: Attribute): 'numeric' | undefined {
  if (attribute.input_mode !== 'text') return undefined;
  const { mask, regular_expression: pattern } = attribute;
  if (mask !== null && mask !== '') return DIGITS_MASK.test(mask) ? 'numeric' : undefined;
  return pattern !== null && DIGITS_PATTERN.test(pattern) ? 'numeric' : undefined;
}

/** A catch-all answer, kept last whatever its name sorts as. */
const CATCH_ALL = new Set(['OTHER']);

/**
 * The options of a select as the customer reads them: occupations in the alphabetical order
 * of the customer's language, "Other" last (defect 26); any other list (income bands, states)
 * in the server's order, which is already meaningful.
 */
export function orderedOptions(attribute: Attribute, locale: string): readonly AttributeOption[] {
  const options = attribute.options ?? [];
  if (!/(^|\.)occupation(_id)?$/.test(attribute.attribute)) return options;
  const collator = new Intl.Collator(locale, { sensitivity: 'base' });
  const last = (option: AttributeOption) => (CATCH_ALL.has(option.value) ? 1 : 0);
  return [...options].sort((a, b) => last(a) - last(b) || collator.compare(a.label, b.label));
}
