import type { DocumentCategoryCode, DocumentFileType, DocumentTypeCode } from '@corridor/contracts';
import type { IdentityDetails } from './identity-details.ts';

/**
 * The identity-review provider (docs/sandbox-providers.md#identity-review): what looks at a handed-in document and decides. The
 * sandbox (sandbox-reviewer.ts) is the built-in one; a vendor (Sumsub, Onfido…) would implement
 * the same interface. An operator decides what a provider leaves to a person (the ops CLI).
 */
export interface IdentityReviewer {
  /** Who decided, as `customer_documents.reviewed_by` records it. */
  readonly name: string;
  review(request: ReviewRequest): Promise<ReviewOutcome>;
}

/** What the stored bytes of a page are, found again when the review runs. */
export type StoredFile =
  /** Nothing is stored under the page's key any more. */
  | { status: 'missing' }
  /** Not what was stored when the document took it (another PUT to a presigned URL). */
  | { status: 'changed' }
  | { status: 'stored'; sizeBytes: number; inspection: FileInspection };

/** What inspecting a file's bytes found (storage's `inspectDocumentFile`). */
export type FileInspection =
  | { ok: true; type: DocumentFileType; width?: number; height?: number; pages?: number }
  | { ok: false; reason: 'type' | 'image-too-large' | 'unreadable' | 'too-complex' };

export interface ReviewedPage {
  number: number;
  /** The customer's own name for the file: only ever text. */
  fileName: string;
  file: StoredFile;
}

export interface ReviewRequest {
  documentId: string;
  category: DocumentCategoryCode;
  type: DocumentTypeCode;
  /** The type's rules (document-catalogue.ts). */
  rules: { minPages: number; maxPages: number; fileTypes: readonly DocumentFileType[] };
  pages: readonly ReviewedPage[];
  /** The customer's name and date of birth on the profile now. */
  profile: IdentityDetails;
}

export type ReviewOutcome =
  /** `details`: what an approved POI records; null for other categories. */
  | { status: 'approved'; details: IdentityDetails | null }
  /** A person decides; `note` says why, for the operator (never shown to the customer). */
  | { status: 'review-required'; note: string }
  /** `reason`: in English, with what to do; shown to the customer, translated. */
  | { status: 'rejected'; reason: string };
