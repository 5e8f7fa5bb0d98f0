import {
  DOCUMENT_MAX_BYTES,
  DOCUMENT_STORAGE_QUOTA_BYTES,
  DOCUMENT_UPLOAD_TTL_SECONDS,
  type Customer,
  type Locale,
  type UploadToken,
  type UploadTokenQuery,
} from '@corridor/contracts';
import { AppError } from '../../errors/app-error.ts';
import { apiText } from '../../i18n/index.ts';
import type { Clock } from '../../lib/clock.ts';
import type { RandomSource } from '../../lib/random.ts';
import { tooManyAttempts, type RateLimiter } from '../../lib/rate-limiter.ts';
import type { Database } from '../../db/database.ts';
import type { Executor } from '../../db/executor.ts';
import type { UnitOfWork } from '../../lib/unit-of-work.ts';
import type { SignedInSession } from '../sessions/index.ts';
import {
  categoryById,
  typeById,
  type DocumentCategoryDefinition,
  type DocumentTypeDefinition,
} from './document-catalogue.ts';
import type { DocumentsRepository } from './documents.repository.ts';
import { newObjectKey, type DocumentStorage } from './storage/index.ts';

/**
 * Each token reserves a key a file may be stored under: at most 60 an hour per customer (an ID
 * needs 2, a statement up to 10, with room for retries), so nobody can fill the storage.
 */
export const UPLOAD_TOKENS = { limit: 60, windowMs: 60 * 60 * 1000 };

export interface UploadTokenDeps {
  db: Database;
  uow: Pick<UnitOfWork, 'run'>;
  clock: Clock;
  random: RandomSource;
  limiter: RateLimiter;
  storage: DocumentStorage;
  repository: Pick<DocumentsRepository, 'insertUpload' | 'bytesHeldBy' | 'lockQuota'>;
  customers: { view(session: SignedInSession, locale?: Locale): Promise<Customer> };
}

/**
 * Refuses (422, under `field`) when the customer's uploads would hold more than
 * DOCUMENT_STORAGE_QUOTA_BYTES with `adding` more (issue 28, S3): asking for a URL reserves the
 * file's signed size, so a customer cannot fill the storage with files never handed in.
 */
export async function checkStorageQuota(
  repository: Pick<DocumentsRepository, 'bytesHeldBy'>,
  ex: Executor,
  customerId: string,
  adding: number,
  field: string,
): Promise<void> {
  const held = await repository.bytesHeldBy(ex, customerId);
  if (held + adding > DOCUMENT_STORAGE_QUOTA_BYTES) {
    throw AppError.validation({
      [field]: [
        apiText('documents.quotaFull', {
          megabytes: DOCUMENT_STORAGE_QUOTA_BYTES / (1024 * 1024),
        }),
      ],
    });
  }
}

/** The message of a file type a document type does not take. */
export const fileTypesMessage = (type: DocumentTypeDefinition) =>
  apiText(
    type.fileTypes.includes('application/pdf') ? 'documents.fileTypes' : 'documents.photoTypes',
  );

/**
 * A category and its type, from a path: unknown ids and a type of another category are not found
 * (404), as any resource named in a path that does not exist.
 */
function typeOf(categoryId: string, typeId: string) {
  const category = categoryById(categoryId);
  const type = category && typeById(category, typeId);
  if (!category || !type) throw new AppError('not_found');
  return { category, type };
}

/**
 * What the profile must hold first (the 412s of docs/product/identity-documents.md#upload). Every document is checked
 * against the customer's identity (the name and date of birth on it), so identity comes first
 * for all three categories; a proof of address is compared with the address, so POA also needs
 * it. A source of funds shows the customer's name and money, not their address.
 */
function requireProfile(customer: Customer, category: DocumentCategoryDefinition): void {
  if (customer.is_identity_information_required) {
    throw new AppError('precondition_required', {
      type: 'incomplete_customer_identity',
      message: apiText('documents.completeIdentity'),
    });
  }
  if (category.code === 'POA' && customer.is_address_information_required) {
    throw new AppError('precondition_required', {
      type: 'incomplete_customer_address',
      message: apiText('documents.completeAddress'),
    });
  }
}

/**
 * GET /client/v1/account-verification/token/{categoryId}/{typeId}: a signed PUT for one file,
 * valid 30 minutes, bound to its type and exact size, under a key the server makes. The
 * customer's file name is kept as text beside the key, shown back, never part of a path.
 */
export function createUploadTokens(deps: UploadTokenDeps) {
  const { db, uow, clock, random, limiter, storage, repository, customers } = deps;

  return async function issueUploadToken(
    session: SignedInSession,
    ids: { categoryId: string; typeId: string },
    query: UploadTokenQuery,
  ): Promise<UploadToken> {
    const { category, type } = typeOf(ids.categoryId, ids.typeId);
    requireProfile(await customers.view(session), category);
    if (!type.fileTypes.includes(query.file_type)) {
      throw AppError.validation({ file_type: [fileTypesMessage(type)] });
    }
    const customerId = session.customer_id;
    // Before the hourly limit, so a refusal costs the customer nothing; again under the lock.
    await checkStorageQuota(repository, db, customerId, query.file_size, 'file_size');
    const tries = await limiter.hit(
      `document-upload-token:${customerId}`,
      UPLOAD_TOKENS.limit,
      UPLOAD_TOKENS.windowMs,
    );
    if (!tries.allowed) throw tooManyAttempts(tries.retryAfterSeconds);

    const now = clock.now();
    const key = newObjectKey(customerId, query.file_type, random);
    const signed = await storage.signUpload({
      key,
      contentType: query.file_type,
      size: query.file_size,
      maxBytes: DOCUMENT_MAX_BYTES,
      expiresAt: new Date(now.getTime() + DOCUMENT_UPLOAD_TTL_SECONDS * 1000),
    });
    await uow.run(async (tx) => {
      await repository.lockQuota(tx, customerId);
      await checkStorageQuota(repository, tx, customerId, query.file_size, 'file_size');
      await repository.insertUpload(tx, {
        object_key: key,
        id: random.uuid(),
        customer_id: customerId,
        category_code: category.code,
        type_code: type.code,
        file_name: query.file_name,
        declared_type: query.file_type,
        declared_size: query.file_size,
        created_at: now,
        expires_at: signed.expiresAt,
      });
    });
    return {
      token: signed.url,
      object_key: key,
      expires_at: signed.expiresAt.toISOString(),
      max_bytes: signed.maxBytes,
      headers: signed.headers,
    };
  };
}

export type IssueUploadToken = ReturnType<typeof createUploadTokens>;
