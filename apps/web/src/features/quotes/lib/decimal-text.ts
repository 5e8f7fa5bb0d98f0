/**
 * Decimal strings the server sends (amounts, rates, percentages), shown and compared as text:
 * the browser never does arithmetic on money (decision 11).
 */

import { numberFormat } from '@/i18n/number-formats';

const DECIMAL = /^(-?)(\d+)(?:\.(\d+))?$/;

/** True when a decimal string is zero ("0", "0.00"). */
export function isZeroDecimal(value: string): boolean {
  return /^-?0+(\.0+)?$/.test(value);
}

/** Compares two non-negative decimal strings exactly: negative, zero or positive. */
export function compareDecimals(a: string, b: string): number {
  const [, , wholeA = '0', fractionA = ''] = DECIMAL.exec(a) ?? [];
  const [, , wholeB = '0', fractionB = ''] = DECIMAL.exec(b) ?? [];
  const left = wholeA.replace(/^0+(?=\d)/, '');
  const right = wholeB.replace(/^0+(?=\d)/, '');
  if (left.length !== right.length) return left.length - right.length;
  if (left !== right) return left < right ? -1 : 1;
  const width = Math.max(fractionA.length, fractionB.length);
  const restA = fractionA.padEnd(width, '0');
  const restB = fractionB.padEnd(width, '0');
  return restA === restB ? 0 : restA < restB ? -1 : 1;
}

/**
 * A decimal string in the customer's language with exactly its own decimals ("105.4031" →
 * "105,4031" in Spanish): Intl formats the string itself, so nothing is rounded.
 */
export function formatDecimal(value: string, locale: string): string {
  const decimals = DECIMAL.exec(value)?.[3]?.length ?? 0;
  return numberFormat(locale, {
    minimumFractionDigits: decimals,
    maximumFractionDigits: decimals,
  }).format(value as Intl.StringNumericLiteral);
}
