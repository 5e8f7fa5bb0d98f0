/**
 * The source side of the pricing table (docs/decisions/0020): the currencies customers pay in,
 * the payout methods, and the fee tiers and per-transfer bounds by source currency and method.
 * corridor-pricing.ts combines them with each target's margins.
 */
export const PAYOUT_METHODS = ['BANK-ACCOUNT', 'MOBILE-WALLET', 'CASH-PICKUP'] as const;
export type PayoutMethod = (typeof PAYOUT_METHODS)[number];

export const PRICING_SOURCES = [
  { country: 'GB', currency: 'GBP' },
  { country: 'US', currency: 'USD' },
  { country: 'AU', currency: 'AUD' },
  { country: 'CA', currency: 'CAD' },
  { country: 'IE', currency: 'EUR' },
] as const;
export type SourceCurrency = (typeof PRICING_SOURCES)[number]['currency'];

/** Decimal strings: `up_to`, `fixed` in the source currency, `percent` of the send amount. */
export interface FeeTier {
  readonly up_to: string | null;
  readonly fixed: string;
  readonly percent: string;
}

export interface MethodRules {
  readonly fee_tiers: readonly FeeTier[];
  readonly min_send: string;
  readonly max_send: string;
}

export const tier = (up_to: string | null, fixed: string, percent: string): FeeTier => ({
  up_to,
  fixed,
  percent,
});

/** Fees and per-transfer bounds by source currency and method (Wise/Remitly-like levels). */
export const SOURCE_DEFAULTS: Record<SourceCurrency, Record<PayoutMethod, MethodRules>> = {
  GBP: {
    'BANK-ACCOUNT': {
      fee_tiers: [
        tier('1000', '0.79', '0.45'),
        tier('10000', '1.79', '0.35'),
        tier(null, '3.79', '0.33'),
      ],
      min_send: '1.00',
      max_send: '25000.00',
    },
    'MOBILE-WALLET': {
      fee_tiers: [tier('500', '0.99', '0.50'), tier(null, '1.49', '0.40')],
      min_send: '1.00',
      max_send: '5000.00',
    },
    'CASH-PICKUP': {
      fee_tiers: [tier('500', '1.99', '0.60'), tier(null, '2.49', '0.50')],
      min_send: '5.00',
      max_send: '5000.00',
    },
  },
  USD: {
    'BANK-ACCOUNT': {
      fee_tiers: [
        tier('1000', '0.99', '0.45'),
        tier('10000', '1.99', '0.35'),
        tier(null, '3.99', '0.33'),
      ],
      min_send: '1.00',
      max_send: '30000.00',
    },
    'MOBILE-WALLET': {
      fee_tiers: [tier('500', '1.29', '0.50'), tier(null, '1.79', '0.40')],
      min_send: '1.00',
      max_send: '6000.00',
    },
    'CASH-PICKUP': {
      fee_tiers: [tier('500', '2.49', '0.60'), tier(null, '2.99', '0.50')],
      min_send: '5.00',
      max_send: '6000.00',
    },
  },
  AUD: {
    'BANK-ACCOUNT': {
      fee_tiers: [
        tier('2000', '1.49', '0.45'),
        tier('20000', '3.49', '0.35'),
        tier(null, '7.49', '0.33'),
      ],
      min_send: '2.00',
      max_send: '50000.00',
    },
    'MOBILE-WALLET': {
      fee_tiers: [tier('1000', '1.99', '0.50'), tier(null, '2.99', '0.40')],
      min_send: '2.00',
      max_send: '9000.00',
    },
    'CASH-PICKUP': {
      fee_tiers: [tier('1000', '3.49', '0.60'), tier(null, '4.49', '0.50')],
      min_send: '10.00',
      max_send: '9000.00',
    },
  },
  CAD: {
    'BANK-ACCOUNT': {
      fee_tiers: [
        tier('2000', '1.29', '0.45'),
        tier('20000', '3.29', '0.35'),
        tier(null, '7.29', '0.33'),
      ],
      min_send: '2.00',
      max_send: '40000.00',
    },
    'MOBILE-WALLET': {
      fee_tiers: [tier('1000', '1.79', '0.50'), tier(null, '2.79', '0.40')],
      min_send: '2.00',
      max_send: '8000.00',
    },
    'CASH-PICKUP': {
      fee_tiers: [tier('1000', '2.99', '0.60'), tier(null, '3.99', '0.50')],
      min_send: '10.00',
      max_send: '8000.00',
    },
  },
  EUR: {
    'BANK-ACCOUNT': {
      fee_tiers: [
        tier('1000', '0.89', '0.45'),
        tier('10000', '1.89', '0.35'),
        tier(null, '3.89', '0.33'),
      ],
      min_send: '1.00',
      max_send: '30000.00',
    },
    'MOBILE-WALLET': {
      fee_tiers: [tier('500', '1.19', '0.50'), tier(null, '1.69', '0.40')],
      min_send: '1.00',
      max_send: '6000.00',
    },
    'CASH-PICKUP': {
      fee_tiers: [tier('500', '2.29', '0.60'), tier(null, '2.79', '0.50')],
      min_send: '5.00',
      max_send: '6000.00',
    },
  },
};
