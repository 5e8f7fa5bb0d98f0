import { apiText } from '../../i18n/index.ts';
import { Money } from '../../lib/money.ts';
import {
  corridorPricing,
  PRICING_VERSION,
  type CorridorKey,
  type CorridorPricing,
  type FeeTier,
} from './corridor-pricing.ts';
import { PricingError } from './pricing-error.ts';
import {
  markupCostOf,
  ourRateOf,
  parseMidRate,
  payoutBoundsFor,
  recipientAmountFor,
  sendAmountFor,
} from './rate-arithmetic.ts';
import {
  checkSendingLimits,
  type SendingLimitAlert,
  type SendingLimitInput,
} from './sending-limits.ts';

/**
 * The price of a transfer (issue 15, docs/product/sending-money.md#pricing, docs/decisions/0020): the customer fixes one side,
 * this computes the other, our rate, the fee, the totals and the full-cost disclosure, and the
 * alerts for amounts outside the limits. Pure and exact: bigint minor units, decimal strings.
 */

/** Which side the customer typed: what they send, or what the recipient gets. */
export type AmountType = 'send' | 'receive';

export interface PriceTransferInput {
  readonly corridor: CorridorKey;
  /** Mid-market rate: units of the target currency per unit of the source, a decimal string. */
  readonly mid_rate: string;
  readonly amount_type: AmountType;
  /** In the source currency for `send`, in the target currency for `receive`. */
  readonly amount: Money;
  readonly sending_limits: SendingLimitInput;
}

/** Customer texts (English; translated on the way out), keyed by the field they concern. */
export interface PriceAlerts {
  send_amount?: string;
  payout_amount?: string;
}

export interface TransferPrice {
  readonly pricing_version: string;
  readonly corridor: CorridorPricing;
  readonly amount_type: AmountType;
  /** What is converted, in the source currency, fee excluded. */
  readonly send_amount: Money;
  readonly fee: Money;
  /** send_amount + fee: what the customer pays. */
  readonly total_to_pay: Money;
  /** The rate we apply, truncated to OUR_RATE_SIGNIFICANT_DIGITS. */
  readonly our_rate: string;
  readonly mid_market_rate: string;
  /** Our FX margin as configured, in percent ("0.45"). */
  readonly markup_percent: string;
  /**
   * In the target currency: the amount asked when the receive side is fixed, else
   * send_amount × our_rate, rounded down.
   */
  readonly recipient_gets: Money;
  /** What the markup costs the customer, in the source currency (rounded up). */
  readonly markup_cost: Money;
  /** fee + markup_cost. */
  readonly total_cost: Money;
  /** total_cost as a percentage of send_amount, 2 decimals, half-up. */
  readonly total_cost_percent: string;
  readonly fee_tier: FeeTier;
  readonly min_send: Money;
  readonly max_send: Money;
  /** The rolling limit this transfer would break, if any (its text is in alerts.send_amount). */
  readonly sending_limit: SendingLimitAlert | null;
  readonly alerts: PriceAlerts;
}

/** The tier for a send amount: the first whose `up_to` is at least it (the last has none). */
export function feeTierFor(pricing: CorridorPricing, send: Money): FeeTier {
  const tier = pricing.fee_tiers.find(
    (candidate) =>
      candidate.up_to === null || send.compare(Money.parse(candidate.up_to, send.currency)) <= 0,
  );
  if (!tier) throw new Error(`The fee tiers of ${send.currency} end without an open tier.`);
  return tier;
}

/** Fee = fixed + percent % of the send amount, rounded up to the source's minor unit. */
export function feeFor(tier: FeeTier, send: Money): Money {
  return Money.parse(tier.fixed, send.currency).plus(send.percentage(tier.percent, 'up'));
}

function checkAmount(input: PriceTransferInput, pricing: CorridorPricing): void {
  const expected =
    input.amount_type === 'receive' ? pricing.target_currency : pricing.source_currency;
  if (!(input.amount instanceof Money) || input.amount.currency !== expected) {
    throw new PricingError(
      'currency_mismatch',
      `A ${input.amount_type} amount must be Money in ${expected}.`,
    );
  }
  if (!input.amount.isPositive()) {
    throw new PricingError('amount_not_positive', apiText('pricing.amountNotPositive'), 'amount');
  }
}

interface Bounds {
  min_send: Money;
  max_send: Money;
}

/** The per-transfer bound the price breaks, on the field the customer typed. */
function boundAlerts(
  amountType: AmountType,
  send: Money,
  bounds: Bounds,
  payoutBounds: () => { least: Money; most: Money },
): PriceAlerts {
  const below = send.compare(bounds.min_send) < 0;
  const above = send.compare(bounds.max_send) > 0;
  if (!below && !above) return {};
  const bound = below ? bounds.min_send : bounds.max_send;
  if (amountType === 'send') {
    const amount = bound.toWire('amount').amount_currency_prefixed;
    return {
      send_amount: below
        ? apiText('pricing.belowMinimumSend', { amount })
        : apiText('pricing.aboveMaximumSend', { amount }),
    };
  }
  // In the target currency, the exact thresholds: typing either one gives no alert.
  const { least, most } = payoutBounds();
  const payoutBound = below ? least : most;
  const amount = payoutBound.toWire('amount').amount_currency_prefixed;
  return {
    payout_amount: below
      ? apiText('pricing.belowMinimumPayout', { amount })
      : apiText('pricing.aboveMaximumPayout', { amount }),
  };
}

/**
 * Prices a transfer. Throws PricingError only for what no price can come from: an amount of zero
 * or less (`amount_not_positive`, field `amount`: a 422), an unknown corridor, a mid rate that is
 * not positive, an amount in the wrong currency. Every limit is an alert instead.
 */
export function priceTransfer(input: PriceTransferInput): TransferPrice {
  const pricing = corridorPricing(input.corridor);
  const mid = parseMidRate(input.mid_rate);
  checkAmount(input, pricing);
  const ourRate = ourRateOf(mid, pricing.margin_percent);
  const receiveFixed = input.amount_type === 'receive';
  // A fixed receive amount is paid exactly; the send side is what rounds (decision 0020).
  const send = receiveFixed
    ? sendAmountFor(input.amount, ourRate, pricing.source_currency)
    : input.amount;
  const recipientGets = receiveFixed
    ? input.amount
    : recipientAmountFor(send, ourRate, pricing.target_currency);
  const tier = feeTierFor(pricing, send);
  const fee = feeFor(tier, send);
  const markupCost = markupCostOf(send, recipientGets, mid);
  const totalCost = fee.plus(markupCost);

  const bounds = {
    min_send: Money.parse(pricing.min_send, pricing.source_currency),
    max_send: Money.parse(pricing.max_send, pricing.source_currency),
  };
  const limit = checkSendingLimits({ ...input.sending_limits, amount: send });
  const alerts = boundAlerts(input.amount_type, send, bounds, () =>
    payoutBoundsFor(bounds.min_send, bounds.max_send, ourRate, pricing.target_currency),
  );
  if (limit && alerts.send_amount === undefined) alerts.send_amount = limit.message;

  return {
    pricing_version: PRICING_VERSION,
    corridor: pricing,
    amount_type: input.amount_type,
    send_amount: send,
    fee,
    total_to_pay: send.plus(fee),
    our_rate: ourRate,
    mid_market_rate: input.mid_rate,
    markup_percent: pricing.margin_percent,
    recipient_gets: recipientGets,
    markup_cost: markupCost,
    total_cost: totalCost,
    total_cost_percent: totalCost.percentOf(send, 2, 'half-up'),
    fee_tier: tier,
    ...bounds,
    sending_limit: limit,
    alerts,
  };
}
