import type { Customer, Locale } from '@corridor/contracts';
import type { SQL } from 'drizzle-orm';
import type { ProfilePart } from './accounts-port.ts';

/** The profile facts the documents part of the resource depends on. */
export interface DocumentsProfile {
  /** ISO alpha-2 of the customer's (source) country; null before they choose one. */
  countryIso2: string | null;
  name: string | null;
  second_name: string | null;
  third_name: string | null;
  /** yyyy-mm-dd. */
  birth_date: string | null;
}

/** What the customer resource shows of identity documents (docs/product/customer-and-onboarding.md#the-customer-resource, issue 16). */
export type CustomerDocumentsPart = Pick<
  Customer,
  'documents' | 'pending_documents' | 'poi_name_check'
>;

/** A customer's documents as read once: cached with the customer's rows, shown in any language. */
export interface CustomerDocumentsState {
  resource(locale: Locale): CustomerDocumentsPart;
}

/**
 * The documents module's side of the customer resource, given to the customers module (which is
 * built first: the documents module depends on it). Its reads are cached with the customer's
 * rows, so every use case that changes a document evicts the customer after its commit
 * (`CustomerService.profileChanged`).
 */
export interface CustomerDocumentsPort {
  /**
   * The documents as a part of the customer's own query (one round trip for the whole resource),
   * for the customer whose id is `customerId`: read back with the profile facts they depend on.
   * Its placeholders' values are `values()`, taken when the query runs.
   */
  profilePart(customerId: SQL): ProfilePart<
    (profile: DocumentsProfile) => CustomerDocumentsState
  > & {
    values(): Record<string, unknown>;
  };
}
