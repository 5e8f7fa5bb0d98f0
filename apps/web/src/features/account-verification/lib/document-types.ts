import type { Customer } from '@corridor/contracts';

// The contracts name the customer's shapes; these are the parts of it this feature handles,
// taken from the wire format rather than written again.

/** A category (POI, POA, SOF) with the document types that satisfy it. */
export type DocumentCategory = Customer['pending_documents'][number];
/** A kind of document (a passport, a bank statement) and what it takes. */
export type DocumentType = DocumentCategory['document_types'][number];
export type DocumentSide = NonNullable<DocumentType['sides']>[number];
