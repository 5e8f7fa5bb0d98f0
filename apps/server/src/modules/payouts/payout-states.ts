import type { PartnerState } from './payout-partner.ts';

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
] as const satisfies readonly ('pending' | PartnerState)[];
export type PayoutStateCode = (typeof payoutStateCodes)[number];

// Every state a partner answers can be stored: a new PartnerState fails to compile here.
const everyPartnerState: Exclude<PartnerState, PayoutStateCode> extends never ? true : never = true;
void everyPartnerState;
