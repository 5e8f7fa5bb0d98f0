import type {
  Customer,
  documentCategorySchema,
  documentTypeSchema,
  DocumentStatus,
  Locale,
} from '@corridor/contracts';
import type { z } from 'zod';
import { apiText, translate, type PlainTextKey } from '../../i18n/index.ts';
import {
  DOCUMENT_CATEGORIES,
  SYSTEM_API,
  categoryByCode,
  typeByCode,
  type DocumentCategoryDefinition,
  type DocumentTypeDefinition,
} from './document-catalogue.ts';
import type { DocumentRecord } from './documents.repository.ts';

type DocumentCategory = z.infer<typeof documentCategorySchema>;
type DocumentType = z.infer<typeof documentTypeSchema>;
type CustomerDocument = Customer['documents'][number];

const words = (key: PlainTextKey, locale: Locale) => translate(apiText(key), locale);

const STATUS_TITLES: Record<DocumentStatus, PlainTextKey> = {
  'pending-verification': 'documents.status.pendingVerification',
  processing: 'documents.status.processing',
  'review-required': 'documents.status.reviewRequired',
  approved: 'documents.status.approved',
  rejected: 'documents.status.rejected',
};

/** A status as the customer reads it. */
export const statusTitle = (status: DocumentStatus, locale: Locale): string =>
  words(STATUS_TITLES[status], locale);

/** A document type as the API shows it (docs/product/identity-documents.md#catalogue, with Corridor's keys). */
export function documentTypeResource(type: DocumentTypeDefinition, locale: Locale): DocumentType {
  return {
    id: type.id,
    code: type.code,
    title: words(type.title, locale),
    description: words(type.description, locale),
    public_upload: false,
    info: null,
    document_number_label: null,
    api: SYSTEM_API,
    accepted: type.accepted.map((key) => words(key, locale)),
    refused: type.refused.map((key) => words(key, locale)),
    recency: type.recency ? words(type.recency, locale) : null,
    sides: type.sides ? [...type.sides] : null,
    min_pages: type.minPages,
    max_pages: type.maxPages,
    file_types: [...type.fileTypes],
  };
}

/** A category with its types. */
export function documentCategoryResource(
  category: DocumentCategoryDefinition,
  locale: Locale,
): DocumentCategory {
  return {
    id: category.id,
    code: category.code,
    title: words(category.title, locale),
    description: words(category.description, locale),
    document_types: category.types.map((type) => documentTypeResource(type, locale)),
  };
}

// The catalogue never changes while the process runs: each language is rendered once.
const rendered = new Map<Locale, DocumentCategory[]>();

/** GET /client/v1/document-categories in `locale`. */
export function documentCategoriesIn(locale: Locale): DocumentCategory[] {
  let categories = rendered.get(locale);
  if (!categories) {
    categories = DOCUMENT_CATEGORIES.map((category) => documentCategoryResource(category, locale));
    rendered.set(locale, categories);
  }
  return categories;
}

/**
 * One of `customer.documents[]`: its category and type in `locale`, its status titled, and its
 * pages (the customer's own file names, shown back as text). A rejection reason is written in
 * English by the reviewer and translated when the catalogue knows it.
 */
export function customerDocumentResource(
  { document, pages }: DocumentRecord,
  locale: Locale,
): CustomerDocument {
  const category = categoryByCode(document.category_code);
  const type = typeByCode(document.category_code, document.type_code);
  if (!type) throw new Error(`no document type ${document.category_code}/${document.type_code}`);
  const { document_types: _types, ...categoryFields } = documentCategoryResource(
    { ...category, types: [] },
    locale,
  );
  return {
    id: document.id,
    document_category: categoryFields,
    document_type: documentTypeResource(type, locale),
    status_code: document.status,
    status_title: statusTitle(document.status, locale),
    created_at: document.created_at.toISOString(),
    updated_at: document.updated_at.toISOString(),
    rejection_reason:
      document.rejection_reason === null ? null : translate(document.rejection_reason, locale),
    reviewed_at: document.reviewed_at ? document.reviewed_at.toISOString() : null,
    pages: pages.map((page) => ({
      id: page.id,
      number: page.page_number,
      file_name: page.file_name,
      content_type: page.sniffed_type,
      size_bytes: page.size_bytes,
    })),
  };
}
