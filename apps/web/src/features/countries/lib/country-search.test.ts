import type { CountryFields } from '@corridor/contracts';
import { describe, expect, it } from 'vitest';
import { normalizeSearch, searchCountries, searchableCountry } from './country-search';

let next = 0;
function country(
  iso2: string,
  commonName: string,
  demonym: string | null,
  officialName = commonName,
): CountryFields {
  next += 1;
  return {
    id: `00000000-0000-4000-8000-${String(next).padStart(12, '0')}`,
    iso2_alpha: iso2,
    iso3_alpha: `${iso2}X`,
    iso_numeric: null,
    fips_code: null,
    slug: commonName.toLowerCase(),
    calling_code: null,
    common_name: commonName,
    official_name: officialName,
    endonym: commonName,
    demonym,
  };
}

// The server's names and demonyms of the countries that compete for these searches.
const countries = [
  country('IO', 'British Indian Ocean Territory', 'Indian'),
  country('VG', 'British Virgin Islands', 'Virgin Islander'),
  country(
    'GB',
    'United Kingdom',
    'British',
    'United Kingdom of Great Britain and Northern Ireland',
  ),
  country('US', 'United States', 'American', 'United States of America'),
  country('UM', 'United States Minor Outlying Islands', 'American'),
  country('AS', 'American Samoa', 'American Samoan'),
  country('UA', 'Ukraine', 'Ukrainian'),
  country('AE', 'United Arab Emirates', 'Emirati'),
  country('IN', 'India', 'Indian'),
  country('MX', 'Mexico', 'Mexican'),
  country('TN', 'Tunisia', 'Tunisian'),
  country('DE', 'Germany', 'German'),
];

const names = (search: string, locale: 'en' | 'es' = 'en') =>
  searchCountries(
    countries.map((c) => searchableCountry(c, locale)),
    search,
    locale,
  ).map((found) => found.name);

describe('searchCountries (defect 26: names, demonyms, aliases)', () => {
  it('defect 26: "Brit" finds the United Kingdom first, not the British Indian Ocean Territory', () => {
    const found = names('Brit');
    expect(found[0]).toBe('United Kingdom');
    expect(found).toContain('British Indian Ocean Territory');
    expect(found).toContain('British Virgin Islands');
  });

  it('defect 26: "American" finds the United States before American Samoa', () => {
    const found = names('American');
    expect(found[0]).toBe('United States');
    expect(found.indexOf('United States')).toBeLessThan(found.indexOf('American Samoa'));
  });

  it('defect 26: finds common abbreviations: "UK", "USA", "U.K.", "uae"', () => {
    expect(names('UK')[0]).toBe('United Kingdom');
    expect(names('USA')[0]).toBe('United States');
    expect(names('U.K.')[0]).toBe('United Kingdom');
    expect(names('uae')[0]).toBe('United Arab Emirates');
  });

  it('a demonym shared by two countries names the one it is named after first', () => {
    expect(names('Indian')[0]).toBe('India');
  });

  it('finds by the name in the other language and by Spanish words, on any screen', () => {
    expect(names('Reino Unido')[0]).toBe('United Kingdom');
    expect(names('estadounidense')[0]).toBe('United States');
    expect(names('EE. UU.')[0]).toBe('United States');
    expect(names('alemán')[0]).toBe('Germany');
  });

  it('in Spanish, shows and sorts the Spanish names, and finds English ones', () => {
    expect(names('Brit', 'es')[0]).toBe('Reino Unido');
    expect(names('México', 'es')).toEqual(['México']);
    expect(names('mexico', 'es')).toEqual(['México']);
    expect(names('Germany', 'es')).toEqual(['Alemania']);
    const all = names('', 'es');
    expect(all.indexOf('Alemania')).toBeLessThan(all.indexOf('Emiratos Árabes Unidos'));
    expect(all.indexOf('Emiratos Árabes Unidos')).toBeLessThan(all.indexOf('Estados Unidos'));
  });

  it('still finds a name containing the words typed ("uni" finds Tunisia too)', () => {
    const found = names('Uni');
    expect(found.slice(0, 3)).toEqual(['United Arab Emirates', 'United Kingdom', 'United States']);
    // Shown as "U.S. Outlying Islands", found by the server's "United States Minor…".
    expect(found[3]).toBe('U.S. Outlying Islands');
    expect(found).toContain('Tunisia');
  });

  it('one or two letters do not rank aliases above names ("a" is not America)', () => {
    expect(names('A')[0]).toBe('American Samoa');
    expect(names('U')[0]).not.toBe('United States');
  });

  it('normalizes case, accents and punctuation', () => {
    expect(normalizeSearch('  Perú ')).toBe('peru');
    expect(normalizeSearch('EE. UU.')).toBe('ee uu');
    expect(normalizeSearch("Côte d'Ivoire")).toBe('cote d ivoire');
  });
});
