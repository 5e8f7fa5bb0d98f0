/**
 * Identity documents' limits as plain numbers, without zod (documents.ts has the schemas): the
 * web's file checks read them without loading any schema, whose creation a browser's CSP would
 * report (zod-config.ts).
 */

/** 10 MB (docs/product/identity-documents.md#upload): one byte more is refused with 413. */
export const DOCUMENT_MAX_BYTES = 10 * 1024 * 1024;
/** How long a signed upload URL stays valid (docs/product/identity-documents.md#upload: 1,800 s). */
export const DOCUMENT_UPLOAD_TTL_SECONDS = 30 * 60;
