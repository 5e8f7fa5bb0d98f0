import { CURRENCY_EXPONENTS } from '@corridor/contracts';
import Decimal from 'decimal.js';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { currencyRows } from '../modules/payouts/index.ts';
import {
  Money,
  MoneyError,
  ROUNDING_MODES,
  RateDecimal,
  decimalRounding,
  divideRounded,
  parseRate,
  type MoneyErrorCode,
  type RoundingMode,
} from './money.ts';

const gbp = (amount: string) => Money.parse(amount, 'GBP');

function moneyError(run: () => unknown): MoneyError {
  try {
    run();
  } catch (error) {
    if (error instanceof MoneyError) return error;
    throw error;
  }
  throw new Error('expected a MoneyError');
}

function expectMoneyError(run: () => unknown, code: MoneyErrorCode, message?: string): void {
  const error = moneyError(run);
  expect(error.code).toBe(code);
  if (message !== undefined) expect(error.message).toBe(message);
}

/** Currencies of every exponent: 0, 2, 3 and 4. */
const sampleCurrencies = ['JPY', 'GBP', 'INR', 'KWD', 'BHD', 'CLF'] as const;
const hugeMinor = fc.bigInt({ min: -(2n ** 128n), max: 2n ** 128n });

describe('Money.parse and toDecimalString', () => {
  it('reads major units into integer minor units', () => {
    expect(gbp('1000.50').minor).toBe(100050n);
    expect(gbp('1000.5').minor).toBe(100050n);
    expect(gbp('1000').minor).toBe(100000n);
    expect(gbp('-12.3').minor).toBe(-1230n);
    expect(gbp('-0').minor).toBe(0n);
    expect(Money.parse('1000', 'JPY').minor).toBe(1000n);
    expect(Money.parse('1.234', 'KWD').minor).toBe(1234n);
    expect(Money.parse('0.5', 'BHD').minor).toBe(500n);
    expect(Money.parse('1.2345', 'CLF').minor).toBe(12345n);
    const amount = gbp('1000.50');
    expect([amount.currency, amount.exponent]).toEqual(['GBP', 2]);
  });

  it("writes exactly the currency's exponent of decimals", () => {
    expect(gbp('1000.5').toDecimalString()).toBe('1000.50');
    expect(gbp('-0.05').toDecimalString()).toBe('-0.05');
    expect(Money.fromMinor(-3n, 'JPY').toDecimalString()).toBe('-3');
    expect(Money.fromMinor(5n, 'KWD').toDecimalString()).toBe('0.005');
    expect(Money.zero('BHD').toDecimalString()).toBe('0.000');
    expect(gbp('12.30').toString()).toBe('GBP 12.30');
    expect(JSON.stringify({ amount: gbp('12.30') })).toBe('{"amount":"GBP 12.30"}');
  });

  it('round-trips any amount in currencies of exponent 0, 2, 3 and 4', () => {
    fc.assert(
      fc.property(fc.constantFrom(...sampleCurrencies), hugeMinor, (currency, minor) => {
        const money = Money.fromMinor(minor, currency);
        const again = Money.parse(money.toDecimalString(), currency);
        expect(again.minor).toBe(minor);
        expect(again.equals(money)).toBe(true);
      }),
    );
  });

  it('keeps values beyond 2^53 exact', () => {
    const beyond = 2n ** 53n + 1n; // 9007199254740993: not a float
    const money = Money.fromMinor(beyond, 'GBP');
    expect(money.toDecimalString()).toBe('90071992547409.93');
    expect(money.plus(Money.fromMinor(1n, 'GBP')).minor).toBe(beyond + 1n);
    expect(gbp('123456789012345678901234567890.99').minor).toBe(12345678901234567890123456789099n);
    const big = Money.fromMinor(2n ** 70n + 7n, 'GBP');
    expect(big.convert('105.0001', 'INR', 'half-even').minor).toBe(
      divideRounded((2n ** 70n + 7n) * 1050001n, 10000n, 'half-even'),
    );
  });

  it('refuses a malformed amount with a typed error', () => {
    for (const bad of ['', ' 1', '1 ', '+1', '1e3', '1,000.00', '1.', '.5', 'NaN', 'Infinity']) {
      expectMoneyError(
        () => gbp(bad),
        'invalid_amount',
        `An amount must be a decimal string like "1000.00", not ${JSON.stringify(bad)}.`,
      );
    }
    expectMoneyError(() => gbp('1'.repeat(65)), 'invalid_amount');
    expectMoneyError(() => Money.parse(1000 as unknown as string, 'GBP'), 'invalid_amount');
    expectMoneyError(() => Money.fromMinor(1000 as unknown as bigint, 'GBP'), 'invalid_amount');
  });

  it('refuses too many decimals instead of rounding', () => {
    expectMoneyError(
      () => gbp('1.005'),
      'too_many_decimals',
      'GBP amounts have at most 2 decimal places: "1.005".',
    );
    expectMoneyError(
      () => Money.parse('1.5', 'JPY'),
      'too_many_decimals',
      'JPY amounts have no decimal places: "1.5".',
    );
    expectMoneyError(() => Money.parse('0.0001', 'KWD'), 'too_many_decimals');
  });

  it('refuses an unknown currency', () => {
    expectMoneyError(
      () => Money.parse('1', 'XYZ'),
      'unknown_currency',
      'Unknown currency code "XYZ".',
    );
    expectMoneyError(() => Money.parse('1', 'gbp'), 'unknown_currency');
    expectMoneyError(() => Money.fromMinor(1n, ''), 'unknown_currency');
  });
});

describe('arithmetic', () => {
  it('adds, subtracts, negates and compares in one currency', () => {
    expect(gbp('100').plus(gbp('2')).toDecimalString()).toBe('102.00');
    expect(gbp('100').minus(gbp('100.01')).toDecimalString()).toBe('-0.01');
    expect(gbp('5').negate().toDecimalString()).toBe('-5.00');
    expect(gbp('-5').abs().toDecimalString()).toBe('5.00');
    expect(gbp('0.00').isZero()).toBe(true);
    expect(gbp('-0.01').isNegative()).toBe(true);
    expect(gbp('0.01').isPositive()).toBe(true);
    expect(gbp('1').compare(gbp('2'))).toBe(-1);
    expect(gbp('2').compare(gbp('2.00'))).toBe(0);
    expect(gbp('3').compare(gbp('2'))).toBe(1);
    expect(Money.sum('GBP', [gbp('1.10'), gbp('2.20'), gbp('3.30')]).toDecimalString()).toBe(
      '6.60',
    );
    expect(Money.sum('INR', []).toDecimalString()).toBe('0.00');
  });

  it('never mixes currencies', () => {
    const inr = Money.parse('1', 'INR');
    expectMoneyError(
      () => gbp('1').plus(inr),
      'currency_mismatch',
      'Cannot add GBP and INR; convert one first.',
    );
    expectMoneyError(() => gbp('1').minus(inr), 'currency_mismatch');
    expectMoneyError(() => gbp('1').compare(inr), 'currency_mismatch');
    expectMoneyError(() => Money.sum('GBP', [inr]), 'currency_mismatch');
    expect(gbp('1').equals(inr)).toBe(false);
  });

  it('is exact: addition and subtraction are associative and invertible', () => {
    fc.assert(
      fc.property(hugeMinor, hugeMinor, hugeMinor, (a, b, c) => {
        const [x, y, z] = [a, b, c].map((minor) => Money.fromMinor(minor, 'GBP')) as [
          Money,
          Money,
          Money,
        ];
        expect(
          x
            .plus(y)
            .plus(z)
            .equals(x.plus(y.plus(z))),
        ).toBe(true);
        expect(x.plus(y).minus(y).equals(x)).toBe(true);
        expect(x.plus(x.negate()).isZero()).toBe(true);
      }),
    );
  });

  it('is immutable', () => {
    const amount = gbp('1');
    expect(Object.isFrozen(amount)).toBe(true);
    amount.plus(gbp('1'));
    expect(amount.toDecimalString()).toBe('1.00');
  });
});

describe('rounding modes', () => {
  // value / 10, rounded: the classic table of ±0.4, ±0.5, ±0.6, ±1.5, ±2.5.
  const table: Record<RoundingMode, Record<string, bigint>> = {
    'half-even': { 4: 0n, 5: 0n, 6: 1n, 15: 2n, 25: 2n },
    'half-up': { 4: 0n, 5: 1n, 6: 1n, 15: 2n, 25: 3n },
    'half-down': { 4: 0n, 5: 0n, 6: 1n, 15: 1n, 25: 2n },
    down: { 4: 0n, 5: 0n, 6: 0n, 15: 1n, 25: 2n },
    up: { 4: 1n, 5: 1n, 6: 1n, 15: 2n, 25: 3n },
    floor: { 4: 0n, 5: 0n, 6: 0n, 15: 1n, 25: 2n },
    ceiling: { 4: 1n, 5: 1n, 6: 1n, 15: 2n, 25: 3n },
  };
  const negated: Record<RoundingMode, RoundingMode> = {
    'half-even': 'half-even',
    'half-up': 'half-up',
    'half-down': 'half-down',
    down: 'down',
    up: 'up',
    floor: 'ceiling',
    ceiling: 'floor',
  };

  it.each(ROUNDING_MODES)('%s rounds the classic cases, symmetrically', (mode) => {
    for (const [tenths, expected] of Object.entries(table[mode])) {
      expect(divideRounded(BigInt(tenths), 10n, mode), `${tenths}/10`).toBe(expected);
      // −x rounds like x under the mirrored mode.
      expect(divideRounded(-BigInt(tenths), 10n, negated[mode]), `-${tenths}/10`).toBe(-expected);
    }
  });

  it('half-even and half-up differ only on an exact half', () => {
    // 0.05 × 0.5 = 0.025: half-even keeps the even 0.02, half-up goes to 0.03.
    expect(gbp('0.05').times('0.5', 'half-even').toDecimalString()).toBe('0.02');
    expect(gbp('0.05').times('0.5', 'half-up').toDecimalString()).toBe('0.03');
    // 0.15 × 0.5 = 0.075: both give 0.08 (8 is even).
    expect(gbp('0.15').times('0.5', 'half-even').toDecimalString()).toBe('0.08');
    expect(gbp('0.15').times('0.5', 'half-up').toDecimalString()).toBe('0.08');
    // 2.51 × 0.01 = 0.0251 is past the half: up either way.
    expect(gbp('2.51').times('0.01', 'half-even').toDecimalString()).toBe('0.03');
    expect(gbp('-0.05').times('0.5', 'half-up').toDecimalString()).toBe('-0.03');
    expect(gbp('-0.05').times('0.5', 'half-even').toDecimalString()).toBe('-0.02');
  });

  it('agrees with decimal.js on every mode', () => {
    const Exact = Decimal.clone({ precision: 80 });
    fc.assert(
      fc.property(
        fc.bigInt({ min: -(10n ** 15n), max: 10n ** 15n }),
        fc.bigInt({ min: 1n, max: 10n ** 12n }),
        fc.constantFrom(...ROUNDING_MODES),
        (numerator, denominator, mode) => {
          const expected = new Exact(numerator.toString())
            .div(denominator.toString())
            .toDecimalPlaces(0, decimalRounding(mode))
            .toFixed(0);
          expect(divideRounded(numerator, denominator, mode).toString()).toBe(
            expected === '-0' ? '0' : expected,
          );
        },
      ),
    );
  });

  it('refuses a zero or negative denominator', () => {
    expect(() => divideRounded(1n, 0n, 'half-even')).toThrow(RangeError);
    expect(() => divideRounded(1n, -1n, 'half-even')).toThrow(RangeError);
  });
});

describe('rates, percentages and FX (docs/product/sending-money.md#pricing)', () => {
  it('multiplies by a decimal rate with the rounding named', () => {
    expect(gbp('100').times('1.5', 'half-even').toDecimalString()).toBe('150.00');
    expect(gbp('0.01').times('0.333', 'down').toDecimalString()).toBe('0.00');
    expect(gbp('0.01').times('0.333', 'up').toDecimalString()).toBe('0.01');
  });

  it('takes a percentage for a fee', () => {
    expect(gbp('100').percentage('2', 'half-up').toDecimalString()).toBe('2.00');
    expect(gbp('100').percentage('1.5', 'half-up').toDecimalString()).toBe('1.50');
    expect(gbp('0.01').percentage('50', 'half-even').toDecimalString()).toBe('0.00');
    expect(gbp('0.01').percentage('50', 'half-up').toDecimalString()).toBe('0.01');
    expect(gbp('33.33').percentage('0.125', 'ceiling').toDecimalString()).toBe('0.05');
  });

  it('converts 100 GBP to 10,500 INR at our rate, 10,710 at mid-market: 210 INR margin', () => {
    const sent = gbp('100');
    const fee = Money.parse('2', 'GBP');
    expect(sent.plus(fee).toWire('total_amount')).toEqual({
      total_amount: '102.00',
      total_amount_formatted: '102.00',
      total_amount_currency_prefixed: 'GBP 102.00',
    });
    const atOurRate = sent.convert('105', 'INR', 'half-even');
    const atMid = sent.convert('107.1', 'INR', 'half-even');
    expect(atOurRate.toWire('payout_amount')).toEqual({
      payout_amount: '10500.00',
      payout_amount_formatted: '10,500.00',
      payout_amount_currency_prefixed: 'INR 10,500.00',
    });
    expect(atMid.toDecimalString()).toBe('10710.00');
    expect(atMid.minus(atOurRate).toWire('fx_margin')).toEqual({
      fx_margin: '210.00',
      fx_margin_formatted: '210.00',
      fx_margin_currency_prefixed: 'INR 210.00',
    });
    // The ledger entry of the conversion balances: 10,500 + 210 = 10,710.
    expect(Money.sum('INR', [atOurRate, atMid.minus(atOurRate)]).equals(atMid)).toBe(true);
    // total_cost_percent: the fee and the margin (in GBP at mid) as a share of what is sent.
    const marginInGbp = atMid
      .minus(atOurRate)
      .convert(new RateDecimal(1).div('107.1'), 'GBP', 'half-even');
    expect(marginInGbp.toDecimalString()).toBe('1.96');
    expect(fee.plus(marginInGbp).percentOf(sent, 2, 'half-even')).toBe('3.96');
  });

  it('derives our rate from mid-market and margin with decimal.js', () => {
    const mid = parseRate('107.1');
    const ours = mid
      .times(new RateDecimal(1).minus(parseRate('0.02')))
      .toDecimalPlaces(4, decimalRounding('half-even'));
    expect(ours.toFixed(4)).toBe('104.9580');
    expect(gbp('100').convert(ours, 'INR', 'half-even').toDecimalString()).toBe('10495.80');
    const margin = new RateDecimal(1)
      .minus(parseRate('105').div(mid))
      .toDecimalPlaces(6, decimalRounding('half-even'));
    expect(margin.toFixed()).toBe('0.019608');
  });

  it('converts between exponents 0, 2 and 3', () => {
    expect(Money.parse('1000', 'JPY').convert('0.0052', 'GBP', 'half-even').toDecimalString()).toBe(
      '5.20',
    );
    expect(Money.parse('1', 'KWD').convert('486.123', 'JPY', 'half-even').toDecimalString()).toBe(
      '486',
    );
    expect(gbp('10.01').convert('0.4', 'KWD', 'half-even').toDecimalString()).toBe('4.004');
    expect(gbp('1').convert('3.0005', 'BHD', 'half-up').toDecimalString()).toBe('3.001');
    expect(gbp('1').convert('3.0005', 'BHD', 'half-even').toDecimalString()).toBe('3.000');
    expect(gbp('-1').convert('3.0005', 'BHD', 'floor').toDecimalString()).toBe('-3.001');
  });

  it('converts exactly: the product before rounding is never a float', () => {
    fc.assert(
      fc.property(
        hugeMinor,
        fc.bigInt({ min: 0n, max: 10n ** 18n }),
        fc.nat(12),
        fc.constantFrom(...sampleCurrencies),
        fc.constantFrom(...ROUNDING_MODES),
        (minor, rateDigits, rateScale, to, mode) => {
          const rate = new RateDecimal(rateDigits.toString())
            .div(10n ** BigInt(rateScale))
            .toFixed();
          const from = Money.fromMinor(minor, 'GBP');
          const got = from.convert(rate, to, mode);
          const toExponent = CURRENCY_EXPONENTS.get(to) ?? 0;
          const expected = divideRounded(
            minor * rateDigits * 10n ** BigInt(toExponent),
            10n ** BigInt(rateScale + 2),
            mode,
          );
          expect(got.minor).toBe(expected);
          expect(got.currency).toBe(to);
        },
      ),
    );
  });

  it('refuses a bad rate with a typed error', () => {
    for (const bad of ['', '-1', '1e3', 'NaN', 'Infinity', '1,5', ' 1', '+1', '.5']) {
      expectMoneyError(() => gbp('1').times(bad, 'half-even'), 'invalid_rate');
      expectMoneyError(() => parseRate(bad), 'invalid_rate');
    }
    expectMoneyError(
      () => gbp('1').convert('abc', 'INR', 'half-even'),
      'invalid_rate',
      'A rate must be a non-negative decimal string like "1.2345", not "abc".',
    );
    expectMoneyError(() => gbp('1').times(new RateDecimal(-1), 'half-even'), 'invalid_rate');
    expectMoneyError(() => gbp('1').times(new RateDecimal(NaN), 'half-even'), 'invalid_rate');
    expectMoneyError(() => gbp('1').times(0.5 as unknown as string, 'half-even'), 'invalid_rate');
    expectMoneyError(() => gbp('1').convert('1', 'XYZ', 'half-even'), 'unknown_currency');
    expectMoneyError(
      () => gbp('1').times('1.5', 'nearest' as RoundingMode),
      'invalid_rounding',
      'Unknown rounding mode "nearest".',
    );
  });

  it('states a share of a whole as a percentage', () => {
    expect(gbp('2').percentOf(gbp('100'), 2, 'half-even')).toBe('2.00');
    expect(gbp('0.01').percentOf(gbp('0.03'), 2, 'half-even')).toBe('33.33');
    expect(gbp('0.02').percentOf(gbp('0.03'), 0, 'down')).toBe('66');
    expect(gbp('1').percentOf(gbp('-4'), 1, 'half-even')).toBe('-25.0');
    expectMoneyError(() => gbp('1').percentOf(gbp('0'), 2, 'half-even'), 'invalid_amount');
    expectMoneyError(() => gbp('1').percentOf(gbp('3'), -1, 'half-even'), 'invalid_rounding');
    expectMoneyError(
      () => gbp('1').percentOf(Money.parse('1', 'INR'), 2, 'half-even'),
      'currency_mismatch',
    );
  });
});

describe('allocate and split', () => {
  const minors = (parts: Money[]) => parts.map((part) => part.minor);

  it('splits so that the parts add up exactly', () => {
    expect(minors(gbp('100').split(3))).toEqual([3334n, 3333n, 3333n]);
    expect(minors(gbp('-100').split(3))).toEqual([-3334n, -3333n, -3333n]);
    expect(minors(gbp('0.05').split(3))).toEqual([2n, 2n, 1n]);
    expect(minors(Money.parse('100', 'JPY').split(7))).toEqual([15n, 15n, 14n, 14n, 14n, 14n, 14n]);
    expect(minors(gbp('102').allocate([100n, 2n]))).toEqual([10000n, 200n]);
    expect(minors(gbp('0.05').allocate(['0.7', '0.3']))).toEqual([4n, 1n]);
    expect(minors(gbp('10').allocate(['1', '0', '3']))).toEqual([250n, 0n, 750n]);
    // The unit left over goes to the largest remainder: 0.01 × 2/3 has the larger remainder.
    expect(minors(gbp('0.01').allocate([1n, 2n]))).toEqual([0n, 1n]);
  });

  it('sums exactly, within one minor unit of the exact share, for any amount and weights', () => {
    fc.assert(
      fc.property(
        hugeMinor,
        fc
          .array(fc.bigInt({ min: 0n, max: 10n ** 6n }), { minLength: 1, maxLength: 12 })
          .filter((weights) => weights.some((weight) => weight > 0n)),
        (minor, weights) => {
          const parts = Money.fromMinor(minor, 'KWD').allocate(weights);
          const total = weights.reduce((sum, weight) => sum + weight, 0n);
          expect(parts).toHaveLength(weights.length);
          expect(Money.sum('KWD', parts).minor).toBe(minor);
          parts.forEach((part, index) => {
            const weight = weights[index] ?? 0n;
            const error = part.minor * total - minor * weight; // part − exact share, × total
            expect(error < total && -error < total).toBe(true);
            if (weight === 0n) expect(part.isZero()).toBe(true);
          });
        },
      ),
    );
  });

  it('refuses weights it cannot share by', () => {
    expectMoneyError(() => gbp('1').allocate([]), 'invalid_allocation');
    expectMoneyError(
      () => gbp('1').allocate([0n, '0.00']),
      'invalid_allocation',
      'Allocate needs a weight greater than zero.',
    );
    expectMoneyError(() => gbp('1').allocate([-1n, 2n]), 'invalid_rate');
    expectMoneyError(() => gbp('1').allocate(['-1', '2']), 'invalid_rate');
    expectMoneyError(() => gbp('1').split(0), 'invalid_allocation');
    expectMoneyError(() => gbp('1').split(1.5), 'invalid_allocation');
  });
});

describe('the exponent table', () => {
  it('equals the seeded currencies (regenerate packages/contracts/src/money.ts if not)', () => {
    const seeded = new Map(currencyRows().map((row) => [row.iso_alpha, row.decimal_places]));
    const byExponent = new Map<number, string[]>();
    for (const [code, exponent] of [...seeded].sort(([a], [b]) => a.localeCompare(b))) {
      byExponent.set(exponent, [...(byExponent.get(exponent) ?? []), code]);
    }
    const regenerated = [...byExponent]
      .sort(([a], [b]) => a - b)
      .map(([exponent, codes]) => `  [${exponent}, '${codes.join(' ')}'],`)
      .join('\n');
    expect(
      new Map([...CURRENCY_EXPONENTS].sort(([a], [b]) => a.localeCompare(b))),
      `ISO_4217_EXPONENTS is stale; the seeded rows are:\n${regenerated}`,
    ).toEqual(new Map([...seeded].sort(([a], [b]) => a.localeCompare(b))));
  });
});
