import type { PayoutMethodCode } from '@corridor/contracts';

/**
 * When the recipient has the money if the customer pays now (docs/decisions/0020, "Estimated
 * arrival"): a rule per payout method, computed from the injected clock, the same on every call
 * with the same time. Durations are milliseconds (not money).
 *
 * - MOBILE-WALLET: 10 minutes (wallets credit at once; the margin covers the partner's queue).
 * - CASH-PICKUP: 30 minutes (the agent network is told, the recipient gets the PIN by text).
 * - BANK-ACCOUNT: by 18:00 on the same business day in the target country when paid before its
 *   15:00 cut-off, else by 18:00 on the next business day (Monday to Friday; public holidays are
 *   not counted).
 */
const WALLET_MS = 600_000;
const CASH_PICKUP_MS = 1_800_000;
const DAY_MS = 86_400_000;
const BANK_CUT_OFF_HOUR = 15;
/** 18:00 after local midnight. */
const BANK_ARRIVAL_MS = 64_800_000;

/**
 * Each target's standard time as an offset from UTC, in milliseconds. Summer time is not
 * followed (Poland alone of the targets changes clocks): in summer its cut-off and arrival are
 * an hour later in local terms (16:00 and 19:00), which keeps the rule simple and stable.
 */
const UTC_OFFSET_MS: Readonly<Record<string, number>> = {
  IN: 19_800_000, // +05:30
  PH: 28_800_000, // +08:00
  NG: 3_600_000, // +01:00
  KE: 10_800_000, // +03:00
  PK: 18_000_000, // +05:00
  MX: -21_600_000, // −06:00
  BD: 21_600_000, // +06:00
  NP: 20_700_000, // +05:45
  GH: 0, // +00:00
  VN: 25_200_000, // +07:00
  JP: 32_400_000, // +09:00
  PL: 3_600_000, // +01:00
};

const isWeekend = (localDay: Date) => localDay.getUTCDay() === 0 || localDay.getUTCDay() === 6;

/** By 18:00 local on the same or next business day, as a UTC instant. */
function bankArrival(targetIso2: string, now: Date): Date {
  const offset = UTC_OFFSET_MS[targetIso2] ?? 0;
  // The target's wall-clock time, held in a Date read with the UTC getters.
  const local = new Date(now.getTime() + offset);
  const midnight = Date.UTC(local.getUTCFullYear(), local.getUTCMonth(), local.getUTCDate());
  let day = new Date(midnight);
  if (isWeekend(day) || local.getUTCHours() >= BANK_CUT_OFF_HOUR) {
    day = new Date(day.getTime() + DAY_MS);
    while (isWeekend(day)) day = new Date(day.getTime() + DAY_MS);
  }
  return new Date(day.getTime() + BANK_ARRIVAL_MS - offset);
}

/** The estimated arrival of a transfer paid out by `method` in `targetIso2`, paid at `now`. */
export function estimatedArrival(method: PayoutMethodCode, targetIso2: string, now: Date): Date {
  switch (method) {
    case 'MOBILE-WALLET':
      return new Date(now.getTime() + WALLET_MS);
    case 'CASH-PICKUP':
      return new Date(now.getTime() + CASH_PICKUP_MS);
    case 'BANK-ACCOUNT':
      return bankArrival(targetIso2, now);
  }
}
