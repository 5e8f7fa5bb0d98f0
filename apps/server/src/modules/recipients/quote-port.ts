import type { Executor } from '../../db/executor.ts';

/** What attaching a new recipient to a saved quote came to. */
export type QuoteAttachment = 'attached' | 'not_found' | 'expired' | 'corridor_mismatch';

/**
 * What the recipients module needs of saved quotes: `POST /recipients/add?quote_id` chooses the
 * new recipient as the quote's, inside the add's own transaction. The composition root wires the
 * quotes module's implementation in, so this module never reads the quotes table. Another
 * customer's quote is `not_found`, never told apart from a missing one.
 */
export interface QuotePort {
  attachRecipient(
    executor: Executor,
    input: {
      customerId: string;
      quoteId: string;
      recipientId: string;
      /** The recipient's target and method: a quote only takes a recipient it can pay. */
      payoutTargetId: string;
      payoutMethodId: string;
      /** The use case's clock reading. */
      now: Date;
    },
  ): Promise<QuoteAttachment>;
}
