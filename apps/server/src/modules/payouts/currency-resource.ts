import type { Currency, Locale } from '@corridor/contracts';
import type { CurrencyRow } from './payouts.repository.ts';

const names = new Map<Locale, Intl.DisplayNames>();
const symbols = new Map<string, string>();

/** The currency's everyday name in `locale` from CLDR ("Nigerian Naira", "naira nigeriano"). */
function commonName(row: CurrencyRow, locale: Locale): string {
  let display = names.get(locale);
  if (!display) {
    display = new Intl.DisplayNames([locale], { type: 'currency', fallback: 'none' });
    names.set(locale, display);
  }
  return display.of(row.iso_alpha) ?? row.name;
}

/** Its narrow symbol ("₹", "₦", "¥"), or the code where CLDR has none. */
function symbolOf(code: string): string {
  let symbol = symbols.get(code);
  if (symbol === undefined) {
    const parts = new Intl.NumberFormat('en', {
      style: 'currency',
      currency: code,
      currencyDisplay: 'narrowSymbol',
    }).formatToParts(0);
    symbol = parts.find((part) => part.type === 'currency')?.value ?? code;
    symbols.set(code, symbol);
  }
  return symbol;
}

/**
 * A currency in the original product's shape (docs/product/api-conventions.md#countries-and-currencies): `official_name` is ISO 4217's ("Naira"),
 * `common_name` the everyday one in the reader's language.
 */
export function currencyResource(row: CurrencyRow, locale: Locale): Currency {
  return {
    id: row.id,
    decimal_places: row.decimal_places,
    iso_numeric: row.iso_numeric,
    type: 'FIAT',
    crypto_code: null,
    iso_alpha: row.iso_alpha,
    common_name: commonName(row, locale),
    official_name: row.name,
    icon_unicode: symbolOf(row.iso_alpha),
    code: row.iso_alpha,
    salary_ranges: null,
  };
}
