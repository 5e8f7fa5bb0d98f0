import type { PayoutTarget } from '@corridor/contracts';
import { useMemo } from 'react';
import { countryName } from '@/features/countries';
import { useLocale } from '@/i18n';
import { CountryFlag } from '@/ui/country-flag';
import { currencyName } from '@/ui/currency-select';
import { SearchSelect, type SelectOption } from '@/ui/search-select';
import { targetKey } from '../lib/quote-request';

export interface CorridorSelectProps {
  /** Read by screen readers; the field shows the flag and the currency's code. */
  label: string;
  /** Country and currency pairs to choose from (the quote's `sources` or `targets`). */
  pairs: readonly PayoutTarget[];
  /** The chosen pair. */
  value: PayoutTarget;
  onChange: (pair: PayoutTarget) => void;
  /** Fixed (a recipient's): shown, not changed. */
  disabled?: boolean;
}

/**
 * A country and the currency paid there, inside an amount field: its flag and code, and a
 * searchable list by country name (in the customer's language) and by currency.
 */
export function CorridorSelect({ label, pairs, value, onChange, disabled }: CorridorSelectProps) {
  const locale = useLocale();
  const { options, byKey } = useMemo(() => {
    const byKey = new Map<string, PayoutTarget>();
    const listed = pairs.some((pair) => targetKey(pair) === targetKey(value))
      ? pairs
      : [value, ...pairs];
    const options: SelectOption[] = listed.map((pair) => {
      const key = targetKey(pair);
      byKey.set(key, pair);
      return {
        value: key,
        label: `${countryName(pair.country, locale)} · ${currencyName(pair.currency.code, locale)}`,
        hint: pair.currency.code,
        keywords: [pair.currency.code, pair.country.common_name, pair.currency.common_name],
      };
    });
    return { options, byKey };
  }, [pairs, value, locale]);
  return (
    <div className="calculator__currency">
      <SearchSelect
        label={label}
        options={options}
        value={targetKey(value)}
        onChange={(key) => {
          const pair = key === null ? undefined : byKey.get(key);
          if (pair !== undefined && key !== targetKey(value)) onChange(pair);
        }}
        renderIcon={(option) => (
          <CountryFlag iso2={byKey.get(option.value)?.country.iso2_alpha ?? ''} />
        )}
        disabled={disabled}
        compact
      />
    </div>
  );
}
