import type { DocumentFileType } from '@corridor/contracts';
import type { FastifyPluginAsync } from 'fastify';
import type { Database } from '../../../db/database.ts';
import type { Executor } from '../../../db/executor.ts';
import { defineJob, type Jobs } from '../../../jobs/index.ts';
import type { Clock } from '../../../lib/clock.ts';
import type { UnitOfWork } from '../../../lib/unit-of-work.ts';
import type { Outbox } from '../../../outbox/index.ts';
import type { CustomerService } from '../../customers/index.ts';
import type { DocumentEvents } from '../document-events.ts';
import type { DocumentsRepository } from '../documents.repository.ts';
import { createLiveliness } from '../liveliness/index.ts';
import { inspectDocumentFile, type DocumentStorage } from '../storage/index.ts';
import { createApplyInfo } from './apply-info.ts';
import { createDecisionRecorder } from './decision-recorder.ts';
import type { FileInspection, IdentityReviewer } from './identity-reviewer.ts';
import { createReviewDecisions, type ReviewDecisions } from './review-decisions.ts';
import { createReviewNotifier } from './review-notifier.ts';
import { createReviewRun, type ReviewLog } from './review-run.ts';
import { createReviewRepository } from './review.repository.ts';
import { reviewRoutes } from './review.routes.ts';

/** The review of one handed-in document (decision 13: pg-boss on the injected clock). */
export const reviewDocumentJob = defineJob<{ document_id: string }>('documents.review');
/** Retries of a failed review (5 s, then doubling: about 5 minutes in all). */
const REVIEW_RETRIES = 5;

export interface DocumentReviewDeps {
  db: Database;
  uow: UnitOfWork;
  clock: Clock;
  log: ReviewLog;
  jobs: Pick<Jobs, 'send'>;
  outbox: Pick<Outbox, 'add'>;
  /** The four document events (the documents module's), each with CustomerProfileUpdated. */
  documentEvents: Pick<DocumentEvents, 'statusChanged'>;
  /** The documents module's repository: documents with their pages. */
  documents: Pick<DocumentsRepository, 'documentById'>;
  /**
   * The customer a review is about, the emails of the operator's list, and apply-info-from-poi's
   * write of the profile (the customers module's tables, decision 30).
   */
  customers: Pick<CustomerService, 'view' | 'reviewedCustomerOf' | 'emailsOf' | 'saveAttributes'>;
  storage: Pick<DocumentStorage, 'stat' | 'read'>;
  /** Signs the liveness tokens (a key derived from it). */
  appKey: Buffer;
  config: {
    appUrl: string;
    /** DOCUMENT_REVIEW_DELAY_SECONDS: between an upload and the reviewer's look. */
    delaySeconds: number;
    /** Emails say "Sandbox: no real money moves" (docs/decisions/0034). */
    sandboxNotice: boolean;
  };
  /** The identity-review provider (docs/sandbox-providers.md#identity-review). */
  reviewer: IdentityReviewer;
  /** Tests: what reads a stored file's type and size (storage's inspection by default). */
  inspect?: (bytes: Uint8Array, allowed: readonly DocumentFileType[]) => Promise<FileInspection>;
}

export interface DocumentReview {
  /** Sends the review job with the upload's transaction: it exists only if the upload commits. */
  scheduleReview(tx: Executor, documentId: string): Promise<void>;
  /** The review job. */
  jobs(jobs: Pick<Jobs, 'register'>): void;
  /**
   * POST /client/v1/apply-info-from-poi; GET /client/v1/account-verification/liveliness-token
   * and the sandbox liveness page it links to, /sandbox/liveness.
   */
  routes: FastifyPluginAsync;
  /** What an operator does (the ops CLI, through DATA_DIR/ops.sock or the database). */
  decisions: ReviewDecisions;
}

/**
 * The review lifecycle of identity documents (issue 16, docs/product/identity-documents.md#review, docs/sandbox-providers.md#identity-review; decision 0023): the job
 * that moves a document pending-verification → processing → approved, review-required or
 * rejected through the reviewer (the sandbox by default), the operator's decisions, the details
 * an approved ID records, and the liveness provider.
 */
export function createDocumentReview(deps: DocumentReviewDeps): DocumentReview {
  const { db, uow, clock, jobs } = deps;
  const repository = createReviewRepository(deps.customers);
  const reviewer = deps.reviewer;
  const recorder = createDecisionRecorder({
    clock,
    repository,
    documents: deps.documents,
    events: deps.documentEvents,
    notifier: createReviewNotifier(deps.outbox, deps.config),
  });
  const run = createReviewRun({
    db,
    uow,
    clock,
    log: deps.log,
    reviewer,
    repository,
    recorder,
    events: deps.documentEvents,
    storage: deps.storage,
    inspect: deps.inspect ?? inspectDocumentFile,
  });
  const applyInfoFromPoi = createApplyInfo({
    uow,
    clock,
    repository,
    customers: deps.customers,
  });
  const liveliness = createLiveliness({ appKey: deps.appKey, clock, appUrl: deps.config.appUrl });
  const delayMs = deps.config.delaySeconds * 1000;

  return {
    async scheduleReview(tx, documentId) {
      const runAt = new Date(clock.now().getTime() + delayMs);
      await jobs.send(reviewDocumentJob, { document_id: documentId }, { runAt }, tx);
    },
    jobs(register) {
      register.register(
        reviewDocumentJob,
        async ({ document_id }, context) => {
          try {
            await run.run(document_id);
          } catch (error) {
            if (context.retryCount < REVIEW_RETRIES) throw error;
            await run.handOver(document_id, error);
          }
        },
        // A failed look (storage unreachable) is tried again with backoff; each run resumes
        // where the last one stopped (review-run.ts), and the last hands over to a person.
        { retryLimit: REVIEW_RETRIES, retryDelaySeconds: 5, expireInSeconds: 120 },
      );
    },
    routes: async (app) => {
      await app.register(reviewRoutes, { applyInfoFromPoi, customers: deps.customers });
      await app.register(liveliness.routes);
    },
    decisions: createReviewDecisions({ db, uow, repository, recorder }),
  };
}

export { DecisionError, type DocumentDetail, type DocumentSummary } from './review-decisions.ts';
export type { ReviewDecisions } from './review-decisions.ts';
export type { IdentityReviewer, ReviewOutcome, ReviewRequest } from './identity-reviewer.ts';
export { createSandboxReviewer } from './sandbox-reviewer.ts';
