import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ecbRateTime, EcbFeedError, parseEcbDaily } from './ecb-feed.ts';
import { createEcbProvider } from './ecb-provider.ts';
import { FX_PAIRS } from './index.ts';

const recorded = fs.readFileSync(
  path.join(import.meta.dirname, 'fixtures/eurofxref-daily-2026-11-20.xml'),
  'utf8',
);

const providerOn = (text: string) =>
  createEcbProvider({ pairs: FX_PAIRS, fetchText: async () => text });

const rateOf = (rates: { base: string; quote: string; rate: string }[], pair: string) =>
  rates.find((rate) => `${rate.base}/${rate.quote}` === pair)?.rate;

describe('the ECB daily reference rates, on the recorded file of 2026-11-20', () => {
  it('reads the day and every currency exactly as published', () => {
    const { date, perEur } = parseEcbDaily(recorded);
    expect(date).toBe('2026-11-20');
    expect(perEur.size).toBe(29);
    expect(perEur.get('USD')).toBe('1.1603');
    expect(perEur.get('GBP')).toBe('0.87865');
    expect(perEur.get('HUF')).toBe('384.50');
  });

  it('computes cross rates through EUR, exact to the digit (half-even, 10 significant digits)', async () => {
    const rates = await providerOn(recorded).fetchRates();
    // quote per EUR ÷ base per EUR, worked out independently with Python's decimal module.
    expect(rateOf(rates, 'GBP/INR')).toBe('112.5874922'); // 98.9250 / 0.87865
    expect(rateOf(rates, 'USD/JPY')).toBe('150.1939154'); // 174.27 / 1.1603
    expect(rateOf(rates, 'AUD/PHP')).toBe('38.01473923'); // 67.058 / 1.7640
    expect(rateOf(rates, 'CAD/MXN')).toBe('13.37040969'); // 21.4087 / 1.6012
    expect(rateOf(rates, 'GBP/PLN')).toBe('4.834689581'); // 4.2480 / 0.87865
    expect(rateOf(rates, 'GBP/JPY')).toBe('198.33836'); // 198.3383600…: no trailing zeros
    // EUR is the pivot: its rates are the published ones, as written (4.2480 is 4.248).
    expect(rateOf(rates, 'EUR/PLN')).toBe('4.248');
    expect(rateOf(rates, 'EUR/INR')).toBe('98.925');
  });

  it('leaves out every pair with a currency the ECB does not publish', async () => {
    const rates = await providerOn(recorded).fetchRates();
    const published = ['INR', 'PHP', 'MXN', 'JPY', 'PLN'];
    // Five sources × the five targets the ECB publishes; NGN, KES, PKR, BDT, NPR, GHS, VND absent.
    expect(rates).toHaveLength(25);
    expect(rates.every((rate) => published.includes(rate.quote))).toBe(true);
    for (const missing of ['NGN', 'KES', 'PKR', 'BDT', 'NPR', 'GHS', 'VND']) {
      expect(rateOf(rates, `GBP/${missing}`)).toBeUndefined();
    }
    // A currency missing from one day's file is simply absent that day.
    const withoutPln = recorded.replace(/\s*<Cube currency='PLN' rate='4.2480'\/>/, '');
    const fewer = await providerOn(withoutPln).fetchRates();
    expect(fewer).toHaveLength(20);
    expect(rateOf(fewer, 'EUR/PLN')).toBeUndefined();
    expect(rateOf(fewer, 'EUR/INR')).toBe('98.925');
  });

  it("dates every rate at the day's concertation, 14:10 in Frankfurt (CET or CEST)", async () => {
    const rates = await providerOn(recorded).fetchRates();
    expect(new Set(rates.map((rate) => rate.as_of.toISOString()))).toEqual(
      new Set(['2026-11-20T13:10:00.000Z']),
    );
    expect(ecbRateTime('2026-07-15').toISOString()).toBe('2026-07-15T12:10:00.000Z');
    expect(ecbRateTime('2026-03-27').toISOString()).toBe('2026-03-27T13:10:00.000Z');
    expect(ecbRateTime('2026-03-30').toISOString()).toBe('2026-03-30T12:10:00.000Z');
  });

  it('accepts the double quotes of a re-encoded file, comments and a byte-order mark', () => {
    const reencoded = `\uFEFF${recorded.replaceAll("'", '"')}`.replace(
      '<Cube>',
      '<!-- recorded --><Cube>',
    );
    expect(parseEcbDaily(reencoded).perEur.get('INR')).toBe('98.9250');
  });
});

describe('a malformed file is refused as a whole', () => {
  const cases: [string, string][] = [
    ['an empty answer', ''],
    ['an HTML error page', '<!DOCTYPE html><html><body>Service unavailable</body></html>'],
    ['a cut-off file', recorded.slice(0, recorded.length / 2)],
    ['a misnamed end tag', recorded.replace('</gesmes:Sender>', '</gesmes:sender>')],
    [
      'a DOCTYPE (external entities)',
      recorded.replace(
        '<gesmes:Envelope',
        '<!DOCTYPE x [<!ENTITY e SYSTEM "file:///etc/passwd">]><gesmes:Envelope',
      ),
    ],
    ['CDATA', recorded.replace('Reference rates', '<![CDATA[Reference rates]]>')],
    ['an unknown entity', recorded.replace('Reference rates', 'Reference &rates;')],
    ['a duplicate attribute', recorded.replace("rate='1.1603'", "rate='1.1603' rate='1.2'")],
    ['a second root', `${recorded}<gesmes:Envelope/>`],
    ['another namespace', recorded.replace('2002-08-01/eurofxref', '2002-08-01/other')],
    ['no day', recorded.replace(/<Cube time='2026-11-20'>[\s\S]*?<\/Cube>\s*<\/Cube>/, '</Cube>')],
    [
      'two days',
      recorded.replace(
        "<Cube time='2026-11-20'>",
        "<Cube time='2026-11-19'></Cube><Cube time='2026-11-20'>",
      ),
    ],
    ['an impossible date', recorded.replace('2026-11-20', '2026-02-30')],
    ['a rate with a comma', recorded.replace("rate='1.1603'", "rate='1,1603'")],
    ['a negative rate', recorded.replace("rate='1.1603'", "rate='-1.1603'")],
    ['a zero rate', recorded.replace("rate='1.1603'", "rate='0.0000'")],
    ['an exponent', recorded.replace("rate='1.1603'", "rate='1.16e0'")],
    ['a lower-case code', recorded.replace("currency='USD'", "currency='usd'")],
    ['EUR against itself', recorded.replace("currency='USD'", "currency='EUR'")],
    ['a currency twice', recorded.replace("currency='JPY'", "currency='USD'")],
    ['a rate without a value', recorded.replace(" rate='1.1603'", '')],
    ['text where rates go', recorded.replace("<Cube currency='USD'", "1.16<Cube currency='USD'")],
    ['no rates', recorded.replace(/\s*<Cube currency[^>]*\/>/g, '')],
  ];

  it.each(cases)('%s', async (_name, text) => {
    expect(() => parseEcbDaily(text)).toThrow(EcbFeedError);
    await expect(providerOn(text).fetchRates()).rejects.toThrow(EcbFeedError);
  });

  it('refuses a file far larger than the real one, and nesting past the limit', () => {
    expect(() => parseEcbDaily(`${recorded}${' '.repeat(300 * 1024)}`)).toThrow(/too large/);
    expect(() => parseEcbDaily(`${'<a>'.repeat(100)}${'</a>'.repeat(100)}`)).toThrow(
      /nested too deeply/,
    );
  });

  it('passes on a failed fetch: the provider answers nothing rather than guess', async () => {
    const down = createEcbProvider({
      pairs: FX_PAIRS,
      fetchText: async () => {
        throw new Error('connect ECONNREFUSED');
      },
    });
    await expect(down.fetchRates()).rejects.toThrow('ECONNREFUSED');
  });
});
