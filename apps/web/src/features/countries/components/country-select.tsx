import type { CountryFields } from '@corridor/contracts';
import { useCallback, useMemo } from 'react';
import { CountryFlag } from '@/components/country-flag';
import { useLocale, useT } from '@/i18n';
import { SearchSelect, type SearchSelectProps, type SelectOption } from '@/ui/search-select';
import {
  normalizeSearch,
  searchCountries,
  searchableCountry,
  type SearchableCountry,
} from '../lib/country-search';
import { countriesMessages } from '../messages';

/** What the picker needs of a country (the contracts' Country has all of it). */
export type SelectableCountry = Pick<
  CountryFields,
  'id' | 'iso2_alpha' | 'common_name' | 'official_name' | 'endonym' | 'demonym' | 'calling_code'
>;

export interface CountrySelectProps extends Omit<
  SearchSelectProps,
  'options' | 'value' | 'onChange' | 'renderIcon' | 'search'
> {
  countries: readonly SelectableCountry[];
  /** The chosen country's id. */
  value: string | null;
  onChange: (countryId: string | null) => void;
  /** Show each country's calling code ("United Kingdom +44"), for phone numbers. */
  withCallingCode?: boolean;
}

function callingCode(country: SelectableCountry): string | null {
  if (country.calling_code === null) return null;
  return country.calling_code.startsWith('+') ? country.calling_code : `+${country.calling_code}`;
}

interface ListedCountry extends SearchableCountry {
  iso2: string;
  label: string;
}

/**
 * The design system's searchable select (ui/search-select.tsx: a dialog, full screen on phones,
 * so the list shows on a phone, defect 3) listing countries, each with its (decorative) flag:
 * names in the customer's language, in its alphabetical order, found by name in any of our
 * languages, demonym or a common alias ("Brit", "UK", "USA": defect 26, lib/country-search.ts).
 */
export function CountrySelect({
  countries,
  withCallingCode = false,
  nothingFoundMessage,
  ...props
}: CountrySelectProps) {
  const t = useT(countriesMessages);
  const locale = useLocale();

  const { listed, options } = useMemo(() => {
    const entries = countries.flatMap((country): ListedCountry[] => {
      const code = withCallingCode ? callingCode(country) : null;
      if (withCallingCode && code === null) return [];
      const entry = searchableCountry(country, locale);
      const label = code === null ? entry.name : `${entry.name} ${code}`;
      // "+44" finds the United Kingdom in a picker of calling codes.
      const names = [...entry.names, normalizeSearch(label)];
      return [{ ...entry, names, iso2: country.iso2_alpha, label }];
    });
    const sorted = searchCountries(entries, '', locale);
    return {
      listed: new Map(sorted.map((entry) => [entry.id, entry])),
      options: sorted.map((entry): SelectOption => ({ value: entry.id, label: entry.label })),
    };
  }, [countries, withCallingCode, locale]);

  const search = useCallback(
    (shown: readonly SelectOption[], query: string) => {
      const byId = new Map(shown.map((option) => [option.value, option]));
      const candidates = [...listed.values()].filter((entry) => byId.has(entry.id));
      return searchCountries(candidates, query, locale).flatMap((entry) => {
        const option = byId.get(entry.id);
        return option === undefined ? [] : [option];
      });
    },
    [listed, locale],
  );

  return (
    <SearchSelect
      nothingFoundMessage={nothingFoundMessage ?? t('select.nothingFound')}
      {...props}
      options={options}
      search={search}
      renderIcon={(option) => {
        const iso2 = listed.get(option.value)?.iso2;
        return iso2 === undefined ? null : <CountryFlag iso2={iso2} />;
      }}
    />
  );
}
