import type { Customer, CustomerDocument } from '@corridor/contracts';
import type { Tone } from '@/ui/status-badge';

/**
 * What a document's status means to the customer (docs/product/identity-documents.md#statuses): verified, still being checked
 * (pending-verification, processing and review-required read the same to them), or not
 * accepted. A status this app does not know gets a neutral card with the server's title.
 */
export type DocumentStage = 'verified' | 'checking' | 'rejected' | 'unknown';

const stages: Readonly<Record<string, DocumentStage>> = {
  'pending-verification': 'checking',
  processing: 'checking',
  'review-required': 'checking',
  approved: 'verified',
  rejected: 'rejected',
};

export function stageOf(statusCode: string): DocumentStage {
  return stages[statusCode] ?? 'unknown';
}

export const stageTones: Readonly<Record<DocumentStage, Tone>> = {
  verified: 'success',
  checking: 'info',
  rejected: 'danger',
  unknown: 'neutral',
};

/** A document is still being checked: its status can change without the customer doing anything. */
export function isBeingChecked(document: Pick<CustomerDocument, 'status_code'>): boolean {
  return stageOf(document.status_code) === 'checking';
}

/** The customer has a document being checked (the screen then polls for its outcome). */
export function hasDocumentsBeingChecked(customer: Customer | undefined): boolean {
  return customer?.documents.some(isBeingChecked) ?? false;
}
