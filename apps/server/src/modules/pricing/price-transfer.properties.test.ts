import Decimal from 'decimal.js';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { Money } from '../../lib/money.ts';
import {
  ALL_CORRIDOR_PRICING,
  LIMIT_WINDOWS,
  OUR_RATE_SIGNIFICANT_DIGITS,
  PricingError,
  VERIFICATION_LEVELS,
  priceTransfer,
  type CorridorPricing,
  type PriceTransferInput,
  type SentTotals,
  type TransferPrice,
} from './index.ts';

/*
 * Properties over random corridors, methods, rates and amounts. Every expected figure is worked
 * out again here from the configuration table with bigint arithmetic of its own, not through
 * lib/money.ts or the module's helpers.
 */

/** A decimal string as coefficient / 10^scale. */
function exact(text: string): { c: bigint; s: bigint } {
  const [whole = '', fraction = ''] = text.split('.');
  return { c: BigInt(whole + fraction), s: BigInt(fraction.length) };
}
const ten = (power: bigint | number) => 10n ** BigInt(power);
const ceilDiv = (a: bigint, b: bigint) => (a + b - 1n) / b; // a ≥ 0, b > 0
/** A decimal string in minor units of a currency with `exponent` decimals. */
const minorOf = (text: string, exponent: number) => {
  const { c, s } = exact(text);
  return (c * ten(exponent)) / ten(s);
};

/** Target units per unit of GBP, and source units per GBP: a snapshot of real mid rates. */
const TARGET_PER_GBP: Record<string, string> = {
  INR: '105.2',
  PHP: '72.4',
  NGN: '2010',
  KES: '164.9',
  PKR: '355.7',
  MXN: '22.1',
  BDT: '151.3',
  NPR: '168.6',
  GHS: '16.2',
  VND: '32876.5',
  JPY: '190.4',
  PLN: '5.08',
};
const SOURCE_PER_GBP: Record<string, string> = {
  GBP: '1',
  USD: '1.27',
  AUD: '1.95',
  CAD: '1.75',
  EUR: '1.18',
};

const corridorArb = fc.constantFrom(...ALL_CORRIDOR_PRICING);

/** A realistic mid rate for the corridor: the snapshot moved by −20 % to +25 %, 10 decimals. */
const realisticMid = (pricing: CorridorPricing) =>
  fc.bigInt({ min: 800_000n, max: 1_250_000n }).map((factor) => {
    const target = exact(TARGET_PER_GBP[pricing.target_currency] ?? '1');
    const source = exact(SOURCE_PER_GBP[pricing.source_currency] ?? '1');
    const scaled =
      (target.c * factor * ten(10) * ten(source.s)) / (source.c * ten(6) * ten(target.s));
    const text = scaled.toString().padStart(11, '0');
    return `${text.slice(0, -10)}.${text.slice(-10)}`;
  });

/** Any rate from 10^-9 to 10^12, up to 9 decimals. */
const anyMid = fc
  .tuple(fc.bigInt({ min: 1n, max: 10n ** 12n }), fc.integer({ min: 0, max: 9 }))
  .map(([coefficient, scale]) => {
    const text = coefficient.toString().padStart(scale + 1, '0');
    return scale === 0 ? text : `${text.slice(0, -scale)}.${text.slice(-scale)}`;
  });

const nothingSent = (currency: string): SentTotals => ({
  last_24_hours: Money.zero(currency),
  last_30_days: Money.zero(currency),
  last_180_days: Money.zero(currency),
});

function priceOf(
  pricing: CorridorPricing,
  mid_rate: string,
  amount_type: 'send' | 'receive',
  minor: bigint,
): TransferPrice {
  const currency = amount_type === 'send' ? pricing.source_currency : pricing.target_currency;
  const input: PriceTransferInput = {
    corridor: pricing,
    mid_rate,
    amount_type,
    amount: Money.fromMinor(minor, currency),
    sending_limits: {
      verification_level: 'enhanced',
      sent: nothingSent(pricing.source_currency),
    },
  };
  return priceTransfer(input);
}

/** Our rate in target minor units per source minor unit, as a fraction n / d. */
function minorRate(price: TransferPrice) {
  const rate = exact(price.our_rate);
  return {
    n: rate.c * ten(price.recipient_gets.exponent),
    d: ten(rate.s) * ten(price.send_amount.exponent),
  };
}

const sendMinor = fc.bigInt({ min: 1n, max: 10n ** 9n });

describe('send → receive → send', () => {
  it('comes back at most one minor unit lower where a minor unit buys one, the payout exactly', () => {
    fc.assert(
      fc.property(
        corridorArb.chain((pricing) => fc.tuple(fc.constant(pricing), realisticMid(pricing))),
        sendMinor,
        ([pricing, mid], minor) => {
          const sent = priceOf(pricing, mid, 'send', minor);
          fc.pre(sent.recipient_gets.isPositive()); // a cent can buy no yen
          const back = priceOf(pricing, mid, 'receive', sent.recipient_gets.minor);
          expect(back.recipient_gets.minor).toBe(sent.recipient_gets.minor);
          const gap = minor - back.send_amount.minor;
          const { n, d } = minorRate(sent);
          // Was: gap ≤ 1 everywhere and 0 where a minor unit buys one; the send side of a fixed
          // receive amount now rounds down (issue 28), which can take one more unit off.
          expect(gap >= 0n && gap * n < d + n).toBe(true);
          if (n >= d) expect(gap <= 1n).toBe(true);
        },
      ),
    );
  });

  it('at any rate, returns the payout exactly and a send at most one unit plus what a payout unit costs below', () => {
    fc.assert(
      fc.property(corridorArb, anyMid, sendMinor, (pricing, mid, minor) => {
        const sent = priceOf(pricing, mid, 'send', minor);
        const target = sent.recipient_gets.minor;
        fc.pre(target > 0n);
        const back = priceOf(pricing, mid, 'receive', target);
        expect(back.recipient_gets.minor).toBe(target);
        const { n, d } = minorRate(sent);
        const gap = minor - back.send_amount.minor;
        expect(gap >= 0n).toBe(true);
        // Was: gap × n < d; with the send rounded down (issue 28) the gap buys less than one
        // minor unit of the target plus one of the source: gap × n < d + n.
        expect(gap * n < d + n).toBe(true);
      }),
    );
  });
});

describe('receive → send', () => {
  // Was: "sends the least that delivers at least the amount asked", with recipient_gets = g(s)
  // over the amount asked (issue 28: the fixed receive amount must be paid exactly).
  it('pays the amount asked exactly; the send is rounded down, never below one minor unit', () => {
    fc.assert(
      fc.property(
        corridorArb,
        anyMid,
        fc.bigInt({ min: 1n, max: 10n ** 14n }),
        (pricing, mid, r) => {
          const price = priceOf(pricing, mid, 'receive', r);
          const { n, d } = minorRate(price);
          const s = price.send_amount.minor;
          expect(price.recipient_gets.minor).toBe(r);
          expect(s >= 1n).toBe(true);
          // s × our rate ≤ r (the customer's favour), unless the floor of one unit applies ...
          if (s > 1n) expect(s * n <= r * d).toBe(true);
          // ... and one minor unit more would buy more than r.
          expect((s + 1n) * n > r * d).toBe(true);
        },
      ),
    );
  });
});

describe('a fixed receive amount is paid exactly (issue 28)', () => {
  const receiveMinor = fc.oneof(
    fc.bigInt({ min: 1n, max: 10n ** 4n }),
    fc.bigInt({ min: 1n, max: 10n ** 9n }),
    fc.bigInt({ min: 1n, max: 10n ** 16n }),
  );

  it('recipient_gets is the amount asked on every corridor and method, at real rates', () => {
    fc.assert(
      fc.property(
        corridorArb.chain((pricing) => fc.tuple(fc.constant(pricing), realisticMid(pricing))),
        receiveMinor,
        ([pricing, mid], r) => {
          const price = priceOf(pricing, mid, 'receive', r);
          expect(price.recipient_gets.currency).toBe(pricing.target_currency);
          expect(price.recipient_gets.toDecimalString()).toBe(
            Money.fromMinor(r, pricing.target_currency).toDecimalString(),
          );
        },
      ),
      { numRuns: 1000 },
    );
  });

  it('holds for each corridor and method, the zero-decimal targets included', () => {
    const targets = new Set(ALL_CORRIDOR_PRICING.map((pricing) => pricing.target_currency));
    expect(targets).toContain('JPY');
    expect(targets).toContain('VND');
    for (const pricing of ALL_CORRIDOR_PRICING) {
      fc.assert(
        fc.property(realisticMid(pricing), receiveMinor, (mid, r) => {
          expect(priceOf(pricing, mid, 'receive', r).recipient_gets.minor).toBe(r);
        }),
        { numRuns: 25 },
      );
    }
  });

  it('pays ₹40,000 exactly where it used to pay ₹40,000.63', () => {
    const inrCashPickup = ALL_CORRIDOR_PRICING.find(
      (pricing) =>
        pricing.source_currency === 'GBP' &&
        pricing.target_currency === 'INR' &&
        pricing.method === 'CASH-PICKUP',
    );
    expect(inrCashPickup).toBeDefined();
    if (!inrCashPickup) return;
    for (const mid of ['105.2', '112.31808', '104.58']) {
      const price = priceOf(inrCashPickup, mid, 'receive', 4_000_000n);
      expect(price.recipient_gets.toDecimalString()).toBe('40000.00');
    }
  });
});

describe('every figure exactly as configured', () => {
  it('applies the margin, the fee tier, the roundings and the disclosure', () => {
    fc.assert(
      fc.property(
        corridorArb,
        anyMid,
        fc.constantFrom('send' as const, 'receive' as const),
        fc.bigInt({ min: 1n, max: 10n ** 12n }),
        (pricing, mid, amountType, minor) => {
          const price = priceOf(pricing, mid, amountType, minor);
          checkOurRate(price, pricing, mid);
          checkFee(price, pricing);
          checkRecipientAndCost(price, mid);
        },
      ),
      { numRuns: 300 },
    );
  });
});

/** our = mid × (1 − margin/100) truncated to N significant digits, checked with decimal.js. */
function checkOurRate(price: TransferPrice, pricing: CorridorPricing, mid: string): void {
  expect(price.markup_percent).toBe(pricing.margin_percent);
  expect(price.mid_market_rate).toBe(mid);
  // 80 digits hold the product exactly: mid has at most 22 digits, (1 − margin/100) at most 6.
  const Exact = Decimal.clone({ precision: 80 });
  const expected = new Exact(mid)
    .times(new Exact(1).minus(new Exact(pricing.margin_percent).div(100)))
    .toSignificantDigits(OUR_RATE_SIGNIFICANT_DIGITS, Decimal.ROUND_DOWN);
  expect(price.our_rate).toBe(expected.toFixed());
}

/** The tier is the first whose bound is at least the send amount; fee = fixed + ⌈percent⌉. */
function checkFee(price: TransferPrice, pricing: CorridorPricing): void {
  const exponent = price.send_amount.exponent;
  const s = price.send_amount.minor;
  const tier = pricing.fee_tiers.find(
    (candidate) => candidate.up_to === null || s <= minorOf(candidate.up_to, exponent),
  );
  expect(price.fee_tier).toEqual(tier);
  const p = exact(tier?.percent ?? '');
  const fee = minorOf(tier?.fixed ?? '', exponent) + ceilDiv(s * p.c, ten(p.s) * 100n);
  expect(price.fee.minor).toBe(fee);
  expect(price.total_to_pay.minor).toBe(s + fee);
  expect(price.fee.currency).toBe(pricing.source_currency);
}

/** recipient = ⌊send × our⌋ for send; total cost = fee + ⌈send − recipient / mid⌉ ≥ fee. */
function checkRecipientAndCost(price: TransferPrice, mid: string): void {
  const { n, d } = minorRate(price);
  const s = price.send_amount.minor;
  const g = price.recipient_gets.minor;
  if (price.amount_type === 'send') {
    expect(g * d <= s * n).toBe(true);
    expect(s * n < (g + 1n) * d).toBe(true);
  } else {
    // Was the same as for send; a fixed receive amount is now paid exactly (issue 28), with
    // the send rounded down: one minor unit more would buy more than g.
    expect((s + 1n) * n > g * d).toBe(true);
  }
  const m = exact(mid);
  // worth = g / mid in source minor units = g × 10^m.s × 10^es / (m.c × 10^et), floored.
  const worth =
    (g * ten(m.s) * ten(price.send_amount.exponent)) / (m.c * ten(price.recipient_gets.exponent));
  expect(price.markup_cost.minor).toBe(s - worth);
  expect(price.total_cost.minor).toBe(price.fee.minor + s - worth);
  expect(price.total_cost.compare(price.fee)).toBeGreaterThanOrEqual(0);
  // percent = total / send × 100 to 2 decimals, half-up: ⌊(2·total·10^4 + send) / (2·send)⌋.
  const hundredths = (2n * price.total_cost.minor * 10_000n + s) / (2n * s);
  const text = hundredths.toString().padStart(3, '0');
  expect(price.total_cost_percent).toBe(`${text.slice(0, -2)}.${text.slice(-2)}`);
}

describe('limits are alerts, never errors', () => {
  const totalsArb = (currency: string) =>
    fc
      .tuple(
        fc.bigInt({ min: 0n, max: 10n ** 8n }),
        fc.bigInt({ min: 0n, max: 10n ** 8n }),
        fc.bigInt({ min: 0n, max: 10n ** 8n }),
      )
      .map(([a, b, c]) => ({
        last_24_hours: Money.fromMinor(a, currency),
        last_30_days: Money.fromMinor(a + b, currency),
        last_180_days: Money.fromMinor(a + b + c, currency),
      }));

  it('prices every positive amount, with an alert exactly when a bound or limit is broken', () => {
    fc.assert(
      fc.property(
        corridorArb.chain((pricing) =>
          fc.record({
            pricing: fc.constant(pricing),
            sent: totalsArb(pricing.source_currency),
          }),
        ),
        anyMid,
        fc.constantFrom(...VERIFICATION_LEVELS),
        fc.constantFrom('send' as const, 'receive' as const),
        fc.bigInt({ min: 1n, max: 10n ** 20n }),
        ({ pricing, sent }, mid, level, amountType, minor) => {
          const currency =
            amountType === 'send' ? pricing.source_currency : pricing.target_currency;
          const price = priceTransfer({
            corridor: pricing,
            mid_rate: mid,
            amount_type: amountType,
            amount: Money.fromMinor(minor, currency),
            sending_limits: { verification_level: level, sent },
          });
          const s = price.send_amount.minor;
          const outOfBounds = s < price.min_send.minor || s > price.max_send.minor;
          const overLimit = price.sending_limit !== null;
          const onPayout = amountType === 'receive' && outOfBounds;
          expect(price.alerts.payout_amount !== undefined).toBe(onPayout);
          expect(price.alerts.send_amount !== undefined).toBe(
            (amountType === 'send' && outOfBounds) || overLimit,
          );
          for (const text of Object.values(price.alerts)) expect(text).toMatch(/^[A-Z].*\.$/);
          expect(LIMIT_WINDOWS).toContain(price.sending_limit?.window ?? 'last_24_hours');
        },
      ),
      { numRuns: 300 },
    );
  });

  it('throws only PricingError amount_not_positive for zero and negative amounts', () => {
    fc.assert(
      fc.property(
        corridorArb,
        anyMid,
        fc.bigInt({ min: -(10n ** 20n), max: 0n }),
        (p, mid, minor) => {
          for (const amountType of ['send', 'receive'] as const) {
            let caught: unknown;
            try {
              priceOf(p, mid, amountType, minor);
            } catch (error) {
              caught = error;
            }
            expect(caught).toBeInstanceOf(PricingError);
            expect((caught as PricingError).code).toBe('amount_not_positive');
          }
        },
      ),
    );
  });
});

describe('the payout bounds a receive alert states', () => {
  /** The amount at the end of "… is KES 843,200.00." */
  const boundIn = (message: string) => {
    const [, currency = '', amount = ''] = /is ([A-Z]{3}) ([\d,.]+)\.$/.exec(message) ?? [];
    return Money.parse(amount.replaceAll(',', ''), currency);
  };

  it('are exact: the bound is accepted, one minor unit beyond it is not', () => {
    fc.assert(
      fc.property(
        corridorArb,
        anyMid,
        fc.bigInt({ min: 1n, max: 10n ** 14n }),
        (pricing, mid, r) => {
          const alert = priceOf(pricing, mid, 'receive', r).alerts.payout_amount;
          fc.pre(alert !== undefined);
          const bound = boundIn(alert ?? '');
          fc.pre(bound.isPositive()); // at absurd rates the maximum delivers nothing
          expect(
            priceOf(pricing, mid, 'receive', bound.minor).alerts.payout_amount,
          ).toBeUndefined();
          const below = alert?.startsWith('The minimum') === true;
          const beyond = below ? bound.minor - 1n : bound.minor + 1n;
          if (beyond > 0n) {
            expect(priceOf(pricing, mid, 'receive', beyond).alerts.payout_amount).toBe(alert);
          }
        },
      ),
    );
  });
});

describe('JPY and VND (no decimals)', () => {
  it('pays whole units and refuses fractions of them', () => {
    const wholeUnitCorridors = ALL_CORRIDOR_PRICING.filter((pricing) =>
      ['JPY', 'VND'].includes(pricing.target_currency),
    );
    fc.assert(
      fc.property(fc.constantFrom(...wholeUnitCorridors), anyMid, sendMinor, (pricing, mid, m) => {
        const price = priceOf(pricing, mid, 'send', m);
        expect(price.recipient_gets.exponent).toBe(0);
        expect(price.recipient_gets.toDecimalString()).toMatch(/^\d+$/);
        const asked = priceOf(pricing, mid, 'receive', m);
        expect(asked.recipient_gets.minor >= m).toBe(true);
      }),
    );
  });
});
