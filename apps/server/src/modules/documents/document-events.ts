import type { CustomerDocumentEvent, DocumentStatus, Locale } from '@corridor/contracts';
import type { Executor } from '../../db/executor.ts';
import { apiText, translate, type PlainTextKey } from '../../i18n/index.ts';
import type { Outbox } from '../../outbox/index.ts';
import type { EventOrigin, RealtimeEvents } from '../realtime/index.ts';
import { categoryByCode, typeByCode } from './document-catalogue.ts';
import { statusTitle } from './document-resource.ts';
import type { DocumentRecord, DocumentsRepository } from './documents.repository.ts';
import { identityProofChangedMessage } from './identity-proof.ts';

type Announce = (tx: Executor, documentId: string, origin?: EventOrigin) => Promise<void>;

export interface DocumentEvents {
  /** CustomerDocumentUploaded: a document was handed in (pending-verification). */
  uploaded: Announce;
  /** CustomerDocumentProcessing: the reviewer took it (processing), or an operator will. */
  processing: Announce;
  /** CustomerDocumentApproved. */
  approved: Announce;
  /** CustomerDocumentRejected, with the reason. */
  rejected: Announce;
  /** The event of the document's status as it stands in `tx` (review-required: Processing). */
  statusChanged: Announce;
}

export interface DocumentEventsDeps {
  events: RealtimeEvents;
  /** Where a proof of identity's change is told to whoever holds transfers (identity-proof.ts). */
  outbox: Pick<Outbox, 'add'>;
  repository: Pick<DocumentsRepository, 'documentById'>;
  customers: {
    localeOf(ex: Executor, customerId: string): Promise<Locale>;
    profileChanged(tx: Executor, customerId: string): void;
  };
}

const words = (key: PlainTextKey, locale: Locale) => translate(apiText(key), locale);

/** The payload of a document event, its words in the customer's language. */
export function documentEventPayload(
  { document }: DocumentRecord,
  locale: Locale,
): CustomerDocumentEvent {
  const category = categoryByCode(document.category_code);
  const type = typeByCode(document.category_code, document.type_code);
  return {
    customer_id: document.customer_id,
    document_id: document.id,
    category_code: category.code,
    category: words(category.title, locale),
    type_code: document.type_code,
    type: type ? words(type.title, locale) : document.type_code,
    status_code: document.status,
    status_title: statusTitle(document.status, locale),
    rejection_reason:
      document.rejection_reason === null ? null : translate(document.rejection_reason, locale),
  };
}

type EventKind = 'uploaded' | 'processing' | 'approved' | 'rejected';

const EVENT_OF_STATUS: Record<DocumentStatus, EventKind> = {
  'pending-verification': 'uploaded',
  processing: 'processing',
  'review-required': 'processing',
  approved: 'approved',
  rejected: 'rejected',
};

/**
 * The four document events of docs/product/realtime.md#events, for every use case that changes a document (intake
 * here, the review in review/). Each, in the use case's transaction (`uow.run`'s `tx`): reads
 * the document as `tx` sees it, writes its event to the customer's channel and
 * CustomerProfileUpdated (its `documents[]` and `pending_documents[]` changed) to the outbox, and
 * has the customer's cached rows evicted after the commit; for a proof of identity, also the
 * message that tells held transfers (identity-proof.ts). Titles are in the customer's language.
 */
export function createDocumentEvents(deps: DocumentEventsDeps): DocumentEvents {
  const { events, outbox, repository, customers } = deps;
  const send: Record<EventKind, RealtimeEvents['customerDocumentUploaded']> = {
    uploaded: events.customerDocumentUploaded,
    processing: events.customerDocumentProcessing,
    approved: events.customerDocumentApproved,
    rejected: events.customerDocumentRejected,
  };

  async function announce(
    tx: Executor,
    documentId: string,
    kind: EventKind | 'status',
    origin?: EventOrigin,
  ): Promise<void> {
    const record = await repository.documentById(tx, documentId);
    if (!record) throw new Error(`no document ${documentId}`);
    const customerId = record.document.customer_id;
    const locale = await customers.localeOf(tx, customerId);
    const event = kind === 'status' ? EVENT_OF_STATUS[record.document.status] : kind;
    await send[event](tx, documentEventPayload(record, locale), origin);
    await events.customerProfileUpdated(tx, customerId, origin);
    customers.profileChanged(tx, customerId);
    if (record.document.category_code === 'POI') {
      const { id, status } = record.document;
      await outbox.add(
        tx,
        identityProofChangedMessage({ customer_id: customerId, document_id: id, status }),
      );
    }
  }

  return {
    uploaded: (tx, id, origin) => announce(tx, id, 'uploaded', origin),
    processing: (tx, id, origin) => announce(tx, id, 'processing', origin),
    approved: (tx, id, origin) => announce(tx, id, 'approved', origin),
    rejected: (tx, id, origin) => announce(tx, id, 'rejected', origin),
    statusChanged: (tx, id, origin) => announce(tx, id, 'status', origin),
  };
}
