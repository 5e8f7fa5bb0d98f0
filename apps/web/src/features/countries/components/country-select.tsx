import type { Country } from '@corridor/contracts';
import {
  Group,
  Select,
  type ComboboxProps,
  type OptionsFilter,
  type SelectProps,
} from '@mantine/core';
import { useMemo } from 'react';
import { CountryFlag } from '@/components/country-flag';
import { useLocale, useT } from '@/i18n';
import { normalizeSearch, searchCountries, searchableCountry } from '../lib/country-search';
import { countriesMessages } from '../messages';

/**
 * The dropdown placed against the viewport (`position: fixed`) rather than the page (defect 3).
 * Mantine keeps a closed dropdown mounted and hidden, and Floating UI measured it there at zero
 * size: on opening, its first frame sits at that stale spot (centred under the input, the width
 * of the input) and runs off the right edge. On a phone browser (`isMobile`: the page laid out
 * at the device width) content wider than the device widens the layout viewport and sends its
 * scroll back to the top; the input, low on the identity step, is then below the fold, Floating
 * UI's `hide` middleware hides the dropdown as detached, and nothing scrolls to undo it: the
 * list shows no option, opened or after typing. A fixed element never widens the page, so the
 * first frame is harmless and the list opens under the input. The design system's phone-safe
 * selects (ui/) should carry the same setting; this picker can then be built on them.
 */
export const phoneSafeComboboxProps = {
  floatingStrategy: 'fixed',
} as const satisfies ComboboxProps;

export interface CountrySelectProps extends Omit<
  SelectProps,
  'data' | 'value' | 'onChange' | 'renderOption' | 'filter'
> {
  countries: readonly Country[];
  /** The chosen country's id. */
  value: string | null;
  onChange: (countryId: string | null) => void;
  /** Show each country's calling code ("United Kingdom +44"), for phone numbers. */
  withCallingCode?: boolean;
}

function callingCode(country: Country): string | null {
  if (country.calling_code === null) return null;
  return country.calling_code.startsWith('+') ? country.calling_code : `+${country.calling_code}`;
}

/**
 * A searchable list of countries, each with its (decorative) flag: names in the customer's
 * language, in its alphabetical order, found by name in any of our languages, demonym or a
 * common alias ("Brit", "UK", "USA": defect 26).
 */
export function CountrySelect({
  countries,
  value,
  onChange,
  withCallingCode = false,
  comboboxProps,
  ...props
}: CountrySelectProps) {
  const t = useT(countriesMessages);
  const locale = useLocale();

  const { byId, data, searchable } = useMemo(() => {
    const listed = countries.filter((country) => !withCallingCode || callingCode(country) !== null);
    const entries = listed.map((country) => {
      const entry = searchableCountry(country, locale);
      const code = withCallingCode ? callingCode(country) : null;
      const label = code === null ? entry.name : `${entry.name} ${code}`;
      // "+44" finds the United Kingdom in a picker of calling codes.
      return { ...entry, names: [...entry.names, normalizeSearch(label)], country, label };
    });
    const sorted = searchCountries(entries, '', locale);
    return {
      byId: new Map(listed.map((country) => [country.id, country])),
      data: sorted.map((entry) => ({ value: entry.id, label: entry.label })),
      searchable: new Map(sorted.map((entry) => [entry.id, entry])),
    };
  }, [countries, withCallingCode, locale]);

  const filter: OptionsFilter = ({ options, search }) => {
    const shown = new Map(options.map((option) => ['value' in option ? option.value : '', option]));
    const candidates = [...searchable.values()].filter((entry) => shown.has(entry.id));
    return searchCountries(candidates, search, locale).flatMap((entry) => {
      const option = shown.get(entry.id);
      return option === undefined ? [] : [option];
    });
  };

  const selected = value === null ? undefined : byId.get(value);
  return (
    <Select
      searchable
      nothingFoundMessage={t('select.nothingFound')}
      {...props}
      comboboxProps={{ ...phoneSafeComboboxProps, ...comboboxProps }}
      data={data}
      filter={filter}
      value={value}
      onChange={(next) => onChange(next)}
      leftSection={selected !== undefined ? <CountryFlag iso2={selected.iso2_alpha} /> : undefined}
      renderOption={({ option }) => {
        const country = byId.get(option.value);
        return (
          <Group gap="xs" wrap="nowrap">
            {country !== undefined && <CountryFlag iso2={country.iso2_alpha} />}
            <span>{option.label}</span>
          </Group>
        );
      }}
    />
  );
}
