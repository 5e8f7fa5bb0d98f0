import { currentLocale } from './locale-store';
import { numberFormat } from './number-formats';

/**
 * Amounts, dates and times in the customer's language through `Intl` (docs/product/web-app.md#languages). Amounts stay
 * decimal strings: `Intl.NumberFormat` formats the string itself, so no amount is ever a float.
 */

const formats = new Map<string, Intl.DateTimeFormat>();

function format(key: string, make: () => Intl.DateTimeFormat): Intl.DateTimeFormat {
  let cached = formats.get(key);
  if (!cached) {
    cached = make();
    formats.set(key, cached);
  }
  return cached;
}

/** "£1,234.50", "1.234,50 €": `amount` a decimal string ("1234.5"), `currency` ISO 4217. */
export function formatMoney(
  amount: string,
  currency: string,
  locale: string = currentLocale(),
): string {
  return numberFormat(locale, { style: 'currency', currency }).format(
    amount as Intl.StringNumericLiteral,
  );
}

/** The amount's parts, for a display that sizes the figures apart from the symbol. */
export function formatMoneyToParts(
  amount: string,
  currency: string,
  locale: string = currentLocale(),
): Intl.NumberFormatPart[] {
  return numberFormat(locale, { style: 'currency', currency }).formatToParts(
    amount as Intl.StringNumericLiteral,
  );
}

/** "24 November 2026" / "24 de noviembre de 2026". */
export function formatDate(date: Date | string, locale: string = currentLocale()): string {
  return format(
    `date:${locale}`,
    () => new Intl.DateTimeFormat(locale, { dateStyle: 'long' }),
  ).format(new Date(date));
}

/** "24 Nov 2026, 14:05" in the browser's time zone. */
export function formatDateTime(date: Date | string, locale: string = currentLocale()): string {
  return format(
    `datetime:${locale}`,
    () => new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'short' }),
  ).format(new Date(date));
}
