import type { DocumentCategoryCode, DocumentStatus } from '@corridor/contracts';
import type { Money } from '../../lib/money.ts';

/**
 * What a customer still owes (issue 16, docs/product/identity-documents.md#what-is-owed): the categories of `pending_documents[]`.
 * Leaving that list is the only completion signal, so a category is owed until a document of
 * it is approved or being checked; a rejected one puts it back.
 *
 * - POI: always, before the first transfer.
 * - POA: when the customer's source country is one of ADDRESS_PROOF_COUNTRIES.
 * - SOF: when the customer's sends over the last 30 days pass the configured amount of their
 *   source currency (config: SOF_THRESHOLDS).
 */

/**
 * Where we verify the address with a document (docs/decisions: identity documents). The UK and
 * Ireland's money-laundering rules and Australia's AUSTRAC guidance expect a remitter to verify
 * a customer's residential address from a document; in the United States and Canada the
 * customer-identification rules ask us to collect the address, verified with the identity
 * document and the bank account, not a second document.
 */
export const ADDRESS_PROOF_COUNTRIES: ReadonlySet<string> = new Set(['GB', 'IE', 'AU']);

/** The window of sends SOF looks at. */
export const SOURCE_OF_FUNDS_WINDOW_DAYS = 30;

/** A document satisfies its category while it is approved or still being checked. */
const SATISFYING: ReadonlySet<DocumentStatus> = new Set([
  'pending-verification',
  'processing',
  'review-required',
  'approved',
]);

export interface OwedFacts {
  /** The customer's (source) country, ISO alpha-2; null before they choose one. */
  countryIso2: string | null;
  /** Every document the customer handed in, whatever its status. */
  documents: readonly { category_code: DocumentCategoryCode; status: DocumentStatus }[];
  /**
   * The customer's sends over the last 30 days and the amount past which SOF is owed, in the
   * source currency; null when there is no source currency (no country yet).
   */
  sends: { total: Money; threshold: Money } | null;
}

const satisfied = (facts: OwedFacts, category: DocumentCategoryCode) =>
  facts.documents.some(
    (document) => document.category_code === category && SATISFYING.has(document.status),
  );

/** Whether a document with this status is being checked now: handed in, not decided yet. */
export const isBeingChecked = (status: string): boolean =>
  status === 'pending-verification' || status === 'processing' || status === 'review-required';

/** The categories the customer owes, in catalogue order. */
export function owedCategories(facts: OwedFacts): DocumentCategoryCode[] {
  const required: DocumentCategoryCode[] = ['POI'];
  if (facts.countryIso2 !== null && ADDRESS_PROOF_COUNTRIES.has(facts.countryIso2)) {
    required.push('POA');
  }
  if (facts.sends && facts.sends.total.compare(facts.sends.threshold) > 0) required.push('SOF');
  return required.filter((category) => !satisfied(facts, category));
}
