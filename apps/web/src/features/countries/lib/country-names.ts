import type { CountryFields } from '@corridor/contracts';
import type { Locale } from '@corridor/contracts/wire/locales';

const displayNames = new Map<string, Intl.DisplayNames | null>();

function regionNames(locale: string): Intl.DisplayNames | null {
  let names = displayNames.get(locale);
  if (names === undefined) {
    try {
      names = new Intl.DisplayNames([locale], { type: 'region', fallback: 'none' });
    } catch {
      names = null; // a browser without Intl.DisplayNames: the server's names stand in
    }
    displayNames.set(locale, names);
  }
  return names;
}

/**
 * A country's name in the customer's language (decision 19): `Intl.DisplayNames` by ISO code;
 * a code the browser does not know falls back to the server's name. The server's names stay
 * searchable (country-search.ts).
 */
export function countryName(
  country: Pick<CountryFields, 'iso2_alpha' | 'common_name'>,
  locale: Locale,
): string {
  return regionNames(locale)?.of(country.iso2_alpha.toUpperCase()) ?? country.common_name;
}

const collators = new Map<string, Intl.Collator>();

/** Compares names as the customer's language sorts them ("Österreich" with the Os). */
export function compareNames(locale: Locale): (a: string, b: string) => number {
  let collator = collators.get(locale);
  if (collator === undefined) {
    collator = new Intl.Collator(locale, { sensitivity: 'base' });
    collators.set(locale, collator);
  }
  return collator.compare;
}

/** "the United Kingdom, the United States and Ireland" in the customer's language. */
export function listOfNames(names: readonly string[], locale: Locale): string {
  return new Intl.ListFormat(locale, { style: 'long', type: 'conjunction' }).format(names);
}
