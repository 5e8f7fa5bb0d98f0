import { DOCUMENT_MAX_BYTES, type DocumentUploadBody } from '@corridor/contracts';
import type { Database } from '../../db/database.ts';
import type { Executor, Tx } from '../../db/executor.ts';
import { AppError } from '../../errors/app-error.ts';
import { apiText } from '../../i18n/index.ts';
import type { Clock } from '../../lib/clock.ts';
import type { RandomSource } from '../../lib/random.ts';
import type { UnitOfWork } from '../../lib/unit-of-work.ts';
import type { EventOrigin } from '../realtime/index.ts';
import type { Actor } from '../sessions/index.ts';
import {
  categoryById,
  typeById,
  type DocumentCategoryDefinition,
  type DocumentTypeDefinition,
} from './document-catalogue.ts';
import type { DocumentEvents } from './document-events.ts';
import type { DocumentsRepository, TakenPage, UploadGrant } from './documents.repository.ts';
import {
  DocumentStorageError,
  inspectDocumentFile,
  type DocumentStorage,
  type InspectionResult,
} from './storage/index.ts';
import { checkStorageQuota, fileTypesMessage } from './upload-token.ts';

/** An upload may become a page for a day after its token was issued, then it is forgotten. */
export const UPLOAD_GRANT_MS = 24 * 60 * 60 * 1000;

export interface DocumentIntakeDeps {
  db: Database;
  uow: Pick<UnitOfWork, 'run'>;
  clock: Clock;
  random: RandomSource;
  storage: DocumentStorage;
  repository: Pick<
    DocumentsRepository,
    'uploadsByKey' | 'insertDocument' | 'takeUpload' | 'lockQuota' | 'bytesHeldBy'
  >;
  events: Pick<DocumentEvents, 'uploaded'>;
  /** The review (review/): scheduled in the same transaction as the document. */
  review: { scheduleReview(tx: Executor, documentId: string): Promise<void> };
}

/** A document checked and ready to be handed in: everything read before its transaction. */
export interface PreparedDocument {
  customerId: string;
  category: DocumentCategoryDefinition;
  type: DocumentTypeDefinition;
  pages: TakenPage[];
}

type FieldErrors = Record<string, string[]>;

const inspectionMessage: Record<Extract<InspectionResult, { ok: false }>['reason'], string> = {
  type: '',
  'image-too-large': apiText('documents.imageTooLarge'),
  unreadable: apiText('documents.unreadable'),
  'too-complex': apiText('documents.pdfTooComplex'),
};

function pageCountMessage(type: DocumentTypeDefinition): string {
  if (type.sides?.length === 2) return apiText('documents.frontAndBack');
  if (type.maxPages === 1) return apiText('documents.onePhoto');
  return apiText('documents.pageCount', { min: type.minPages, max: type.maxPages });
}

/** The category and type of the query: a type of another category is not one of its types. */
function typeOf(query: { document_category_id: string; document_type_id: string }) {
  const category = categoryById(query.document_category_id);
  if (!category) {
    throw AppError.validation({ document_category_id: [apiText('http.invalidValue')] });
  }
  const type = typeById(category, query.document_type_id);
  if (!type)
    throw AppError.validation({ document_type_id: [apiText('documents.notThisCategory')] });
  return { category, type };
}

/** `pages` listed once each, as many as the type takes. */
function checkPageList(type: DocumentTypeDefinition, keys: readonly string[]): void {
  const errors: FieldErrors = {};
  keys.forEach((key, index) => {
    if (keys.indexOf(key) !== index) errors[`pages.${index}`] = [apiText('documents.pageTwice')];
  });
  if (keys.length < type.minPages || keys.length > type.maxPages) {
    errors.pages = [pageCountMessage(type)];
  }
  if (Object.keys(errors).length > 0) throw AppError.validation(errors);
}

/**
 * Why a key cannot be a page of this document, or null. Someone else's key, an unknown one, one
 * issued for another type or more than a day ago all get the same words: an answer never tells
 * whose a key is. Only the customer's own key already in a document says so.
 */
function grantProblem(
  grant: UploadGrant | undefined,
  expected: { customerId: string; category: string; type: string; issuedAfter: Date },
): string | null {
  if (
    !grant ||
    grant.customer_id !== expected.customerId ||
    grant.category_code !== expected.category ||
    grant.type_code !== expected.type ||
    grant.created_at.getTime() <= expected.issuedAfter.getTime()
  ) {
    return apiText('documents.uploadUnknown');
  }
  return grant.document_id === null ? null : apiText('documents.uploadUsed');
}

/**
 * POST /client/v1/document/upload: the files the customer stored become a document's pages.
 * `prepare` checks everything and reads every file (outside any transaction: an idempotent
 * request's transaction waits for nothing slow); `handIn` then writes the document, takes the
 * uploads, announces it and schedules its review, in one transaction.
 */
export function createDocumentIntake(deps: DocumentIntakeDeps) {
  const { db, uow, clock, random, storage, repository, events, review } = deps;

  /** The stored bytes, or why there are none to read (replaced or removed since `stat`). */
  async function readStored(key: string): Promise<Buffer | { message: string }> {
    try {
      return await storage.read(key, DOCUMENT_MAX_BYTES);
    } catch (error) {
      if (!(error instanceof DocumentStorageError)) throw error;
      return {
        message: apiText(
          error.reason === 'too-large' ? 'documents.tooLarge' : 'documents.notUploaded',
        ),
      };
    }
  }

  /** What the stored file is, or why it cannot be a page. */
  async function inspect(
    key: string,
    type: DocumentTypeDefinition,
  ): Promise<{ ok: true; page: Omit<TakenPage, 'pageNumber'> } | { ok: false; message: string }> {
    const stored = await storage.stat(key);
    if (!stored) return { ok: false, message: apiText('documents.notUploaded') };
    if (stored.size > DOCUMENT_MAX_BYTES)
      return { ok: false, message: apiText('documents.tooLarge') };
    const bytes = await readStored(key);
    if (!Buffer.isBuffer(bytes)) return { ok: false, message: bytes.message };
    const found = await inspectDocumentFile(bytes, type.fileTypes);
    if (!found.ok) {
      return { ok: false, message: inspectionMessage[found.reason] || fileTypesMessage(type) };
    }
    return {
      ok: true,
      page: {
        objectKey: key,
        sizeBytes: stored.size,
        sniffedType: found.type,
        width: found.width ?? null,
        height: found.height ?? null,
        pdfPages: found.pages ?? null,
      },
    };
  }

  async function prepare(
    actor: Actor,
    query: { document_category_id: string; document_type_id: string },
    body: DocumentUploadBody,
  ): Promise<PreparedDocument> {
    const { category, type } = typeOf(query);
    checkPageList(type, body.pages);
    const grants = new Map(
      (await repository.uploadsByKey(db, body.pages)).map((grant) => [grant.object_key, grant]),
    );
    const expected = {
      customerId: actor.customerId,
      category: category.code,
      type: type.code,
      issuedAfter: new Date(clock.now().getTime() - UPLOAD_GRANT_MS),
    };
    const errors: FieldErrors = {};
    body.pages.forEach((key, index) => {
      const problem = grantProblem(grants.get(key), expected);
      if (problem) errors[`pages.${index}`] = [problem];
    });
    if (Object.keys(errors).length > 0) throw AppError.validation(errors);
    // One file at a time: ten pages of 10 MB are never all in memory at once.
    const pages: TakenPage[] = [];
    for (const [index, key] of body.pages.entries()) {
      const inspected = await inspect(key, type);
      if (inspected.ok) pages.push({ ...inspected.page, pageNumber: index + 1 });
      else errors[`pages.${index}`] = [inspected.message];
    }
    if (Object.keys(errors).length > 0) throw AppError.validation(errors);
    return { customerId: actor.customerId, category, type, pages };
  }

  async function handIn(
    prepared: PreparedDocument,
    origin?: EventOrigin,
    outer?: Tx | null,
  ): Promise<string> {
    const documentId = random.uuid();
    await uow.run(async (tx) => {
      const now = clock.now();
      await repository.lockQuota(tx, prepared.customerId);
      await repository.insertDocument(tx, {
        id: documentId,
        customer_id: prepared.customerId,
        category_code: prepared.category.code,
        type_code: prepared.type.code,
        status: 'pending-verification',
        created_at: now,
      });
      for (const [index, page] of prepared.pages.entries()) {
        // Another request took it since `prepare` read it: nothing of this one is kept.
        if (!(await repository.takeUpload(tx, prepared.customerId, documentId, page))) {
          throw AppError.validation({ [`pages.${index}`]: [apiText('documents.uploadUsed')] });
        }
      }
      // The pages now count what was stored; uploads from before sizes were signed may not fit.
      await checkStorageQuota(repository, tx, prepared.customerId, 0, 'pages');
      await events.uploaded(tx, documentId, origin);
      await review.scheduleReview(tx, documentId);
    }, outer);
    return documentId;
  }

  return { prepare, handIn };
}

export type DocumentIntake = ReturnType<typeof createDocumentIntake>;
