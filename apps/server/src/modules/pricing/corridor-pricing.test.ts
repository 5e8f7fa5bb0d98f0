import { currencyExponent } from '@corridor/contracts';
import { describe, expect, it } from 'vitest';
import { Money } from '../../lib/money.ts';
import {
  ALL_CORRIDOR_PRICING,
  PAYOUT_METHODS,
  PRICING_SOURCES,
  PRICING_TARGETS,
  PRICING_VERSION,
  PricingError,
  corridorPricing,
  feeFor,
  findCorridorPricing,
  payoutMethodsOf,
} from './index.ts';

/** A decimal string compared exactly with a bound, as hundredths. */
const hundredths = (text: string) => Money.parse(text, 'GBP').minor;

describe('the corridor pricing table', () => {
  it('is versioned by date', () => {
    expect(PRICING_VERSION).toMatch(/^\d{4}-\d{2}-\d{2}$/);
  });

  it('offers exactly the method × target set the recipient channels and payout tables use', () => {
    const bank = ['BANK-ACCOUNT'];
    const wallet = ['BANK-ACCOUNT', 'MOBILE-WALLET'];
    const cash = ['BANK-ACCOUNT', 'CASH-PICKUP'];
    const all = ['BANK-ACCOUNT', 'MOBILE-WALLET', 'CASH-PICKUP'];
    expect(
      Object.fromEntries(PRICING_TARGETS.map((t) => [t.country, payoutMethodsOf(t.country)])),
    ).toEqual({
      IN: cash,
      PH: all,
      NG: cash,
      KE: wallet,
      PK: all,
      MX: cash,
      BD: all,
      NP: all,
      GH: wallet,
      VN: cash,
      JP: bank,
      PL: bank,
    });
    expect(PRICING_TARGETS.map((t) => `${t.country}/${t.currency}`)).toEqual([
      'IN/INR',
      'PH/PHP',
      'NG/NGN',
      'KE/KES',
      'PK/PKR',
      'MX/MXN',
      'BD/BDT',
      'NP/NPR',
      'GH/GHS',
      'VN/VND',
      'JP/JPY',
      'PL/PLN',
    ]);
    expect(PRICING_SOURCES.map((s) => `${s.country}/${s.currency}`)).toEqual([
      'GB/GBP',
      'US/USD',
      'AU/AUD',
      'CA/CAD',
      'IE/EUR',
    ]);
    expect(payoutMethodsOf('FR')).toEqual([]);
    expect(payoutMethodsOf('constructor')).toEqual([]);
  });

  it('prices every source to every target method, and nothing else', () => {
    expect(ALL_CORRIDOR_PRICING).toHaveLength(5 * (12 + 6 + 8)); // 12 bank, 6 wallet, 8 cash targets
    for (const source of PRICING_SOURCES) {
      for (const target of PRICING_TARGETS) {
        for (const method of PAYOUT_METHODS) {
          const key = {
            source_currency: source.currency,
            target_currency: target.currency,
            method,
          };
          const offered = payoutMethodsOf(target.country).includes(method);
          expect(findCorridorPricing(key) !== undefined, JSON.stringify(key)).toBe(offered);
          if (!offered) expect(() => corridorPricing(key)).toThrow(PricingError);
        }
      }
    }
    expect(
      findCorridorPricing({
        source_currency: 'INR',
        target_currency: 'GBP',
        method: 'BANK-ACCOUNT',
      }),
    ).toBeUndefined();
  });

  it('keeps every value realistic and well formed', () => {
    for (const pricing of ALL_CORRIDOR_PRICING) {
      const name = `${pricing.source_currency}-${pricing.target_currency} ${pricing.method}`;
      expect(currencyExponent(pricing.source_currency), name).toBe(2);
      // Margins 0.30–1.50 %, fees up to 0.60 % plus a fixed part, bounds 1–10 and 5,000–50,000.
      const margin = hundredths(pricing.margin_percent);
      expect(margin >= 30n && margin <= 150n, `${name} margin`).toBe(true);
      const min = hundredths(pricing.min_send);
      const max = hundredths(pricing.max_send);
      expect(min >= 100n && min <= 1000n, `${name} min`).toBe(true);
      expect(max >= 500_000n && max <= 5_000_000n, `${name} max`).toBe(true);
      for (const tier of pricing.fee_tiers) {
        expect(hundredths(tier.percent) <= 60n, `${name} percent`).toBe(true);
        expect(hundredths(tier.fixed) <= 1000n, `${name} fixed`).toBe(true);
        Money.parse(tier.fixed, pricing.source_currency);
        if (tier.up_to !== null) Money.parse(tier.up_to, pricing.source_currency);
      }
      expect(Object.isFrozen(pricing) && Object.isFrozen(pricing.fee_tiers)).toBe(true);
    }
  });

  it('orders the fee tiers, ends them open, and never lowers the fee as the amount grows', () => {
    for (const pricing of ALL_CORRIDOR_PRICING) {
      const name = `${pricing.source_currency}-${pricing.target_currency} ${pricing.method}`;
      const tiers = pricing.fee_tiers;
      expect(tiers.at(-1)?.up_to, name).toBeNull();
      const bounds = tiers.slice(0, -1).map((tier) => Money.parse(tier.up_to ?? '', 'GBP'));
      bounds.forEach((bound, index) => {
        const next = bounds[index + 1];
        if (next) expect(bound.compare(next), name).toBe(-1);
        const atBound = Money.parse(bound.toDecimalString(), pricing.source_currency);
        const justAbove = atBound.plus(Money.fromMinor(1n, pricing.source_currency));
        const [tier, nextTier] = [tiers[index], tiers[index + 1]];
        if (!tier || !nextTier) throw new Error('unreachable');
        expect(feeFor(nextTier, justAbove).compare(feeFor(tier, atBound)), name).toBe(1);
      });
    }
  });

  it('applies the overrides over the defaults', () => {
    const gbpInr = corridorPricing({
      source_currency: 'GBP',
      target_currency: 'INR',
      method: 'BANK-ACCOUNT',
    });
    expect(gbpInr.margin_percent).toBe('0.40');
    expect(gbpInr.fee_tiers).toHaveLength(2);
    const gbpInrCash = corridorPricing({
      source_currency: 'GBP',
      target_currency: 'INR',
      method: 'CASH-PICKUP',
    });
    expect([gbpInrCash.margin_percent, gbpInrCash.min_send, gbpInrCash.max_send]).toEqual([
      '0.85',
      '5.00',
      '5000.00',
    ]);
    const usdMxnCash = corridorPricing({
      source_currency: 'USD',
      target_currency: 'MXN',
      method: 'CASH-PICKUP',
    });
    expect(usdMxnCash.fee_tiers).toEqual([{ up_to: null, fixed: '1.99', percent: '0' }]);
  });
});
