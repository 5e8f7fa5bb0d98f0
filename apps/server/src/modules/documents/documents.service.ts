import {
  DOCUMENT_MAX_BYTES,
  type Customer,
  type DocumentUploadBody,
  type Locale,
} from '@corridor/contracts';
import type { Database } from '../../db/database.ts';
import type { Executor, Tx } from '../../db/executor.ts';
import { AppError } from '../../errors/app-error.ts';
import type { Clock } from '../../lib/clock.ts';
import type { RandomSource } from '../../lib/random.ts';
import type { RateLimiter } from '../../lib/rate-limiter.ts';
import type { UnitOfWork } from '../../lib/unit-of-work.ts';
import type { EventOrigin } from '../realtime/index.ts';
import type { Actor, SignedInSession } from '../sessions/index.ts';
import type { DocumentEvents } from './document-events.ts';
import { createDocumentIntake, type PreparedDocument } from './document-intake.ts';
import { documentCategoriesIn } from './document-resource.ts';
import type { DocumentsRepository } from './documents.repository.ts';
import { DocumentStorageError, type DocumentStorage } from './storage/index.ts';
import { EXTENSION_BY_TYPE } from './storage/object-key.ts';
import { createUploadTokens } from './upload-token.ts';

export interface DocumentsServiceDeps {
  db: Database;
  uow: Pick<UnitOfWork, 'run'>;
  clock: Clock;
  random: RandomSource;
  limiter: RateLimiter;
  storage: DocumentStorage;
  repository: DocumentsRepository;
  events: DocumentEvents;
  customers: {
    view(session: SignedInSession, locale?: Locale, ex?: Executor): Promise<Customer>;
  };
  review: { scheduleReview(tx: Executor, documentId: string): Promise<void> };
}

/** A page's file as it is handed back to its owner. */
export interface PageDownload {
  bytes: Buffer;
  contentType: string;
  /** Made by the server (`passport-1.jpg`): the customer's own name is never a header. */
  fileName: string;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Identity documents (issue 16): the catalogue, signed uploads, intake, and the owner's files. */
export function createDocumentsService(deps: DocumentsServiceDeps) {
  const { db, storage, repository, customers } = deps;
  const intake = createDocumentIntake(deps);

  return {
    /** GET /client/v1/document-categories, in `locale`. */
    categories: (locale: Locale) => documentCategoriesIn(locale),

    issueUploadToken: createUploadTokens(deps),

    /** Everything document/upload checks and reads, before its transaction. */
    prepareDocument: (
      actor: Actor,
      query: { document_category_id: string; document_type_id: string },
      body: DocumentUploadBody,
    ): Promise<PreparedDocument> => intake.prepare(actor, query, body),

    /**
     * Hands the prepared document in (in `outer`, an idempotent request's transaction, when
     * there is one) and answers the customer with it, as that transaction sees them.
     */
    async handIn(
      session: SignedInSession,
      prepared: PreparedDocument,
      locale: Locale,
      options: { origin?: EventOrigin; outer?: Tx | null } = {},
    ): Promise<Customer> {
      await intake.handIn(prepared, options.origin, options.outer);
      return customers.view(session, locale, options.outer ?? undefined);
    },

    /** A page of the actor's own document; anyone else's, or none, is not found. */
    async page(actor: Actor, documentId: string, pageId: string): Promise<PageDownload> {
      if (!UUID.test(documentId) || !UUID.test(pageId)) throw new AppError('not_found');
      const page = await repository.pageOf(
        db,
        actor.customerId,
        documentId.toLowerCase(),
        pageId.toLowerCase(),
      );
      if (!page) throw new AppError('not_found');
      const bytes = await storage
        .read(page.object_key, DOCUMENT_MAX_BYTES)
        .catch((error: unknown) => {
          // Removed from storage behind our back: there is nothing to hand back.
          if (error instanceof DocumentStorageError) throw new AppError('not_found');
          throw error;
        });
      const extension =
        EXTENSION_BY_TYPE[page.sniffed_type as keyof typeof EXTENSION_BY_TYPE] ?? 'bin';
      const name = page.type_code.toLowerCase().replaceAll('_', '-');
      return {
        bytes,
        contentType: page.sniffed_type,
        fileName: `${name}-${page.page_number}.${extension}`,
      };
    },
  };
}

export type DocumentsService = ReturnType<typeof createDocumentsService>;
