import {
  isBlankText,
  textProblem,
  type Attribute,
  type AttributeCategory,
  type Locale,
} from '@corridor/contracts';
import type { CustomerWithAccount } from './customer.repository.ts';
import { catalogueFor, type AttributeDefinition } from './attribute-catalogue.ts';
import { localizedDefinition } from './localized-attributes.ts';
import { storedAttribute } from './profile-columns.ts';

/**
 * A stored value that is not acceptable text today (blank, or with control or invisible
 * characters, saved before issue 11) counts as missing: it cannot satisfy a required attribute,
 * and the customer is asked for it again rather than shown a value the form would refuse.
 */
function acceptable(value: string | null): string | null {
  return value === null || isBlankText(value) || textProblem(value) !== null ? null : value;
}

/**
 * The catalogue of the customer's country, each attribute with its current (acceptable) value,
 * its words in `locale`.
 */
export function profileAttributes(
  row: CustomerWithAccount,
  countryIso2: string | null,
  locale: Locale = 'en',
): Attribute[] {
  return catalogueFor(countryIso2).map((source: AttributeDefinition) => {
    const definition = localizedDefinition(source, locale);
    return {
      ...definition,
      options: definition.options ? [...definition.options] : null,
      // The original product's extra rules: null there for every attribute, and here.
      rules: null,
      value: acceptable(storedAttribute(row, definition.attribute)),
    };
  });
}

/**
 * docs/product/api-conventions.md#countries-and-currencies: a category's information is required when the customer has no country, or when any
 * attribute of that category is required and has no value.
 */
export function isInformationRequired(
  attributes: readonly Attribute[],
  hasCountry: boolean,
  category: AttributeCategory,
): boolean {
  if (!hasCountry) return true;
  return attributes.some(
    (attribute) =>
      attribute.category === category && attribute.is_required && attribute.value === null,
  );
}
