import { documentFileTypes, DOCUMENT_MAX_BYTES, type DocumentFileType } from '@corridor/contracts';
import type { Database } from '../../../db/database.ts';
import type { UnitOfWork } from '../../../lib/unit-of-work.ts';
import { typeByCode } from '../document-catalogue.ts';
import type { DocumentPage, DocumentRecord } from '../documents.repository.ts';
import type { DocumentStorage } from '../storage/index.ts';
import type { DocumentEvents } from '../document-events.ts';
import type { DecisionRecorder } from './decision-recorder.ts';
import type {
  FileInspection,
  IdentityReviewer,
  ReviewOutcome,
  ReviewRequest,
  StoredFile,
} from './identity-reviewer.ts';
import type { ReviewRepository } from './review.repository.ts';

export interface ReviewLog {
  info(details: Record<string, unknown>, message: string): void;
}

export interface ReviewRunDeps {
  db: Database;
  uow: Pick<UnitOfWork, 'run'>;
  clock: { now(): Date };
  log: ReviewLog;
  reviewer: IdentityReviewer;
  repository: ReviewRepository;
  recorder: DecisionRecorder;
  events: Pick<DocumentEvents, 'statusChanged'>;
  storage: Pick<DocumentStorage, 'stat' | 'read'>;
  inspect(bytes: Uint8Array, allowed: readonly DocumentFileType[]): Promise<FileInspection>;
}

/**
 * One review, as the job runs it (docs/product/identity-documents.md#review, docs/sandbox-providers.md#identity-review): pending-verification → processing, committed
 * with its event; then the reviewer looks at the stored files; then its outcome, committed with
 * its event and email. Each step moves the document only from the status it expects, under a
 * row lock, so a job run again (at-least-once delivery, a restart in between) picks up where the
 * last run stopped and never moves a document twice.
 */
export function createReviewRun(deps: ReviewRunDeps) {
  const { db, uow, clock, log, reviewer, repository, recorder, events, storage, inspect } = deps;

  /** True when the document is (now) processing: this run goes on with it. */
  const start = (documentId: string): Promise<boolean> =>
    uow.run(async (tx) => {
      const status = await repository.lockStatus(tx, documentId);
      if (status === 'processing') return true;
      if (status !== 'pending-verification') return false;
      await repository.markProcessing(tx, documentId, clock.now());
      await events.statusChanged(tx, documentId);
      return true;
    });

  /**
   * What is stored under a page's key now. A presigned S3 URL can be used again until it
   * expires, so the bytes are read and inspected afresh rather than trusted from the upload.
   */
  async function storedFile(page: DocumentPage): Promise<StoredFile> {
    const stat = await storage.stat(page.object_key);
    if (!stat) return { status: 'missing' };
    if (stat.size !== page.size_bytes || stat.size > DOCUMENT_MAX_BYTES) {
      return { status: 'changed' };
    }
    const inspection = await inspect(await storage.read(page.object_key, DOCUMENT_MAX_BYTES), [
      ...documentFileTypes,
    ]);
    if (inspection.ok && inspection.type !== page.sniffed_type) return { status: 'changed' };
    return { status: 'stored', sizeBytes: stat.size, inspection };
  }

  async function requestFor(record: DocumentRecord): Promise<ReviewRequest> {
    const { document, pages } = record;
    const type = typeByCode(document.category_code, document.type_code);
    if (!type) throw new Error(`no document type ${document.category_code}/${document.type_code}`);
    const customer = await repository.customerOf(db, document.customer_id);
    if (!customer) throw new Error(`no customer for document ${document.id}`);
    return {
      documentId: document.id,
      category: document.category_code,
      type: type.code,
      rules: { minPages: type.minPages, maxPages: type.maxPages, fileTypes: type.fileTypes },
      pages: await Promise.all(
        pages.map(async (page) => ({
          number: page.page_number,
          fileName: page.file_name,
          file: await storedFile(page),
        })),
      ),
      profile: customer.profile,
    };
  }

  /** Commits the outcome unless someone moved the document meanwhile. */
  const finish = (documentId: string, outcome: ReviewOutcome): Promise<boolean> =>
    uow.run(async (tx) => {
      if ((await repository.lockStatus(tx, documentId)) !== 'processing') return false;
      await recorder.record(tx, await recorder.load(tx, documentId), outcome, reviewer.name);
      return true;
    });

  return {
    /**
     * The last run failed too (storage unreachable for minutes): a person takes the document
     * over, so it never stays `processing` for good.
     */
    async handOver(documentId: string, error: unknown): Promise<void> {
      const note = `the review failed: ${error instanceof Error ? error.message : String(error)}`;
      const recorded = await finish(documentId, { status: 'review-required', note });
      log.info(
        { event: 'documents.review_handed_over', document_id: documentId, note, recorded },
        'document left to an operator',
      );
    },

    async run(documentId: string): Promise<void> {
      if (!(await start(documentId))) return;
      const record = await recorder.load(db, documentId);
      const outcome = await reviewer.review(await requestFor(record));
      const recorded = await finish(documentId, outcome);
      log.info(
        {
          event: 'documents.reviewed',
          document_id: documentId,
          outcome: outcome.status,
          ...(outcome.status === 'review-required' ? { note: outcome.note } : {}),
          recorded,
        },
        'document reviewed',
      );
    },
  };
}
