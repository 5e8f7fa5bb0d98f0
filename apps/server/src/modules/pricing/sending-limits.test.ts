import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { translate } from '../../i18n/index.ts';
import { Money } from '../../lib/money.ts';
import {
  LIMIT_WINDOWS,
  PRICING_SOURCES,
  PricingError,
  SENDING_LIMITS,
  VERIFICATION_LEVELS,
  checkSendingLimits,
  sendingLimitsOf,
  type SentTotals,
  type VerificationLevel,
} from './index.ts';

const gbp = (amount: string) => Money.parse(amount, 'GBP');
const sentGbp = (day: string, month: string, half: string): SentTotals => ({
  last_24_hours: gbp(day),
  last_30_days: gbp(month),
  last_180_days: gbp(half),
});

function check(level: VerificationLevel, amount: string, sent: SentTotals) {
  return checkSendingLimits({ verification_level: level, sent, amount: gbp(amount) });
}

describe('sending limits, hand-checked (GBP)', () => {
  it('allows up to the limit exactly, and says what is left beyond it', () => {
    // Unverified: 500 in 24 hours, 1,000 in 30 and 180 days.
    expect(check('unverified', '200', sentGbp('300', '300', '300'))).toBeNull();
    const alert = check('unverified', '200.01', sentGbp('300', '300', '300'));
    expect(alert?.window).toBe('last_24_hours');
    expect(alert?.remaining.toString()).toBe('GBP 200.00');
    expect(alert?.limit.toString()).toBe('GBP 500.00');
    expect(alert?.message).toBe(
      'You can send up to GBP 200.00 more in the next 24 hours. Verify your identity to send more.',
    );
  });

  it('names the window with the least left; on a tie, the longest', () => {
    // Verified: 8,000 / 20,000 / 50,000. Sent 1,000 today, 19,000 in 30 days: 30 days has 1,000 left.
    const month = check('verified', '7000', sentGbp('1000', '19000', '19000'));
    expect([month?.window, month?.remaining.toString()]).toEqual(['last_30_days', 'GBP 1000.00']);
    expect(month?.message).toBe(
      'You can send up to GBP 1,000.00 more in the next 30 days. Tell us where your money comes from to send more.',
    );
    // Both 30 and 180 days full: the 180-day limit is the one that matters.
    const full = check('verified', '1', sentGbp('0', '20000', '50000'));
    expect([full?.window, full?.remaining.toString()]).toEqual(['last_180_days', 'GBP 0.00']);
    expect(full?.message).toBe(
      'You have reached your limit of GBP 50,000.00 in 180 days. Tell us where your money comes from to send more.',
    );
  });

  it('says the limit is reached when nothing is left, also past it', () => {
    const reached = check('enhanced', '0.01', sentGbp('60000', '60000', '60000'));
    expect(reached?.remaining.isZero()).toBe(true);
    expect(reached?.message).toBe(
      'You have reached your limit of GBP 50,000.00 in 24 hours. Contact us if you need to send more.',
    );
  });

  it('translates every limit text into Spanish, the next step too', () => {
    const cases: [VerificationLevel, string, SentTotals, string][] = [
      [
        'unverified',
        '600',
        sentGbp('0', '0', '0'),
        'Puedes enviar hasta GBP 500.00 más en las próximas 24 horas. Verifica tu identidad para enviar más.',
      ],
      [
        'verified',
        '1',
        sentGbp('0', '20000', '20000'),
        'Has alcanzado tu límite de GBP 20,000.00 en 30 días. Indícanos de dónde procede tu dinero para enviar más.',
      ],
      [
        'enhanced',
        '100',
        sentGbp('0', '0', '249950'),
        'Puedes enviar hasta GBP 50.00 más en los próximos 180 días. Contacta con nosotros si necesitas enviar más.',
      ],
      [
        'enhanced',
        '1',
        sentGbp('50000', '50000', '50000'),
        'Has alcanzado tu límite de GBP 50,000.00 en 24 horas. Contacta con nosotros si necesitas enviar más.',
      ],
    ];
    for (const [level, amount, sent, spanish] of cases) {
      const alert = check(level, amount, sent);
      expect(translate(alert?.message ?? '', 'es')).toBe(spanish);
    }
  });

  it('refuses totals in another currency (a bug, not the customer)', () => {
    const sent = { ...sentGbp('0', '0', '0'), last_30_days: Money.zero('USD') };
    expect(() => check('verified', '1', sent)).toThrow(PricingError);
    expect(() => sendingLimitsOf('JPY', 'verified')).toThrow(PricingError);
  });
});

describe('the limits table', () => {
  it('has every source currency, and grows with the window and the level', () => {
    expect(Object.keys(SENDING_LIMITS).sort()).toEqual(
      PRICING_SOURCES.map((source) => source.currency).sort(),
    );
    for (const { currency } of PRICING_SOURCES) {
      let previousLevel: Record<string, Money> | null = null;
      for (const level of VERIFICATION_LEVELS) {
        const limits = sendingLimitsOf(currency, level);
        expect(limits.last_24_hours.compare(limits.last_30_days)).toBeLessThanOrEqual(0);
        expect(limits.last_30_days.compare(limits.last_180_days)).toBeLessThanOrEqual(0);
        for (const window of LIMIT_WINDOWS) {
          if (previousLevel) {
            expect(previousLevel[window]?.compare(limits[window]), `${currency} ${level}`).toBe(-1);
          }
        }
        previousLevel = limits;
      }
    }
  });
});

describe('sending limits, properties', () => {
  const currencyArb = fc.constantFrom(...PRICING_SOURCES.map((source) => source.currency));
  const minorArb = fc.bigInt({ min: 0n, max: 10n ** 9n });

  it('alerts exactly when a window would overflow, naming the least left; never throws', () => {
    fc.assert(
      fc.property(
        currencyArb,
        fc.constantFrom(...VERIFICATION_LEVELS),
        fc.tuple(minorArb, minorArb, minorArb),
        fc.bigInt({ min: 1n, max: 10n ** 10n }),
        (currency, level, [day, month, half], amountMinor) => {
          const sent: SentTotals = {
            last_24_hours: Money.fromMinor(day, currency),
            last_30_days: Money.fromMinor(day + month, currency),
            last_180_days: Money.fromMinor(day + month + half, currency),
          };
          const amount = Money.fromMinor(amountMinor, currency);
          const alert = checkSendingLimits({ verification_level: level, sent, amount });
          const limits = sendingLimitsOf(currency, level);
          const broken = LIMIT_WINDOWS.filter(
            (window) => sent[window].minor + amountMinor > limits[window].minor,
          );
          expect(alert !== null).toBe(broken.length > 0);
          if (!alert) return;
          const left = broken.map((window) => {
            const rest = limits[window].minor - sent[window].minor;
            return rest > 0n ? rest : 0n;
          });
          const least = left.reduce((a, b) => (b < a ? b : a));
          expect(alert.remaining.minor).toBe(least);
          expect(broken).toContain(alert.window);
          expect(alert.message).toContain(
            least > 0n
              ? alert.remaining.toWire('x').x_currency_prefixed
              : alert.limit.toWire('x').x_currency_prefixed,
          );
          expect(translate(alert.message, 'es')).not.toBe(alert.message);
        },
      ),
    );
  });
});
