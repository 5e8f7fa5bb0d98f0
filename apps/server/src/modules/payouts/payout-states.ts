/**
 * A payout's states (docs/product/sending-money.md#the-transfers-tables): the partner's side of
 * the transfer's SENDING-FOR-PAYOUT … PAYOUT-SUCCESS, PAYOUT-FAILED and PAYOUT-REVERSED.
 */
export const payoutStateCodes = [
  'PENDING',
  'SENDING',
  'SENT',
  'PAID',
  'FAILED',
  'REVERSED',
] as const;
export type PayoutStateCode = (typeof payoutStateCodes)[number];
