import { describe, expect, it } from 'vitest';
import { RateDecimal } from '../../lib/money.ts';
import type { RandomSource } from '../../lib/random.ts';
import { TestClock } from '../../test/clock.ts';
import { FX_PAIRS } from './index.ts';
import { createSandboxProvider, snapshotRates, WALK } from './sandbox-provider.ts';
import { SANDBOX_SNAPSHOT_DATE } from './sandbox-snapshot.ts';
import { seededRandom } from './seeded-random.ts';

const clock = new TestClock();
const snapshot = snapshotRates(FX_PAIRS);
const key = (rate: { base: string; quote: string }) => `${rate.base}/${rate.quote}`;

async function walk(random: RandomSource, steps: number) {
  const provider = createSandboxProvider({ pairs: FX_PAIRS, clock, random });
  const history: Map<string, string>[] = [];
  for (let step = 0; step < steps; step += 1) {
    const rates = await provider.fetchRates();
    history.push(new Map(rates.map((rate) => [key(rate), rate.rate])));
  }
  return history;
}

/** |a − b| / snapshot, as a decimal. */
const moveOf = (a: string, b: string, base: string) => new RateDecimal(a).minus(b).abs().div(base);

/** A random source that always draws the largest step up: the walk's worst case. */
const alwaysUp: RandomSource = {
  bytes: (size) => {
    const bytes = Buffer.alloc(size);
    bytes.writeUIntBE(2000, size - 6, 6); // 2000 mod 2001 → ε = +0.001
    return bytes;
  },
  uuid: () => '00000000-0000-4000-8000-000000000000',
};

describe('the sandbox provider', () => {
  it(`ships the ${SANDBOX_SNAPSHOT_DATE} snapshot for every source × target pair`, () => {
    expect(FX_PAIRS).toHaveLength(60);
    expect([...snapshot.keys()].sort()).toEqual(FX_PAIRS.map(key).sort());
    // Real levels of late 2026 (decimal strings, never floats).
    expect(snapshot.get('GBP/INR')).toBe('112.5874922');
    expect(snapshot.get('USD/JPY')).toBe('150.1939154');
    expect(snapshot.get('EUR/PLN')).toBe('4.248');
    expect(snapshot.get('GBP/NGN')).toBe('1944.346441');
    expect(snapshot.get('USD/VND')).toBe('26353.52926');
    for (const rate of snapshot.values()) expect(rate).toMatch(/^\d+(\.\d+)?$/);
  });

  it('moves every rate on each refresh, dated by the clock', async () => {
    const provider = createSandboxProvider({ pairs: FX_PAIRS, clock, random: seededRandom('a') });
    const rates = await provider.fetchRates();
    expect(rates).toHaveLength(60);
    expect(rates.every((rate) => rate.as_of.getTime() <= clock.now().getTime())).toBe(true);
    const moved = rates.filter((rate) => rate.rate !== snapshot.get(key(rate)));
    expect(moved.length).toBeGreaterThan(55); // ε = 0 is one draw in 2001
  });

  it('is deterministic for a seed, and another seed walks elsewhere', async () => {
    const first = await walk(seededRandom('corridor'), 20);
    const again = await walk(seededRandom('corridor'), 20);
    const other = await walk(seededRandom('elsewhere'), 20);
    expect(again).toEqual(first);
    expect(other.at(-1)).not.toEqual(first.at(-1));
  });

  it('stays within 0.2 % a step and 2 % of the snapshot, even drawn up every time', async () => {
    const perStep = new RateDecimal(WALK.step).plus(
      new RateDecimal(WALK.reversion).times(WALK.bound),
    );
    expect(perStep.toFixed()).toBe('0.002');
    // Rates are rounded to 10 significant digits: a hair of tolerance.
    const hair = new RateDecimal('1e-9');
    for (const history of [await walk(seededRandom('bounded'), 150), await walk(alwaysUp, 150)]) {
      let previous = snapshot;
      for (const rates of history) {
        for (const [pair, rate] of rates) {
          const base = snapshot.get(pair) ?? '';
          expect(moveOf(rate, previous.get(pair) ?? '', base).lte(perStep.plus(hair))).toBe(true);
          expect(moveOf(rate, base, base).lte(new RateDecimal(WALK.bound).plus(hair))).toBe(true);
        }
        previous = rates;
      }
    }
    // Drawn up every time, the walk closes in on the bound and never crosses it.
    const last = (await walk(alwaysUp, 150)).at(-1)?.get('GBP/INR') ?? '';
    expect(moveOf(last, '112.5874922', '112.5874922').gt('0.0199')).toBe(true);
  });

  it('goes on from the last stored rate, held inside the bound', async () => {
    const stored = new RateDecimal('112.5874922').times('1.05').toFixed(); // 5 % off: a new snapshot
    const provider = createSandboxProvider({
      pairs: FX_PAIRS,
      clock,
      random: seededRandom('resume'),
      previous: async () => [{ base: 'GBP', quote: 'INR', rate: stored }],
    });
    const rate = (await provider.fetchRates()).find((r) => key(r) === 'GBP/INR')?.rate ?? '';
    const deviation = new RateDecimal(rate).div('112.5874922').minus(1);
    // Held at +2 %, then one step of reversion and noise: between 1.8 % and 2 %.
    expect(deviation.gte('0.0179')).toBe(true);
    expect(deviation.lte('0.0200001')).toBe(true);
  });
});
