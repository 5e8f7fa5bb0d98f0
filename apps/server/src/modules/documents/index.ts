import type { DocumentCategory, DocumentCategoryCode, Locale } from '@corridor/contracts';
import type { FastifyBaseLogger, FastifyPluginAsync } from 'fastify';
import type { Config } from '../../config/index.ts';
import type { Database } from '../../db/database.ts';
import type { Jobs } from '../../jobs/index.ts';
import type { Clock } from '../../lib/clock.ts';
import type { RandomSource } from '../../lib/random.ts';
import type { RateLimiter } from '../../lib/rate-limiter.ts';
import type { UnitOfWork } from '../../lib/unit-of-work.ts';
import type { Outbox } from '../../outbox/index.ts';
import type { CustomerDocumentsPort, CustomerService } from '../customers/index.ts';
import type { RealtimeEvents } from '../realtime/index.ts';
import { createCustomerDocuments, noSendsYet, type SendsPort } from './customer-documents.ts';
import { categoryByCode } from './document-catalogue.ts';
import { createDocumentEvents } from './document-events.ts';
import { documentCategoryResource } from './document-resource.ts';
import { createDocumentsRepository } from './documents.repository.ts';
import { documentsRoutes } from './documents.routes.ts';
import { createDocumentsService, type DocumentsService } from './documents.service.ts';
import {
  createIdentityProofReader,
  createIdentityProofsReader,
  type IdentityProofReader,
  type IdentityProofsReader,
} from './identity-proof.ts';
import {
  createDocumentReview,
  type IdentityReviewer,
  type ReviewDecisions,
} from './review/index.ts';
import {
  createDocumentStorage,
  localUploadRoutes,
  registerIncomingSweep,
  type DocumentStorage,
} from './storage/index.ts';
import { registerUnclaimedUploadsSweep } from './unclaimed-uploads.ts';

export interface DocumentsModuleDeps {
  config: Config;
  db: Database;
  uow: UnitOfWork;
  clock: Clock;
  random: RandomSource;
  log: FastifyBaseLogger;
  limiter: RateLimiter;
  appKey: Buffer;
  jobs: Jobs;
  outbox: Outbox;
  events: RealtimeEvents;
  customers: CustomerService;
  /** The identity-review provider IDENTITY_REVIEW_PROVIDER names (app/providers.ts). */
  reviewer: IdentityReviewer;
  /** Where the files are; by default the configured one (the local folder, or S3). */
  storage?: DocumentStorage;
}

export interface DocumentsModule {
  service: DocumentsService;
  /**
   * GET /client/v1/document-categories, /account-verification/token/{categoryId}/{typeId},
   * /document/{documentId}/page/{pageId}; POST /document/upload; the review's routes
   * (apply-info-from-poi, the liveness token and page); and, for the local folder,
   * PUT /storage/documents/*.
   */
  routes: FastifyPluginAsync;
  /**
   * The review's jobs, the sweep of files never handed in (either storage), and the local
   * folder's sweep of half-received bodies.
   */
  jobs(jobs: Pick<Jobs, 'register'>): void;
  /** What the ops CLI decides with (review/). */
  decisions: ReviewDecisions;
  /** A customer's proofs of identity as `ex` sees them: for the holds of paid transfers. */
  identityProofOf: IdentityProofReader;
  /** Several customers' proofs of identity in one read: a batch of paid transfers' holds. */
  identityProofsOf: IdentityProofsReader;
}

/**
 * Identity documents (issue 16, docs/product/identity-documents.md#upload): the catalogue, signed uploads to storage, handing a
 * document in, its review (review/), and what the customer owes. The customer resource's part
 * comes from `createCustomerDocumentsPort`, given to the customers module, which is built first.
 */
export function createDocumentsModule(deps: DocumentsModuleDeps): DocumentsModule {
  const storage =
    deps.storage ??
    createDocumentStorage(deps.config, {
      appKey: deps.appKey,
      clock: deps.clock,
      random: deps.random,
    });
  const repository = createDocumentsRepository();
  const events = createDocumentEvents({
    events: deps.events,
    outbox: deps.outbox,
    repository,
    customers: deps.customers,
  });
  const review = createDocumentReview({
    ...deps,
    documentEvents: events,
    documents: repository,
    storage,
    config: {
      appUrl: deps.config.appUrl,
      delaySeconds: deps.config.documentReview.delaySeconds,
      sandboxNotice: deps.config.sandbox.notice,
    },
  });
  const service = createDocumentsService({
    ...deps,
    storage,
    repository,
    events,
    review,
  });
  return {
    service,
    routes: async (app) => {
      await app.register(documentsRoutes, { service });
      await app.register(review.routes);
      await app.register(localUploadRoutes(storage));
    },
    jobs: (jobs) => {
      review.jobs(jobs);
      registerIncomingSweep(jobs, storage, deps.log);
      registerUnclaimedUploadsSweep(
        jobs,
        { db: deps.db, uow: deps.uow, clock: deps.clock, storage, repository },
        deps.log,
      );
    },
    decisions: review.decisions,
    identityProofOf: createIdentityProofReader(),
    identityProofsOf: createIdentityProofsReader(),
  };
}

/**
 * The customer resource's `documents[]`, `pending_documents[]` and `poi_name_check`, for the
 * customers module. Sends are counted by `sends` (the transfers module's port in the assembly;
 * without one, nothing was sent and source of funds is never owed).
 */
export function createCustomerDocumentsPort(deps: {
  db: Database;
  clock: Clock;
  config: Pick<Config, 'sofThresholds'>;
  sends?: SendsPort;
}): CustomerDocumentsPort {
  return createCustomerDocuments({
    clock: deps.clock,
    sofThresholds: deps.config.sofThresholds,
    sends: deps.sends ?? noSendsYet,
  });
}

export { createDocumentEvents, type DocumentEvents } from './document-events.ts';
export type { DocumentsService } from './documents.service.ts';
export type { SendsPort } from './customer-documents.ts';
export { isBeingChecked } from './owed-documents.ts';
export {
  IDENTITY_PROOF_CHANGED,
  identityProofUploadPath,
  onIdentityProofChanged,
  type IdentityProofChange,
  type IdentityProofReader,
  type IdentityProofsReader,
  type IdentityProofState,
} from './identity-proof.ts';
export {
  DecisionError,
  type DocumentDetail,
  type DocumentSummary,
  type ReviewDecisions,
} from './review/index.ts';
export { createSandboxReviewer, type IdentityReviewer } from './review/index.ts';

/** A category as `pending_documents[]` lists it, in `locale` (a transfer's refusal names what it owes). */
export function owedCategoryResource(code: DocumentCategoryCode, locale: Locale): DocumentCategory {
  return documentCategoryResource(categoryByCode(code), locale);
}
export { SOURCE_OF_FUNDS_WINDOW_DAYS } from './owed-documents.ts';
