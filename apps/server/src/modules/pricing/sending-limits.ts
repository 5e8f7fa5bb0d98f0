import { apiText } from '../../i18n/index.ts';
import { Money } from '../../lib/money.ts';
import type { SourceCurrency } from './corridor-pricing.ts';
import { PricingError } from './pricing-error.ts';

/**
 * Rolling sending limits by verification level (issue 15, docs/decisions/0020). A limit is never
 * an error: going over one gives an alert on `send_amount` (HTTP 200) saying which limit and how
 * much is left; confirming the transfer is where `limit_exceeded` (412) stops it.
 *
 * - `unverified`: no approved identity document yet;
 * - `verified`: identity approved;
 * - `enhanced`: source of funds provided as well.
 *
 * The limits count send amounts (what is converted), not fees.
 */
export const VERIFICATION_LEVELS = ['unverified', 'verified', 'enhanced'] as const;
export type VerificationLevel = (typeof VERIFICATION_LEVELS)[number];

/** The rolling windows, shortest first. */
export const LIMIT_WINDOWS = ['last_24_hours', 'last_30_days', 'last_180_days'] as const;
export type LimitWindow = (typeof LIMIT_WINDOWS)[number];

/** What the customer already sent in each window (send amounts, in the source currency). */
export type SentTotals = Readonly<Record<LimitWindow, Money>>;

/** The customer's side of the limits: their level and what they have sent. */
export interface SendingLimitInput {
  readonly verification_level: VerificationLevel;
  readonly sent: SentTotals;
}

type WindowLimits = Readonly<Record<LimitWindow, string>>;
const limits = (
  last_24_hours: string,
  last_30_days: string,
  last_180_days: string,
): WindowLimits => ({ last_24_hours, last_30_days, last_180_days });

/** Maximums per window, in major units of the source currency (about the same worth in each). */
export const SENDING_LIMITS: Readonly<
  Record<SourceCurrency, Readonly<Record<VerificationLevel, WindowLimits>>>
> = {
  GBP: {
    unverified: limits('500', '1000', '1000'),
    verified: limits('8000', '20000', '50000'),
    enhanced: limits('50000', '100000', '250000'),
  },
  USD: {
    unverified: limits('600', '1200', '1200'),
    verified: limits('10000', '25000', '60000'),
    enhanced: limits('60000', '125000', '300000'),
  },
  AUD: {
    unverified: limits('1000', '2000', '2000'),
    verified: limits('15000', '40000', '100000'),
    enhanced: limits('100000', '200000', '500000'),
  },
  CAD: {
    unverified: limits('900', '1800', '1800'),
    verified: limits('14000', '35000', '90000'),
    enhanced: limits('90000', '180000', '450000'),
  },
  EUR: {
    unverified: limits('600', '1200', '1200'),
    verified: limits('9000', '24000', '60000'),
    enhanced: limits('60000', '120000', '300000'),
  },
};

/** The limits of a level in a source currency, as Money. */
export function sendingLimitsOf(
  currency: string,
  level: VerificationLevel,
): Readonly<Record<LimitWindow, Money>> {
  const table = Object.hasOwn(SENDING_LIMITS, currency)
    ? SENDING_LIMITS[currency as SourceCurrency][level]
    : undefined;
  if (!table) {
    throw new PricingError('unknown_corridor', `No sending limits for ${currency} (${level}).`);
  }
  return {
    last_24_hours: Money.parse(table.last_24_hours, currency),
    last_30_days: Money.parse(table.last_30_days, currency),
    last_180_days: Money.parse(table.last_180_days, currency),
  };
}

/** The limit an amount would break, how much is left in it, and the customer's text. */
export interface SendingLimitAlert {
  readonly window: LimitWindow;
  readonly limit: Money;
  /** What can still be sent in the window now (zero when the limit is reached). */
  readonly remaining: Money;
  readonly message: string;
}

const NEXT_STEP = {
  unverified: () => apiText('pricing.limitNextStep.unverified'),
  verified: () => apiText('pricing.limitNextStep.verified'),
  enhanced: () => apiText('pricing.limitNextStep.enhanced'),
} as const satisfies Record<VerificationLevel, () => string>;

function limitMessage(
  window: LimitWindow,
  limit: Money,
  remaining: Money,
  level: VerificationLevel,
): string {
  const next_step = NEXT_STEP[level]();
  if (remaining.isPositive()) {
    const amount = remaining.toWire('amount').amount_currency_prefixed;
    if (window === 'last_24_hours')
      return apiText('pricing.limitLeft24Hours', { amount, next_step });
    if (window === 'last_30_days') return apiText('pricing.limitLeft30Days', { amount, next_step });
    return apiText('pricing.limitLeft180Days', { amount, next_step });
  }
  const prefixed = limit.toWire('limit').limit_currency_prefixed;
  if (window === 'last_24_hours') {
    return apiText('pricing.limitReached24Hours', { limit: prefixed, next_step });
  }
  if (window === 'last_30_days') {
    return apiText('pricing.limitReached30Days', { limit: prefixed, next_step });
  }
  return apiText('pricing.limitReached180Days', { limit: prefixed, next_step });
}

/**
 * The alert for sending `amount` on top of what was sent, or null when every window has room.
 * When several windows would be broken, the one with the least left is named (on a tie, the
 * longest: waiting a day does not help there). Never throws on amounts; a total in another
 * currency than `amount` is a bug (PricingError `currency_mismatch`).
 */
export function checkSendingLimits(
  input: SendingLimitInput & { readonly amount: Money },
): SendingLimitAlert | null {
  const { amount, verification_level: level, sent } = input;
  const windowLimits = sendingLimitsOf(amount.currency, level);
  let binding: Omit<SendingLimitAlert, 'message'> | null = null;
  for (const window of LIMIT_WINDOWS) {
    const already = sent[window];
    if (!(already instanceof Money) || already.currency !== amount.currency) {
      throw new PricingError(
        'currency_mismatch',
        `The ${window} total must be Money in ${amount.currency}.`,
      );
    }
    const limit = windowLimits[window];
    if (already.plus(amount).compare(limit) <= 0) continue;
    const left = limit.minus(already);
    const remaining = left.isPositive() ? left : Money.zero(amount.currency);
    if (binding === null || remaining.compare(binding.remaining) <= 0) {
      binding = { window, limit, remaining };
    }
  }
  if (binding === null) return null;
  return {
    ...binding,
    message: limitMessage(binding.window, binding.limit, binding.remaining, level),
  };
}
