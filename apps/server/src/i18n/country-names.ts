import { createRequire } from 'node:module';
import type { Locale } from '@corridor/contracts';
import type { Countries } from 'world-countries';

/**
 * Country names in the reader's language. The reference data names countries in English
 * (`common_name`, from world-countries); the other languages come from the runtime's CLDR data
 * through `Intl.DisplayNames` ("Germany" → "Alemania").
 */
let isoByEnglishName: ReadonlyMap<string, string> | undefined;
const displayNames = new Map<Locale, Intl.DisplayNames>();

function isoCodes(): ReadonlyMap<string, string> {
  // The package's entry is JSON, which Node's ESM loader only imports with an attribute.
  isoByEnglishName ??= new Map(
    (createRequire(import.meta.url)('world-countries') as Countries).map((country) => [
      country.name.common,
      country.cca2,
    ]),
  );
  return isoByEnglishName;
}

/** The name of the country with this ISO 3166-1 alpha-2 code, in `locale`. */
export function countryNameOf(iso2: string, locale: Locale): string | undefined {
  let names = displayNames.get(locale);
  if (!names) {
    names = new Intl.DisplayNames([locale], { type: 'region', fallback: 'none' });
    displayNames.set(locale, names);
  }
  try {
    return names.of(iso2.toUpperCase());
  } catch {
    return undefined;
  }
}

/** A country named in English, as the reference data names it, named in `locale` instead. */
export function translateCountryName(englishName: string, locale: Locale): string | undefined {
  const iso2 = isoCodes().get(englishName);
  return iso2 === undefined ? undefined : countryNameOf(iso2, locale);
}
