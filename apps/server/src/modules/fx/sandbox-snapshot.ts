/**
 * The sandbox provider's snapshot of mid-market rates (docs/sandbox-providers.md#fx-rates), in the ECB's convention:
 * units of each currency per 1 EUR. Every source × target pair is a cross rate of two entries.
 *
 * Date: 2026-11-20 (a Friday), 14:10 CET, the ECB's daily concertation.
 * Source: written by hand at late-2026 market levels, since this machine has no internet. The
 * currencies the ECB publishes carry the values of the recorded test file of the same day
 * (fixtures/eurofxref-daily-2026-11-20.xml); the seven it does not publish (NGN, KES, PKR, BDT,
 * NPR, GHS, VND) carry their central banks' levels of the time, converted through USD; NPR is
 * pegged to INR at 1.6. They are plausible, not quoted from a feed: replace them with a recorded
 * file (and move the date) before anyone relies on them. Resulting levels: GBP/INR ≈ 112.59,
 * USD/JPY ≈ 150.19, EUR/PLN = 4.248, GBP/NGN ≈ 1944.
 */
export const SANDBOX_SNAPSHOT_DATE = '2026-11-20';

export const SANDBOX_SNAPSHOT_PER_EUR: ReadonlyMap<string, string> = new Map([
  // Sources (EUR is the pivot, 1).
  ['GBP', '0.87865'],
  ['USD', '1.1603'],
  ['AUD', '1.7640'],
  ['CAD', '1.6012'],
  // Targets the ECB publishes.
  ['INR', '98.9250'],
  ['PHP', '67.058'],
  ['MXN', '21.4087'],
  ['JPY', '174.27'],
  ['PLN', '4.2480'],
  // Targets it does not.
  ['NGN', '1708.40'],
  ['KES', '149.92'],
  ['PKR', '326.55'],
  ['BDT', '141.90'],
  ['NPR', '158.28'],
  ['GHS', '13.170'],
  ['VND', '30578'],
]);
