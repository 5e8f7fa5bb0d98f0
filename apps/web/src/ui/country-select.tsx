import type { CountryFields } from '@corridor/contracts';
import { useMemo } from 'react';
import { useLocale } from '@/i18n';
import { CountryFlag } from './country-flag';
import { SearchSelect, type SearchSelectProps, type SelectOption } from './search-select';

/** What the select needs of a country (the contracts' Country has all of it). */
export type SelectableCountry = Pick<
  CountryFields,
  | 'id'
  | 'iso2_alpha'
  | 'iso3_alpha'
  | 'common_name'
  | 'official_name'
  | 'endonym'
  | 'demonym'
  | 'calling_code'
>;

export interface CountrySelectProps extends Omit<
  SearchSelectProps,
  'options' | 'renderIcon' | 'value' | 'onChange'
> {
  countries: readonly SelectableCountry[];
  /** The chosen country's id. */
  value: string | null;
  onChange: (countryId: string | null) => void;
  /** Show each country's calling code ("+44"), for phone numbers. */
  withCallingCode?: boolean;
  /** More words per country to find it by (aliases such as "UK", "Britain"), by ISO code. */
  aliases?: Readonly<Record<string, readonly string[]>>;
}

const displayNames = new Map<string, Intl.DisplayNames>();

/** The country's name in the customer's language ("Reino Unido"), else the server's name. */
export function countryName(
  country: Pick<SelectableCountry, 'iso2_alpha' | 'common_name'>,
  locale: string,
): string {
  let names = displayNames.get(locale);
  if (!names) {
    names = new Intl.DisplayNames(locale, { type: 'region', fallback: 'none' });
    displayNames.set(locale, names);
  }
  try {
    return names.of(country.iso2_alpha.toUpperCase()) ?? country.common_name;
  } catch {
    return country.common_name;
  }
}

function callingCode(code: string | null): string | undefined {
  if (code === null) return undefined;
  return code.startsWith('+') ? code : `+${code}`;
}

/**
 * A searchable country list with flags, in the customer's language, found by its names in
 * either language, its demonym ("British") and its codes, so "Brit" finds the United Kingdom.
 */
export function CountrySelect({
  countries,
  withCallingCode = false,
  aliases = {},
  ...props
}: CountrySelectProps) {
  const locale = useLocale();
  const byId = useMemo(() => new Map(countries.map((c) => [c.id, c])), [countries]);
  const options = useMemo<SelectOption[]>(
    () =>
      countries
        .filter((country) => !withCallingCode || country.calling_code !== null)
        .map((country) => {
          const hint = withCallingCode ? callingCode(country.calling_code) : undefined;
          return {
            value: country.id,
            label: countryName(country, locale),
            ...(hint === undefined ? {} : { hint }),
            keywords: [
              country.common_name,
              country.official_name,
              country.endonym,
              country.iso2_alpha,
              country.iso3_alpha,
              ...(hint === undefined ? [] : [hint]),
            ],
            preferred: [
              ...(country.demonym === null ? [] : [country.demonym]),
              ...(aliases[country.iso2_alpha.toUpperCase()] ?? []),
            ],
          };
        })
        .sort((a, b) => a.label.localeCompare(b.label, locale)),
    [countries, withCallingCode, aliases, locale],
  );
  return (
    <SearchSelect
      {...props}
      options={options}
      renderIcon={(option) => {
        const country = byId.get(option.value);
        return country === undefined ? null : <CountryFlag iso2={country.iso2_alpha} />;
      }}
    />
  );
}
