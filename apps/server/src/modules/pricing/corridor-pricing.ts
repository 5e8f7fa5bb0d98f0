import { PricingError } from './pricing-error.ts';
import {
  PAYOUT_METHODS,
  PRICING_SOURCES,
  SOURCE_DEFAULTS,
  tier,
  type FeeTier,
  type MethodRules,
  type PayoutMethod,
  type SourceCurrency,
} from './source-fees.ts';

/**
 * What we charge per corridor and payout method (issue 15, docs/decisions/0020): typed data in
 * code, like the attribute catalogue (decision 0008). It changes only with a release, and every
 * change bumps PRICING_VERSION, which each price carries, so a saved quote says which rules
 * priced it.
 *
 * - `margin_percent`: our FX markup; our rate = mid × (1 − margin / 100).
 * - `fee_tiers`: by send amount (source currency, fee excluded), ascending; a tier applies up to
 *   and including `up_to`; the last one has `up_to: null`. Fee = fixed + percent % of the send
 *   amount. At each bound the next tier's fixed part grows by what its lower percent takes off,
 *   so the fee never falls as the amount grows (a test checks it).
 * - `min_send`, `max_send`: per transfer, in the source currency.
 *
 * Defaults are per source currency and method; margins per target and method (the target's
 * keys are also the payout methods it offers); OVERRIDES hold the few corridors that differ.
 */
export const PRICING_VERSION = '2026-11-24';

export {
  PAYOUT_METHODS,
  PRICING_SOURCES,
  type FeeTier,
  type PayoutMethod,
  type SourceCurrency,
} from './source-fees.ts';

/**
 * The targets, their currency, and our margin per payout method they offer. The method keys ARE
 * the method × target set the recipient channels and payout tables use: every target has
 * BANK-ACCOUNT; KE, GH, PH, BD, NP, PK also MOBILE-WALLET; MX, PH, IN, NG, PK, BD, NP, VN also
 * CASH-PICKUP; JP and PL bank only. Margins follow each market's spread and liquidity; cash
 * costs us more to fund than a bank transfer.
 */
const TARGETS = {
  IN: { currency: 'INR', margins: { 'BANK-ACCOUNT': '0.45', 'CASH-PICKUP': '0.85' } },
  PH: {
    currency: 'PHP',
    margins: { 'BANK-ACCOUNT': '0.60', 'MOBILE-WALLET': '0.70', 'CASH-PICKUP': '0.95' },
  },
  NG: { currency: 'NGN', margins: { 'BANK-ACCOUNT': '1.20', 'CASH-PICKUP': '1.50' } },
  KE: { currency: 'KES', margins: { 'BANK-ACCOUNT': '0.90', 'MOBILE-WALLET': '0.80' } },
  PK: {
    currency: 'PKR',
    margins: { 'BANK-ACCOUNT': '0.80', 'MOBILE-WALLET': '0.90', 'CASH-PICKUP': '1.10' },
  },
  MX: { currency: 'MXN', margins: { 'BANK-ACCOUNT': '0.50', 'CASH-PICKUP': '0.90' } },
  BD: {
    currency: 'BDT',
    margins: { 'BANK-ACCOUNT': '0.90', 'MOBILE-WALLET': '1.00', 'CASH-PICKUP': '1.20' },
  },
  NP: {
    currency: 'NPR',
    margins: { 'BANK-ACCOUNT': '0.80', 'MOBILE-WALLET': '0.90', 'CASH-PICKUP': '1.10' },
  },
  GH: { currency: 'GHS', margins: { 'BANK-ACCOUNT': '1.30', 'MOBILE-WALLET': '1.40' } },
  VN: { currency: 'VND', margins: { 'BANK-ACCOUNT': '0.70', 'CASH-PICKUP': '1.00' } },
  JP: { currency: 'JPY', margins: { 'BANK-ACCOUNT': '0.35' } },
  PL: { currency: 'PLN', margins: { 'BANK-ACCOUNT': '0.30' } },
} as const satisfies Record<
  string,
  { currency: string; margins: Partial<Record<PayoutMethod, string>> }
>;
export type TargetCountry = keyof typeof TARGETS;
export type TargetCurrency = (typeof TARGETS)[TargetCountry]['currency'];

export const PRICING_TARGETS: readonly { country: TargetCountry; currency: TargetCurrency }[] =
  Object.entries(TARGETS).map(([country, { currency }]) => ({
    country: country as TargetCountry,
    currency,
  }));

/** The corridors that differ from the defaults (one we do not serve stops the server at start). */
const OVERRIDES: Partial<
  Record<
    `${SourceCurrency}-${TargetCurrency} ${PayoutMethod}`,
    Partial<MethodRules> & { margin_percent?: string }
  >
> = {
  // Our busiest corridor: a lower fee and margin.
  'GBP-INR BANK-ACCOUNT': {
    margin_percent: '0.40',
    fee_tiers: [tier('1000', '0.49', '0.40'), tier(null, '1.49', '0.30')],
  },
  // Competitive corridors: flat promotional fees.
  'USD-MXN CASH-PICKUP': { fee_tiers: [tier(null, '1.99', '0')] },
  'EUR-PLN BANK-ACCOUNT': { fee_tiers: [tier(null, '0.49', '0.20')] },
  // Japanese banks' incoming-transfer charges make tiny transfers pointless.
  'GBP-JPY BANK-ACCOUNT': { min_send: '10.00' },
  'USD-JPY BANK-ACCOUNT': { min_send: '10.00' },
};

/** The pricing of one corridor and payout method. */
export interface CorridorPricing {
  readonly source_country: string;
  readonly source_currency: SourceCurrency;
  readonly target_country: TargetCountry;
  readonly target_currency: TargetCurrency;
  readonly method: PayoutMethod;
  readonly margin_percent: string;
  readonly fee_tiers: readonly FeeTier[];
  readonly min_send: string;
  readonly max_send: string;
}

/** How callers name a corridor: the two currencies and the payout method. */
export interface CorridorKey {
  readonly source_currency: string;
  readonly target_currency: string;
  readonly method: string;
}

const keyOf = ({ source_currency, target_currency, method }: CorridorKey) =>
  `${source_currency}-${target_currency} ${method}`;

function buildCorridors(): ReadonlyMap<string, CorridorPricing> {
  const corridors = new Map<string, CorridorPricing>();
  for (const source of PRICING_SOURCES) {
    for (const target of PRICING_TARGETS) {
      const margins: Partial<Record<PayoutMethod, string>> = TARGETS[target.country].margins;
      for (const method of payoutMethodsOf(target.country)) {
        const key = keyOf({
          source_currency: source.currency,
          target_currency: target.currency,
          method,
        }) as keyof typeof OVERRIDES;
        const pricing: CorridorPricing = {
          source_country: source.country,
          source_currency: source.currency,
          target_country: target.country,
          target_currency: target.currency,
          method,
          margin_percent: margins[method] ?? '',
          ...SOURCE_DEFAULTS[source.currency][method],
          ...OVERRIDES[key],
        };
        corridors.set(
          key,
          Object.freeze({ ...pricing, fee_tiers: Object.freeze([...pricing.fee_tiers]) }),
        );
      }
    }
  }
  const unused = Object.keys(OVERRIDES).filter((key) => !corridors.has(key));
  if (unused.length > 0) {
    throw new Error(`Overrides of corridors we do not serve: ${unused.join(', ')}.`);
  }
  return corridors;
}

/** The payout methods a target country offers, in a fixed order; none for a country we do not serve. */
export function payoutMethodsOf(targetCountryIso2: string): readonly PayoutMethod[] {
  if (!Object.hasOwn(TARGETS, targetCountryIso2)) return [];
  const margins: Partial<Record<PayoutMethod, string>> =
    TARGETS[targetCountryIso2 as TargetCountry].margins;
  return PAYOUT_METHODS.filter((method) => margins[method] !== undefined);
}

const CORRIDORS = buildCorridors();

/** Every priced corridor and method (130: 5 sources × 26 target methods). */
export const ALL_CORRIDOR_PRICING: readonly CorridorPricing[] = Object.freeze([
  ...CORRIDORS.values(),
]);

/** The pricing of a corridor and method, or undefined when we do not serve it. */
export function findCorridorPricing(key: CorridorKey): CorridorPricing | undefined {
  return CORRIDORS.get(keyOf(key));
}

/** The pricing of a corridor and method; PricingError `unknown_corridor` when we do not serve it. */
export function corridorPricing(key: CorridorKey): CorridorPricing {
  const pricing = findCorridorPricing(key);
  if (!pricing) {
    throw new PricingError(
      'unknown_corridor',
      `No pricing for ${key.source_currency} to ${key.target_currency} by ${key.method}.`,
    );
  }
  return pricing;
}
