import { z } from 'zod';
import { lazySchema } from './lazy-schema.ts';
import {
  documentCategorySchema,
  type customerDocumentSchema,
  type documentTypeSchema,
} from './customer.ts';
import { DOCUMENT_MAX_BYTES } from './document-limits.ts';
import { text } from './text.ts';

/**
 * Identity documents (issue 16; docs/product/customer-and-onboarding.md#the-customer-resource, docs/product/api-conventions.md#endpoints; docs/product/identity-documents.md; docs/product/identity-documents.md#catalogue, #upload). The
 * category and type shapes themselves live in customer.ts, beside the customer resource that
 * carries them (`documents[]`, `pending_documents[]`).
 */

export const documentCategoryCodes = ['POI', 'POA', 'SOF'] as const;
export const documentCategoryCodeSchema = lazySchema(() => z.enum(documentCategoryCodes));
export type DocumentCategoryCode = z.infer<typeof documentCategoryCodeSchema>;

/** BANK_STATEMENT is a type of two categories (POA and SOF), with an id in each. */
export const documentTypeCodes = [
  'PASSPORT',
  'DRIVERS_LICENSE',
  'NATIONAL_ID_CARD',
  'UTILITY_BILL',
  'BANK_STATEMENT',
  'COUNCIL_TAX_BILL',
  'SALARY_SLIP',
  'LOAN_AGREEMENT',
  'SAVINGS_ACCOUNT_STATEMENT',
] as const;
export const documentTypeCodeSchema = lazySchema(() => z.enum(documentTypeCodes));
export type DocumentTypeCode = z.infer<typeof documentTypeCodeSchema>;

/** docs/product/identity-documents.md. `rejected` puts the category back in `pending_documents`. */
export const documentStatuses = [
  'pending-verification',
  'processing',
  'review-required',
  'approved',
  'rejected',
] as const;
export const documentStatusSchema = lazySchema(() => z.enum(documentStatuses));
export type DocumentStatus = z.infer<typeof documentStatusSchema>;

/** The files a page may be, by sniffed content (never by name or declared type). */
export const documentFileTypes = [
  'image/jpeg',
  'image/png',
  'image/webp',
  'application/pdf',
] as const;
export const documentFileTypeSchema = lazySchema(() => z.enum(documentFileTypes));
export type DocumentFileType = z.infer<typeof documentFileTypeSchema>;

/** GET /client/v1/document-categories: a bare array (docs/product/identity-documents.md#catalogue). */
export const documentCategoriesResponseSchema = lazySchema(() => z.array(documentCategorySchema));

const FILE_SIZE_MESSAGE = 'The file size must be a number of bytes, at most 10 MB.';

/** GET /client/v1/account-verification/token/{categoryId}/{typeId} */
export const uploadTokenQuerySchema = lazySchema(() =>
  z.object({
    /** The customer's own name for the file: kept for them to recognise, never used as a path. */
    file_name: text({ field: 'file name', max: 255 }),
    file_type: documentFileTypeSchema,
    /**
     * The exact size, bound into the signed request: storage refuses a body of any other length
     * (issue 28, S3), so the 10 MB cap holds on S3 as on the local folder.
     */
    file_size: z.coerce
      .number({ error: FILE_SIZE_MESSAGE })
      .int({ error: FILE_SIZE_MESSAGE })
      .min(1, { error: FILE_SIZE_MESSAGE })
      .max(DOCUMENT_MAX_BYTES, { error: FILE_SIZE_MESSAGE }),
  }),
);
export type UploadTokenQuery = z.infer<typeof uploadTokenQuerySchema>;

export const uploadTokenSchema = lazySchema(() =>
  z.object({
    /** A presigned PUT URL: the browser PUTs the file there, without cookies. */
    token: z.string(),
    object_key: z.string(),
    expires_at: z.iso.datetime({ offset: true }),
    max_bytes: z.number().int(),
    /** Headers the PUT must carry exactly (they are part of the signature). */
    headers: z.record(z.string(), z.string()),
  }),
);
export type UploadToken = z.infer<typeof uploadTokenSchema>;

/** POST /client/v1/document/upload?document_category_id&document_type_id */
export const documentUploadQuerySchema = lazySchema(() =>
  z.object({
    document_category_id: z.uuid(),
    document_type_id: z.uuid(),
  }),
);
export const documentUploadBodySchema = lazySchema(() =>
  z.object({
    /** Object keys; NUL or a control character is a 422 like any text (issue 28, S6), never a 500. */
    pages: z
      .array(text({ max: 512 }))
      .min(1)
      .max(10),
  }),
);
export type DocumentUploadBody = z.infer<typeof documentUploadBodySchema>;

/** GET /client/v1/account-verification/liveliness-token?api= */
export const livelinessTokenQuerySchema = lazySchema(() => z.object({ api: text({ max: 64 }) }));
export const livelinessTokenSchema = lazySchema(() =>
  z.object({
    token: z.string(),
    url: z.string(),
    expires_at: z.iso.datetime({ offset: true }),
  }),
);
export type LivelinessToken = z.infer<typeof livelinessTokenSchema>;

export type CustomerDocument = z.infer<typeof customerDocumentSchema>;
export type DocumentCategory = z.infer<typeof documentCategorySchema>;
export type DocumentType = z.infer<typeof documentTypeSchema>;
