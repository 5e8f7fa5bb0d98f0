/**
 * Identity documents' limits as plain numbers, without zod (documents.ts has the schemas): the
 * web's file checks read them without loading any schema, whose creation a browser's CSP would
 * report (zod-config.ts).
 */

/** 10 MB (docs/product/identity-documents.md#upload): one byte more is refused with 413. */
export const DOCUMENT_MAX_BYTES = 10 * 1024 * 1024;
/**
 * What a customer's uploads may hold in all, handed in or still pending (issue 28, S3): 250 MB,
 * 25 files at the cap, more than every category's largest document at the cap (an ID card's two
 * sides and ten pages each of a proof of address and of funds). Past it, a token or a hand-in is
 * refused with 422 (docs/product/identity-documents.md#upload, docs/security.md).
 */
export const DOCUMENT_STORAGE_QUOTA_BYTES = 250 * 1024 * 1024;
/** How long a signed upload URL stays valid (docs/product/identity-documents.md#upload: 1,800 s). */
export const DOCUMENT_UPLOAD_TTL_SECONDS = 30 * 60;
