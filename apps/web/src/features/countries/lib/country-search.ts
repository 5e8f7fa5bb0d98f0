import type { CountryFields } from '@corridor/contracts';
import { supportedLocales, type Locale } from '@corridor/contracts/wire/locales';
import { countryAliases } from './country-aliases';
import { compareNames, countryName } from './country-names';

/** Case, accents and punctuation do not count: "U.K." is "uk", "Perú" is "peru". */
export function normalizeSearch(text: string): string {
  return text
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim();
}

/** What a country is found by, normalized once. */
export interface SearchableCountry {
  id: string;
  /** The name shown, in the customer's language. */
  name: string;
  /** That name, normalized. */
  shownName: string;
  /** Its names: shown, common, official, its own language's, in every language we speak. */
  names: string[];
  /** Demonym and aliases ("british", "uk", "britain"). */
  aliases: string[];
}

type SearchedFields = Pick<
  CountryFields,
  'id' | 'iso2_alpha' | 'common_name' | 'official_name' | 'endonym' | 'demonym'
>;

export function searchableCountry(country: SearchedFields, locale: Locale): SearchableCountry {
  const name = countryName(country, locale);
  const names = [
    name,
    country.common_name,
    country.official_name,
    country.endonym,
    ...supportedLocales.map((other) => countryName(country, other)),
  ];
  const aliases = [country.demonym ?? '', ...(countryAliases[country.iso2_alpha] ?? [])];
  const distinct = (texts: string[]) =>
    [...new Set(texts.map(normalizeSearch))].filter((text) => text !== '');
  const knownNames = distinct(names);
  return {
    id: country.id,
    name,
    shownName: normalizeSearch(name),
    names: knownNames,
    // An alias that is also a name ("Estados Unidos") ranks as the name it is.
    aliases: distinct(aliases).filter((alias) => !knownNames.includes(alias)),
  };
}

const startsAWord = (text: string, query: string) =>
  text.startsWith(query) || text.includes(` ${query}`);

/**
 * How well a country matches a normalized query, lower is better; undefined when it does not.
 * What people call themselves and the abbreviations they type rank above a name that merely
 * starts the same way: "brit" finds the United Kingdom (British) before the British Indian
 * Ocean Territory, "american" the United States before American Samoa (defect 26).
 */
function rank(country: SearchableCountry, query: string): number | undefined {
  const compact = query.replaceAll(' ', '');
  const all = [...country.names, ...country.aliases];
  if (all.some((text) => text === query || text.replaceAll(' ', '') === compact)) return 0;
  // From three letters: "a" should list Afghanistan before America.
  if (query.length >= 3 && country.aliases.some((alias) => alias.startsWith(query))) return 1;
  if (country.shownName.startsWith(query)) return 2;
  if (all.some((text) => startsAWord(text, query))) return 3;
  if (country.names.some((name) => name.includes(query))) return 4;
  return undefined;
}

/**
 * How many of a country's names and aliases answer to the query: start with it, or start it
 * ("america" in "american"). Among equally good matches, the country that answers to it in more
 * ways is the one meant: "indian" is India ("India", "Indian") before the British Indian Ocean
 * Territory (whose people are also "Indian"); "american" the United States ("America",
 * "americano"…) before its Minor Outlying Islands.
 */
function support(country: SearchableCountry, query: string): number {
  return [...country.names, ...country.aliases].filter(
    (text) => text.startsWith(query) || (text.length >= 4 && query.startsWith(text)),
  ).length;
}

/**
 * The countries that match `search`, best first; ties among exact and alias matches by
 * `support`, otherwise in the alphabetical order of the customer's language. An empty search
 * lists every country by name.
 */
export function searchCountries<C extends SearchableCountry>(
  countries: readonly C[],
  search: string,
  locale: Locale,
): C[] {
  const compare = compareNames(locale);
  const query = normalizeSearch(search);
  if (query === '') return [...countries].sort((a, b) => compare(a.name, b.name));
  return countries
    .map((country) => ({ country, rank: rank(country, query), support: support(country, query) }))
    .filter(
      (entry): entry is { country: C; rank: number; support: number } => entry.rank !== undefined,
    )
    .sort(
      (a, b) =>
        a.rank - b.rank ||
        // Only where people's words decide (exact, demonym, alias): a list of names that merely
        // start alike stays alphabetical.
        (a.rank <= 1 ? b.support - a.support : 0) ||
        compare(a.country.name, b.country.name),
    )
    .map((entry) => entry.country);
}
