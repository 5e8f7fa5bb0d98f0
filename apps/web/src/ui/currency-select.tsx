import { useMemo } from 'react';
import { useLocale } from '@/i18n';
import { CountryFlag } from './country-flag';
import { SearchSelect, type SearchSelectProps, type SelectOption } from './search-select';

export interface CurrencySelectProps extends Omit<SearchSelectProps, 'options' | 'renderIcon'> {
  /** ISO 4217 codes offered ("GBP", "EUR"). */
  currencies: readonly string[];
}

const displayNames = new Map<string, Intl.DisplayNames>();

/** "British Pound" / "libra esterlina": the currency's name in the customer's language. */
export function currencyName(code: string, locale: string): string {
  let names = displayNames.get(locale);
  if (!names) {
    names = new Intl.DisplayNames(locale, { type: 'currency', fallback: 'code' });
    displayNames.set(locale, names);
  }
  try {
    return names.of(code) ?? code;
  } catch {
    return code;
  }
}

/**
 * The flag a currency is shown with: its issuing country's, whose code starts the currency's
 * (GBP → GB, EUR → EU); none for supranational units (XOF, XAF…).
 */
export function currencyFlag(code: string): string {
  return code.slice(0, 2);
}

/** A searchable list of currencies by code and name, each with its country's flag. */
export function CurrencySelect({ currencies, ...props }: CurrencySelectProps) {
  const locale = useLocale();
  const options = useMemo<SelectOption[]>(
    () =>
      currencies.map((code) => ({
        value: code,
        label: currencyName(code, locale),
        hint: code,
        keywords: [code, currencyName(code, 'en')],
      })),
    [currencies, locale],
  );
  return (
    <SearchSelect
      {...props}
      options={options}
      renderIcon={(option) => <CountryFlag iso2={currencyFlag(option.value)} />}
    />
  );
}
