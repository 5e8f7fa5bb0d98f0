import type { AttributeOption, Locale } from '@corridor/contracts';
import { translate } from '../../i18n/index.ts';
import type { AttributeDefinition, AttributeKey } from './attribute-catalogue.ts';

/**
 * Pickers whose options have no order of their own, listed by label in the reader's language
 * (defect 26). Income bands keep their order, lowest first.
 */
const SORTED_BY_LABEL: ReadonlySet<AttributeKey> = new Set([
  'employment.occupation',
  'address.region',
]);
/** "Other" closes a list in every language, after the sorted options. */
const LAST_VALUES: ReadonlySet<string> = new Set(['OTHER']);

const collators = new Map<Locale, Intl.Collator>();
function collatorFor(locale: Locale): Intl.Collator {
  let collator = collators.get(locale);
  if (!collator) {
    collator = new Intl.Collator(locale, { sensitivity: 'base' });
    collators.set(locale, collator);
  }
  return collator;
}

export function sortedOptions(options: AttributeOption[], locale: Locale): AttributeOption[] {
  const collator = collatorFor(locale);
  const rank = (option: AttributeOption) => (LAST_VALUES.has(option.value) ? 1 : 0);
  return [...options].sort((a, b) => rank(a) - rank(b) || collator.compare(a.label, b.label));
}

const orNull = (text: string | null, locale: Locale) =>
  text === null ? null : translate(text, locale);

function localize(definition: AttributeDefinition, locale: Locale): AttributeDefinition {
  const options =
    definition.options?.map((option) => ({
      value: option.value,
      label: translate(option.label, locale),
    })) ?? null;
  return {
    ...definition,
    options:
      options && SORTED_BY_LABEL.has(definition.attribute)
        ? sortedOptions(options, locale)
        : options,
    placeholder_text: orNull(definition.placeholder_text, locale),
    expression_error_message: orNull(definition.expression_error_message, locale),
    label: translate(definition.label, locale),
    info_text: orNull(definition.info_text, locale),
  };
}

// The catalogue is fixed at start: each definition is put in each language once.
const localized: Record<Locale, WeakMap<AttributeDefinition, AttributeDefinition>> = {
  en: new WeakMap(),
  es: new WeakMap(),
};

/**
 * An attribute's definition with its words in `locale` (decision 8: forms are built from them)
 * and its options in the order the reader looks for them.
 */
export function localizedDefinition(
  definition: AttributeDefinition,
  locale: Locale,
): AttributeDefinition {
  const known = localized[locale].get(definition);
  if (known) return known;
  const made = localize(definition, locale);
  localized[locale].set(definition, made);
  return made;
}
