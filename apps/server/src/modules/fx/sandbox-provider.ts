import type Decimal from 'decimal.js';
import type { Clock } from '../../lib/clock.ts';
import { RateDecimal } from '../../lib/money.ts';
import type { RandomSource } from '../../lib/random.ts';
import {
  crossRate,
  roundedRate,
  type CurrencyPair,
  type FetchedRate,
  type FxRateProvider,
} from './fx-rate-provider.ts';
import { SANDBOX_SNAPSHOT_PER_EUR } from './sandbox-snapshot.ts';

/**
 * The walk (docs/decisions/0021): each pair's rate is the snapshot × (1 + d), and every refresh
 * moves d to (1 − REVERSION) × d + ε, ε uniform in ±STEP in steps of 1e-6. So one refresh moves
 * a rate by at most REVERSION × BOUND + STEP = 0.2 % of the snapshot, and d never leaves
 * ±STEP / REVERSION = ±2 %: the calculator visibly moves, and stays near real levels.
 */
export const WALK = {
  step: '0.001',
  reversion: '0.05',
  bound: '0.02',
} as const;

const STEP_MICROS = 1000n; // ε in millionths: −1000 … +1000
const MICROS = 1_000_000;

/** ε: a uniform draw in [−STEP, +STEP], from the injected random source. */
function drawStep(random: RandomSource): Decimal {
  const draw = BigInt(`0x${random.bytes(6).toString('hex')}`);
  // 2^48 draws over 2001 values: the bias is below 1e-11.
  const micros = (draw % (2n * STEP_MICROS + 1n)) - STEP_MICROS;
  return new RateDecimal(micros.toString()).div(MICROS);
}

/** One step of the walk: the next deviation from the snapshot. */
export function nextDeviation(deviation: Decimal, random: RandomSource): Decimal {
  const kept = new RateDecimal(1).minus(WALK.reversion).times(deviation);
  return kept.plus(drawStep(random));
}

export interface SandboxProviderOptions {
  pairs: readonly CurrencyPair[];
  clock: Clock;
  /** Seeded in tests: the same seed gives the same walk. */
  random: RandomSource;
  /**
   * The last stored rates of this provider, so the walk goes on where it stopped (after a restart,
   * or when another process ran the last refresh). Without it, the walk lives in this process.
   */
  previous?: (
    pairs: readonly CurrencyPair[],
  ) => Promise<{ base: string; quote: string; rate: string }[]>;
}

const pairKey = (pair: CurrencyPair) => `${pair.base}/${pair.quote}`;

/** The snapshot's rate of every pair it can serve (all sources × targets of Corridor). */
export function snapshotRates(pairs: readonly CurrencyPair[]): Map<string, string> {
  const rates = new Map<string, string>();
  for (const pair of pairs) {
    const rate = crossRate(SANDBOX_SNAPSHOT_PER_EUR, 'EUR', pair);
    if (rate !== undefined) rates.set(pairKey(pair), rate);
  }
  return rates;
}

/**
 * Where a stored rate sits on the walk. One outside the bound (a new snapshot, a rounding hair
 * over it) is held at the bound, from where the walk reverts to the snapshot step by step.
 */
function deviationOf(rate: string, snapshot: string): Decimal {
  const deviation = new RateDecimal(rate).div(snapshot).minus(1);
  return RateDecimal.min(WALK.bound, RateDecimal.max(new RateDecimal(WALK.bound).neg(), deviation));
}

/** The sandbox FX provider (docs/sandbox-providers.md#fx-rates): the dated snapshot, moved by a seeded random walk. */
export function createSandboxProvider(options: SandboxProviderOptions): FxRateProvider {
  const snapshot = snapshotRates(options.pairs);
  const deviations = new Map<string, Decimal>();
  return {
    name: 'sandbox',
    async fetchRates() {
      for (const stored of (await options.previous?.(options.pairs)) ?? []) {
        const key = pairKey(stored);
        const base = snapshot.get(key);
        if (base !== undefined) deviations.set(key, deviationOf(stored.rate, base));
      }
      const asOf = options.clock.now();
      const rates: FetchedRate[] = [];
      for (const pair of options.pairs) {
        const key = pairKey(pair);
        const base = snapshot.get(key);
        if (base === undefined) continue;
        const deviation = nextDeviation(deviations.get(key) ?? new RateDecimal(0), options.random);
        deviations.set(key, deviation);
        const rate = roundedRate(new RateDecimal(base).times(deviation.plus(1)));
        rates.push({ base: pair.base, quote: pair.quote, rate, as_of: asOf });
      }
      return rates;
    },
  };
}
