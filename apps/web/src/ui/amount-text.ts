/**
 * Amounts typed by people, read as decimal strings ("1234.5") without ever becoming floats
 * (decision 11): the text is checked and rewritten character by character.
 */

import { numberFormat } from '@/i18n/number-formats';

const separatorCache = new Map<string, { group: string; decimal: string }>();

/** The locale's grouping and decimal separators ("," and "." in English, "." and "," in Spanish). */
export function separators(locale: string): { group: string; decimal: string } {
  let found = separatorCache.get(locale);
  if (!found) {
    const parts = numberFormat(locale, { useGrouping: 'always' }).formatToParts(11111.1);
    found = {
      group: parts.find((part) => part.type === 'group')?.value ?? ',',
      decimal: parts.find((part) => part.type === 'decimal')?.value ?? '.',
    };
    separatorCache.set(locale, found);
  }
  return found;
}

/** How many decimals the currency has (GBP 2, JPY 0, BHD 3). */
export function currencyDigits(currency: string): number {
  try {
    return (
      numberFormat('en', { style: 'currency', currency }).resolvedOptions().maximumFractionDigits ??
      2
    );
  } catch {
    return 2;
  }
}

export type ParsedAmount =
  | { kind: 'empty' }
  | { kind: 'amount'; value: string }
  | { kind: 'invalid' }
  | { kind: 'too-precise'; digits: number };

// Spaces of every kind: French and others group with (narrow) no-break spaces.
const spaces = /[\s\u00a0\u202f']/g;

/**
 * What someone typed as an amount of `currency`: "1,234.50" (English), "1.234,50" (Spanish), or
 * either separator as the decimal one when the text has only one and it is not a group of three
 * ("12,5" in English is 12.5: phones' decimal keypads offer the comma in many places). `digits`
 * is the most decimals allowed: the currency's own by default, or what the server says it has
 * (its `decimal_places`), which can differ from the browser's table.
 */
export function parseAmount(
  text: string,
  currency: string,
  locale: string,
  digits: number = currencyDigits(currency),
): ParsedAmount {
  const compact = text.replace(spaces, '');
  if (compact === '') return { kind: 'empty' };
  if (!/^\d[\d.,]*$|^[.,]\d+$/.test(compact)) return { kind: 'invalid' };

  const { group, decimal } = separators(locale);
  const lastDot = compact.lastIndexOf('.');
  const lastComma = compact.lastIndexOf(',');
  let decimalSeparator: string | undefined;
  if (lastDot >= 0 && lastComma >= 0) {
    decimalSeparator = lastDot > lastComma ? '.' : ',';
  } else if (lastDot >= 0 || lastComma >= 0) {
    const separator = lastDot >= 0 ? '.' : ',';
    const groups = compact.split(separator);
    const looksGrouped =
      separator === group && groups.length > 1 && groups.slice(1).every((g) => g.length === 3);
    decimalSeparator = separator === decimal || !looksGrouped ? separator : undefined;
    if (decimalSeparator !== undefined && groups.length > 2) return { kind: 'invalid' };
  }

  let whole = compact;
  let fraction = '';
  if (decimalSeparator !== undefined) {
    const at = compact.lastIndexOf(decimalSeparator);
    whole = compact.slice(0, at);
    fraction = compact.slice(at + 1);
    if (fraction.includes('.') || fraction.includes(',')) return { kind: 'invalid' };
  }
  // Without a decimal part, the one separator there is groups thousands.
  const groupSeparator =
    decimalSeparator === undefined
      ? lastDot >= 0
        ? '.'
        : ','
      : decimalSeparator === '.'
        ? ','
        : '.';
  if (decimalSeparator !== undefined && whole.includes(decimalSeparator))
    return { kind: 'invalid' };
  const wholeGroups = whole.split(groupSeparator);
  if (wholeGroups.length > 1 && !wholeGroups.slice(1).every((g) => g.length === 3)) {
    return { kind: 'invalid' };
  }
  whole = wholeGroups.join('').replace(/^0+(?=\d)/, '') || '0';
  fraction = fraction.replace(/0+$/, '');

  if (fraction.length > digits) return { kind: 'too-precise', digits };
  return { kind: 'amount', value: fraction === '' ? whole : `${whole}.${fraction}` };
}

/** A decimal string as the field shows it once left: "1,234.50" / "1.234,50". */
export function formatAmountText(
  value: string,
  currency: string,
  locale: string,
  digits: number = currencyDigits(currency),
): string {
  return numberFormat(locale, {
    minimumFractionDigits: digits,
    maximumFractionDigits: digits,
  }).format(value as Intl.StringNumericLiteral);
}
