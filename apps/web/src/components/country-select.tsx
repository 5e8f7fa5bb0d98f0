import type { Country } from '@corridor/contracts';
import { Group, Select, type SelectProps } from '@mantine/core';
import { CountryFlag } from './country-flag';

export interface CountrySelectProps extends Omit<
  SelectProps,
  'data' | 'value' | 'onChange' | 'renderOption'
> {
  countries: readonly Country[];
  /** The chosen country's id. */
  value: string | null;
  onChange: (countryId: string | null) => void;
  /** Show each country's calling code ("United Kingdom +44"), for phone numbers. */
  withCallingCode?: boolean;
}

function countryLabel(country: Country, withCallingCode: boolean): string {
  if (!withCallingCode || country.calling_code === null) return country.common_name;
  const code = country.calling_code.startsWith('+')
    ? country.calling_code
    : `+${country.calling_code}`;
  return `${country.common_name} ${code}`;
}

/** A searchable list of countries, each with its (decorative) flag. */
export function CountrySelect({
  countries,
  value,
  onChange,
  withCallingCode = false,
  ...props
}: CountrySelectProps) {
  const byId = new Map(countries.map((country) => [country.id, country]));
  const selected = value === null ? undefined : byId.get(value);
  const data = countries
    .filter((country) => !withCallingCode || country.calling_code !== null)
    .map((country) => ({ value: country.id, label: countryLabel(country, withCallingCode) }));
  return (
    <Select
      searchable
      nothingFoundMessage="No country matches"
      {...props}
      data={data}
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
