import { and, eq } from 'drizzle-orm';
import type { Executor } from '../../db/executor.ts';
import { quotes } from './quotes.schema.ts';

export type QuoteAttachmentOutcome = 'attached' | 'not_found' | 'expired' | 'corridor_mismatch';

export interface QuoteAttachmentInput {
  customerId: string;
  quoteId: string;
  recipientId: string;
  /** The recipient's target and method: a quote only takes a recipient it can pay. */
  payoutTargetId: string;
  payoutMethodId: string;
  /** The use case's clock reading: an expired quote keeps its recipient. */
  now: Date;
}

/**
 * Choosing a saved quote's recipient, inside the caller's transaction: used by
 * `POST /quote/recipient/{id}` and by `POST /recipients/add?quote_id` (the recipients module
 * receives this as its quote port, so it never reads the quotes table itself). Another
 * customer's quote is `not_found`, never told apart from a missing one.
 */
export async function attachRecipientToQuote(
  executor: Executor,
  input: QuoteAttachmentInput,
): Promise<QuoteAttachmentOutcome> {
  const [quote] = await executor
    .select({
      payout_target_id: quotes.payout_target_id,
      payout_method_id: quotes.payout_method_id,
      expires_at: quotes.expires_at,
    })
    .from(quotes)
    .where(and(eq(quotes.id, input.quoteId), eq(quotes.customer_id, input.customerId)))
    .for('update');
  if (!quote) return 'not_found';
  if (quote.expires_at.getTime() <= input.now.getTime()) return 'expired';
  if (
    quote.payout_target_id !== input.payoutTargetId ||
    quote.payout_method_id !== input.payoutMethodId
  ) {
    return 'corridor_mismatch';
  }
  await executor
    .update(quotes)
    .set({ recipient_id: input.recipientId })
    .where(eq(quotes.id, input.quoteId));
  return 'attached';
}
