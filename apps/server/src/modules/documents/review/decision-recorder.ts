import type { Executor } from '../../../db/executor.ts';
import type { Clock } from '../../../lib/clock.ts';
import type { DocumentEvents } from '../document-events.ts';
import type { DocumentRecord, DocumentsRepository } from '../documents.repository.ts';
import type { ReviewOutcome } from './identity-reviewer.ts';
import type { ReviewNotifier } from './review-notifier.ts';
import type { ReviewRepository } from './review.repository.ts';

export interface DecisionRecorderDeps {
  clock: Clock;
  repository: ReviewRepository;
  documents: Pick<DocumentsRepository, 'documentById'>;
  events: Pick<DocumentEvents, 'statusChanged'>;
  notifier: ReviewNotifier;
}

/**
 * Writes a review's outcome, in the caller's transaction (whose row lock on the document it
 * relies on): the status and what was decided, the document event (with CustomerProfileUpdated
 * and the customer's eviction, document-events.ts) and, for a decision, the customer's email.
 * Whoever decides (the sandbox, a vendor, an operator) goes through here.
 */
export function createDecisionRecorder(deps: DecisionRecorderDeps) {
  const { clock, repository, documents, events, notifier } = deps;

  async function recipientOf(tx: Executor, record: DocumentRecord) {
    const customer = await repository.customerOf(tx, record.document.customer_id);
    if (!customer) throw new Error(`no customer for document ${record.document.id}`);
    return {
      category: record.document.category_code,
      type: record.document.type_code,
      to: { email: customer.email, locale: customer.locale },
    };
  }

  return {
    async record(
      tx: Executor,
      record: DocumentRecord,
      outcome: ReviewOutcome,
      reviewedBy: string,
    ): Promise<void> {
      const now = clock.now();
      const documentId = record.document.id;
      const decided = outcome.status !== 'review-required';
      await repository.recordDecision(
        tx,
        documentId,
        {
          status: outcome.status,
          rejectionReason: outcome.status === 'rejected' ? outcome.reason : null,
          reviewedBy: decided ? reviewedBy : null,
          reviewedAt: decided ? now : null,
          details: outcome.status === 'approved' ? outcome.details : null,
        },
        now,
      );
      await events.statusChanged(tx, documentId);
      if (outcome.status === 'approved') {
        await notifier.approved(tx, await recipientOf(tx, record));
      } else if (outcome.status === 'rejected') {
        await notifier.rejected(tx, await recipientOf(tx, record), outcome.reason);
      }
    },

    /** The document with its pages, as `tx` sees it. */
    async load(tx: Executor, documentId: string): Promise<DocumentRecord> {
      const record = await documents.documentById(tx, documentId);
      if (!record) throw new Error(`no document ${documentId}`);
      return record;
    },
  };
}

export type DecisionRecorder = ReturnType<typeof createDecisionRecorder>;
