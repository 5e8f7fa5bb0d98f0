/**
 * Pricing (issue 15, docs/decisions/0020): pure functions, no database. The corridor rules in
 * code (versioned), the rolling sending limits by verification level, and `priceTransfer`, which
 * the quote endpoints call with a mid-market rate and the customer's recent sending totals.
 */
export {
  ALL_CORRIDOR_PRICING,
  corridorPricing,
  findCorridorPricing,
  PAYOUT_METHODS,
  payoutMethodsOf,
  PRICING_SOURCES,
  PRICING_TARGETS,
  PRICING_VERSION,
  type CorridorKey,
  type CorridorPricing,
  type FeeTier,
  type PayoutMethod,
  type SourceCurrency,
  type TargetCountry,
  type TargetCurrency,
} from './corridor-pricing.ts';
export {
  feeFor,
  feeTierFor,
  priceTransfer,
  type AmountType,
  type PriceAlerts,
  type PriceTransferInput,
  type TransferPrice,
} from './price-transfer.ts';
export { PricingError, type PricingErrorCode } from './pricing-error.ts';
export { OUR_RATE_SIGNIFICANT_DIGITS } from './rate-arithmetic.ts';
export {
  checkSendingLimits,
  LIMIT_WINDOWS,
  SENDING_LIMITS,
  sendingLimitsOf,
  VERIFICATION_LEVELS,
  type LimitWindow,
  type SendingLimitAlert,
  type SendingLimitInput,
  type SentTotals,
  type VerificationLevel,
} from './sending-limits.ts';
