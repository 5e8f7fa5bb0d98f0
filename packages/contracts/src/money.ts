import { z } from 'zod';
import { lazySchema } from './lazy-schema.ts';
import { text } from './text.ts';

/**
 * Money on the wire (docs/product/api-conventions.md#money-on-the-wire, docs/decisions/0011). The server decides every amount and sends it
 * three ways: `x` is a decimal string with exactly the currency's ISO 4217 exponent of decimals
 * (`"1000.00"`, `"1000"` for JPY, `"1.000"` for KWD), `x_formatted` groups thousands with commas
 * (`"1,000.00"`) and `x_currency_prefixed` puts the ISO code and a space in front
 * (`"AUD 1,000.00"`), as the original product does. The original never shows a negative amount;
 * ours (refunds, ledger balances) put the minus on the number: `"-1,000.00"`, `"AUD -1,000.00"`.
 *
 * Everything here is string work: no amount ever becomes a JavaScript `number`. The float guard of
 * eslint.config.js covers this file.
 */

/**
 * ISO 4217 minor-unit exponents, the one table both sides read. The server seeds its `currencies`
 * table from the `currency-codes` package (apps/server/src/modules/payouts/payouts.seed.ts); the web must
 * not ship that package, so this is a generated copy of the same rows (every active code with a
 * numeric code and a numeric exponent), grouped by exponent. apps/server/src/lib/money.test.ts
 * ("the exponent table equals the seeded currencies") fails when the two differ and prints the
 * regenerated table to paste here. The server's `Money` reads exponents from here, synchronously,
 * so arithmetic never waits on the database.
 */
const ISO_4217_EXPONENTS: readonly (readonly [exponent: number, codes: string])[] = [
  [
    0,
    `BIF CLP DJF GNF ISK JPY KMF KRW PYG RWF UGX UYI VND VUV XAF XAG XAU XBA XBB XBC XBD XDR XOF
     XPD XPF XPT XSU XTS XUA XXX`,
  ],
  [
    2,
    `AED AFN ALL AMD ANG AOA ARS AUD AWG AZN BAM BBD BDT BGN BMD BND BOB BOV BRL BSD BTN BWP BYN
     BZD CAD CDF CHE CHF CHW CNY COP COU CRC CUC CUP CVE CZK DKK DOP DZD EGP ERN ETB EUR FJD FKP
     GBP GEL GHS GIP GMD GTQ GYD HKD HNL HTG HUF IDR ILS INR IRR JMD KES KGS KHR KPW KYD KZT LAK
     LBP LKR LRD LSL MAD MDL MGA MKD MMK MNT MOP MRU MUR MVR MWK MXN MXV MYR MZN NAD NGN NIO NOK
     NPR NZD PAB PEN PGK PHP PKR PLN QAR RON RSD RUB SAR SBD SCR SDG SEK SGD SHP SLE SOS SRD SSP
     STN SVC SYP SZL THB TJS TMT TOP TRY TTD TWD TZS UAH USD USN UYU UZS VED VES WST XCD YER ZAR
     ZMW ZWG`,
  ],
  [3, 'BHD IQD JOD KWD LYD OMR TND'],
  [4, 'CLF UYW'],
];

/** Code → exponent, e.g. `GBP` → 2, `JPY` → 0, `KWD` → 3. */
export const CURRENCY_EXPONENTS: ReadonlyMap<string, number> = new Map(
  ISO_4217_EXPONENTS.flatMap(([exponent, codes]) =>
    codes
      .split(/\s+/)
      .filter((code) => code !== '')
      .map((code) => [code, exponent] as const),
  ),
);

export function isCurrencyCode(code: string): boolean {
  return CURRENCY_EXPONENTS.has(code);
}

/** The ISO 4217 exponent (decimal places of the minor unit). Throws on an unknown code. */
export function currencyExponent(code: string): number {
  const exponent = CURRENCY_EXPONENTS.get(code);
  if (exponent === undefined)
    throw new RangeError(`Unknown currency code: ${JSON.stringify(code)}`);
  return exponent;
}

/** An ISO 4217 alpha-3 code we know the exponent of. */
export const currencyCodeSchema = lazySchema(() =>
  text({
    max: 3,
    trim: false,
    messages: { tooLong: 'A currency is a three-letter ISO 4217 code.' },
  })
    .regex(/^[A-Z]{3}$/, { error: 'A currency is a three-letter ISO 4217 code.' })
    .refine(isCurrencyCode, { error: 'This currency is not supported.' }),
);

const SIGNED_DECIMAL = /^(-?)(0|[1-9]\d*)(?:\.(\d+))?$/;
/** "-0", "-0.00": a zero has no sign. */
const NEGATIVE_ZERO = /^-0(?:\.0+)?$/;

export interface DecimalAmountOptions {
  /** Allow a leading minus (refunds, ledger balances). Off by default. */
  negative?: boolean;
  /** Exactly this many decimals, a currency's exponent: what the server sends. */
  decimals?: number;
  /** At most this many decimals: what a customer may type for a currency. */
  maxDecimals?: number;
}

function fractionPattern(options: DecimalAmountOptions): string {
  if (options.decimals !== undefined) {
    return options.decimals === 0 ? '' : `\\.\\d{${options.decimals}}`;
  }
  if (options.maxDecimals !== undefined) {
    return options.maxDecimals === 0 ? '' : `(?:\\.\\d{1,${options.maxDecimals}})?`;
  }
  return '(?:\\.\\d+)?';
}

/**
 * A plain decimal string: `"1000.00"`, `"0.5"`, `"-12.30"` when negative is allowed. No exponent,
 * no plus sign, no leading zeros, no grouping, no `-0`.
 */
export function decimalAmountSchema(options: DecimalAmountOptions = {}) {
  const sign = options.negative ? '-?' : '';
  const pattern = new RegExp(
    `^(?!-0(?:\\.0+)?$)${sign}(?:0|[1-9]\\d*)${fractionPattern(options)}$`,
  );
  const example = options.decimals === 0 ? '1000' : '1000.00';
  return z
    .string()
    .max(64, { error: 'This amount is too long.' })
    .regex(pattern, { error: `Enter an amount like ${example}.` });
}

/** Groups the whole part in thousands: `"-1234567.50"` → `"-1,234,567.50"`. */
export function formatDecimalAmount(amount: string): string {
  const match = SIGNED_DECIMAL.exec(amount);
  if (!match || NEGATIVE_ZERO.test(amount)) {
    throw new RangeError(`Not a decimal amount: ${JSON.stringify(amount)}`);
  }
  const [, sign = '', whole = '', fraction] = match;
  const grouped = whole.replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  return fraction === undefined ? `${sign}${grouped}` : `${sign}${grouped}.${fraction}`;
}

/** `("AUD", "1000.00")` → `"AUD 1,000.00"`. */
export function currencyPrefixedAmount(currency: string, amount: string): string {
  return `${currency} ${formatDecimalAmount(amount)}`;
}

/** The three wire fields of one amount named `N`. */
export type MoneyWire<N extends string> = {
  [K in N | `${N}_formatted` | `${N}_currency_prefixed`]: string;
};

/**
 * The three fields of an amount in `currency` given as a decimal string with exactly the
 * currency's exponent of decimals. The server's `Money.toWire` calls this, so the format is
 * written once.
 */
export function toMoneyWire<N extends string>(
  name: N,
  currency: string,
  amount: string,
): MoneyWire<N> {
  const match = SIGNED_DECIMAL.exec(amount);
  const decimals = match?.[3]?.length ?? 0;
  if (!match || decimals !== currencyExponent(currency)) {
    throw new RangeError(
      `${JSON.stringify(amount)} is not a ${currency} amount with exactly ${currencyExponent(currency)} decimals`,
    );
  }
  return {
    [name]: amount,
    [`${name}_formatted`]: formatDecimalAmount(amount),
    [`${name}_currency_prefixed`]: currencyPrefixedAmount(currency, amount),
  } as MoneyWire<N>;
}

function formattedPattern(negative: boolean): string {
  return `${negative ? '-?' : ''}(?:0|[1-9]\\d{0,2}(?:,\\d{3})*)(?:\\.\\d+)?`;
}

function moneyFieldSchemas(options: { negative?: boolean }) {
  const negative = options.negative ?? false;
  return {
    amount: decimalAmountSchema({ negative }),
    formatted: z.string().regex(new RegExp(`^(?!-0(?:\\.0+)?$)${formattedPattern(negative)}$`), {
      error: 'A formatted amount looks like 1,000.00.',
    }),
    prefixed: z
      .string()
      .regex(new RegExp(`^[A-Z]{3} (?!-0(?:\\.0+)?$)${formattedPattern(negative)}$`), {
        error: 'A currency-prefixed amount looks like AUD 1,000.00.',
      }),
  };
}

export type MoneyFieldsShape<N extends string, S extends z.ZodType = z.ZodString> = {
  [K in N | `${N}_formatted` | `${N}_currency_prefixed`]: S;
};

/**
 * The zod shape of one amount's three fields, to spread into an object schema:
 * `z.object({ ...moneyFields('send_amount'), send_currency: currencyCodeSchema })` gives
 * `send_amount`, `send_amount_formatted` and `send_amount_currency_prefixed`. Negative amounts
 * are refused unless `negative: true`. The number of decimals depends on the currency field
 * beside it, so the shape checks the format only; `toMoneyWire` guarantees the exponent.
 */
export function moneyFields<N extends string>(
  name: N,
  options: { negative?: boolean } = {},
): MoneyFieldsShape<N> {
  const { amount, formatted, prefixed } = moneyFieldSchemas(options);
  return {
    [name]: amount,
    [`${name}_formatted`]: formatted,
    [`${name}_currency_prefixed`]: prefixed,
  } as MoneyFieldsShape<N>;
}

/** As `moneyFields`, each field null when the amount does not apply (e.g. no coupon). */
export function nullableMoneyFields<N extends string>(
  name: N,
  options: { negative?: boolean } = {},
): MoneyFieldsShape<N, z.ZodNullable<z.ZodString>> {
  const { amount, formatted, prefixed } = moneyFieldSchemas(options);
  return {
    [name]: amount.nullable(),
    [`${name}_formatted`]: formatted.nullable(),
    [`${name}_currency_prefixed`]: prefixed.nullable(),
  } as MoneyFieldsShape<N, z.ZodNullable<z.ZodString>>;
}
