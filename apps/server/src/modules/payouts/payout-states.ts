/**
 * A payout's states (docs/product/sending-money.md#the-transfers-tables): `pending` until it is
 * handed to the partner, then the partner's own states as its status answers name them
 * (`PartnerState`: accepted, sent, paid, failed, reversed), stored as they come.
 */
export const payoutStateCodes = [
  'pending',
  'accepted',
  'sent',
  'paid',
  'failed',
  'reversed',
] as const;
export type PayoutStateCode = (typeof payoutStateCodes)[number];
