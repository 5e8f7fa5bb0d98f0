import { z } from 'zod';

/**
 * A card provider's callback (docs/decisions/0046-signed-provider-callbacks.md): its body, checked
 * once its signature (lib/signed-callbacks.ts) holds.
 */

export {
  CALLBACK_TOLERANCE_SECONDS,
  SIGNATURE_HEADER,
  signCallback,
  unixSeconds,
  verifyCallback,
} from '../../lib/signed-callbacks.ts';

/** Why a card attempt failed, as the provider says it. */
export const cardDeclineCodes = [
  'card_declined',
  'insufficient_funds',
  'authentication_failed',
] as const;
export type CardDeclineCode = (typeof cardDeclineCodes)[number];

/** A card provider's callback body, checked after its signature. */
export const cardEventSchema = z.object({
  id: z.string().regex(/^evt_[A-Za-z0-9_-]{1,64}$/),
  type: z.enum(['charge.succeeded', 'charge.failed']),
  created: z.number().int().nonnegative(),
  data: z.object({
    payment_id: z.uuid(),
    transaction_id: z.uuid(),
    /** Minor units, as a decimal string (never a float). */
    amount_minor: z.string().regex(/^[1-9]\d{0,17}$/),
    currency: z.string().regex(/^[A-Z]{3}$/),
    brand: z.string().min(1).max(32),
    last4: z.string().regex(/^\d{4}$/),
    decline_code: z.enum(cardDeclineCodes).nullable(),
  }),
});
export type CardEvent = z.infer<typeof cardEventSchema>;
