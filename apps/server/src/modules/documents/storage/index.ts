/**
 * Identity documents' files (issue 16): one interface over the local folder and S3-compatible
 * object storage, the local folder's signed PUT route and its sweep of half-received bodies, and
 * what a stored file really is.
 */
export { createDocumentStorage, type DocumentStorageDeps } from './create-document-storage.ts';
export type { DocumentStorage, SignedUpload } from './document-storage.ts';
export {
  inspectDocumentFile,
  MAX_IMAGE_PIXELS,
  MAX_IMAGE_SIDE,
  sniffDocumentType,
  type InspectionResult,
} from './inspect-document-file.ts';
export { LOCAL_UPLOAD_ROUTE, localUploadRoutes } from './local-upload.routes.ts';
export { customerOfKey, isObjectKey, newObjectKey, OBJECT_KEY_PATTERN } from './object-key.ts';
export { DocumentStorageError } from './storage-errors.ts';
export { registerIncomingSweep, sweepIncomingUploadsJob } from './sweep-incoming-job.ts';
