import {
  DOCUMENT_MAX_BYTES,
  documentCategoryCodeSchema,
  documentStatusSchema,
  type DocumentCategoryCode,
  type DocumentStatus,
} from '@corridor/contracts';
import {
  and,
  asc,
  desc,
  eq,
  getTableColumns,
  inArray,
  isNull,
  lte,
  sql,
  type SQL,
} from 'drizzle-orm';
import type { Executor } from '../../db/executor.ts';
import { jsonObjectOf, rowFromJson } from '../../db/json-rows.ts';
import { customerDocuments, documentUploads } from './documents.schema.ts';

type DocumentRow = typeof customerDocuments.$inferSelect;
type UploadRow = typeof documentUploads.$inferSelect;

/** A customer document as the module reads it: its codes and status typed. */
export type CustomerDocumentRow = Omit<DocumentRow, 'category_code' | 'status'> & {
  category_code: DocumentCategoryCode;
  status: DocumentStatus;
};

/** A page: an upload a document took, with what was found when it was taken. */
export interface DocumentPage {
  id: string;
  object_key: string;
  document_id: string;
  page_number: number;
  file_name: string;
  size_bytes: number;
  sniffed_type: string;
  width: number | null;
  height: number | null;
  pdf_pages: number | null;
}

export interface DocumentRecord {
  document: CustomerDocumentRow;
  /** In page order. */
  pages: DocumentPage[];
}

/** An upload handed out by the token endpoint, as document/upload checks it. */
export type UploadGrant = UploadRow;

/** What a document takes of each page when it is handed in. */
export interface TakenPage {
  objectKey: string;
  pageNumber: number;
  sizeBytes: number;
  sniffedType: string;
  width: number | null;
  height: number | null;
  pdfPages: number | null;
}

/** The table's checks hold these; a row that breaks them is a bug, not data to show. */
function typedDocument(row: DocumentRow): CustomerDocumentRow {
  return {
    ...row,
    category_code: documentCategoryCodeSchema.parse(row.category_code),
    status: documentStatusSchema.parse(row.status),
  };
}

function typedPage(row: UploadRow): DocumentPage {
  if (row.document_id === null || row.page_number === null) {
    throw new Error(`upload ${row.id} is not a page of a document`);
  }
  return {
    id: row.id,
    object_key: row.object_key,
    document_id: row.document_id,
    page_number: row.page_number,
    file_name: row.file_name,
    size_bytes: row.size_bytes ?? 0,
    sniffed_type: row.sniffed_type ?? row.declared_type,
    width: row.width,
    height: row.height,
    pdf_pages: row.pdf_pages,
  };
}

/** Documents with their pages, the documents in the order given. */
async function withPages(ex: Executor, documents: DocumentRow[]): Promise<DocumentRecord[]> {
  if (documents.length === 0) return [];
  const pages = await ex
    .select()
    .from(documentUploads)
    .where(
      inArray(
        documentUploads.document_id,
        documents.map((document) => document.id),
      ),
    )
    .orderBy(asc(documentUploads.page_number));
  return documents.map((document) => ({
    document: typedDocument(document),
    pages: pages.filter((page) => page.document_id === document.id).map(typedPage),
  }));
}

const documentColumns = getTableColumns(customerDocuments);
const uploadColumns = getTableColumns(documentUploads);

/**
 * A customer's documents, newest first, each with its pages in order, as one SQL value (JSON)
 * for the customer's own query: the resource reads them in the same round trip.
 */
export function documentsJsonOf(customerId: SQL): SQL<unknown> {
  const pages = sql`(select coalesce(json_agg(${jsonObjectOf(uploadColumns)} order by ${documentUploads.page_number}), '[]'::json) from ${documentUploads} where ${documentUploads.document_id} = ${customerDocuments.id})`;
  return sql`(select coalesce(json_agg(json_build_object('document', ${jsonObjectOf(documentColumns)}, 'pages', ${pages}) order by ${customerDocuments.created_at} desc, ${customerDocuments.id} desc), '[]'::json) from ${customerDocuments} where ${customerDocuments.customer_id} = ${customerId})`;
}

/** The records `documentsJsonOf` built, as `documentsOf` reads them. */
export function documentsFromJson(value: unknown): DocumentRecord[] {
  if (!Array.isArray(value)) throw new Error('documents JSON is not a list');
  return value.map((item: { document: unknown; pages: unknown[] }) => ({
    document: typedDocument(rowFromJson(documentColumns, item.document)),
    pages: item.pages.map((page) => typedPage(rowFromJson(uploadColumns, page))),
  }));
}

/**
 * The documents tables. Every function takes the executor of its caller (a use case's
 * transaction or the database); none opens a transaction. The read functions are also what the
 * review (review/) reads documents with: keep them stable.
 */
export function createDocumentsRepository() {
  return {
    /** A customer's documents, newest first, with their pages. */
    async documentsOf(ex: Executor, customerId: string): Promise<DocumentRecord[]> {
      const documents = await ex
        .select()
        .from(customerDocuments)
        .where(eq(customerDocuments.customer_id, customerId))
        .orderBy(desc(customerDocuments.created_at), desc(customerDocuments.id));
      return withPages(ex, documents);
    },

    /** One document with its pages, or undefined. */
    async documentById(ex: Executor, documentId: string): Promise<DocumentRecord | undefined> {
      const [document] = await ex
        .select()
        .from(customerDocuments)
        .where(eq(customerDocuments.id, documentId));
      if (!document) return undefined;
      const [record] = await withPages(ex, [document]);
      return record;
    },

    /**
     * A page of `customerId`'s document, with the document's type, or undefined: someone
     * else's page is not found either.
     */
    async pageOf(
      ex: Executor,
      customerId: string,
      documentId: string,
      pageId: string,
    ): Promise<(DocumentPage & { type_code: string }) | undefined> {
      const [row] = await ex
        .select({ upload: documentUploads, typeCode: customerDocuments.type_code })
        .from(documentUploads)
        .innerJoin(customerDocuments, eq(customerDocuments.id, documentUploads.document_id))
        .where(
          and(
            eq(documentUploads.id, pageId),
            eq(customerDocuments.id, documentId),
            eq(customerDocuments.customer_id, customerId),
          ),
        );
      return row ? { ...typedPage(row.upload), type_code: row.typeCode } : undefined;
    },

    /** The uploads handed out under these keys (whoever they were handed to). */
    async uploadsByKey(ex: Executor, objectKeys: readonly string[]): Promise<UploadGrant[]> {
      if (objectKeys.length === 0) return [];
      return ex
        .select()
        .from(documentUploads)
        .where(inArray(documentUploads.object_key, [...objectKeys]));
    },

    async insertUpload(ex: Executor, upload: typeof documentUploads.$inferInsert): Promise<void> {
      await ex.insert(documentUploads).values(upload);
    },

    async insertDocument(
      ex: Executor,
      document: Pick<
        DocumentRow,
        'id' | 'customer_id' | 'category_code' | 'type_code' | 'status' | 'created_at'
      >,
    ): Promise<void> {
      await ex.insert(customerDocuments).values({ ...document, updated_at: document.created_at });
    },

    /**
     * Holds the customer's storage quota until the caller's transaction ends, so two requests
     * never both fit in the room one of them leaves (upload-token.ts, document-intake.ts).
     */
    async lockQuota(ex: Executor, customerId: string): Promise<void> {
      await ex.execute(
        sql`select pg_advisory_xact_lock(hashtextextended(${`documents.quota:${customerId}`}, 0))`,
      );
    },

    /**
     * The bytes the customer's uploads hold or may hold: a taken page its stored size, a pending
     * upload the exact size its URL was signed for (a row from before sizes were signed, the
     * most a URL takes), until the upload is handed in or swept (unclaimed-uploads.ts).
     */
    async bytesHeldBy(ex: Executor, customerId: string): Promise<number> {
      const [row] = await ex
        .select({
          bytes: sql<string>`coalesce(sum(coalesce(${documentUploads.size_bytes}, ${documentUploads.declared_size}, ${DOCUMENT_MAX_BYTES})), 0)`,
        })
        .from(documentUploads)
        .where(eq(documentUploads.customer_id, customerId));
      return Number(row?.bytes ?? 0);
    },

    /**
     * Uploads no document took, issued at or before `issuedBy` and whose URL expired by `now`:
     * the oldest `limit` keys.
     */
    async unclaimedUploads(
      ex: Executor,
      bounds: { issuedBy: Date; now: Date; limit: number },
    ): Promise<string[]> {
      const rows = await ex
        .select({ key: documentUploads.object_key })
        .from(documentUploads)
        .where(
          and(
            isNull(documentUploads.document_id),
            lte(documentUploads.created_at, bounds.issuedBy),
            lte(documentUploads.expires_at, bounds.now),
          ),
        )
        .orderBy(asc(documentUploads.created_at))
        .limit(bounds.limit);
      return rows.map((row) => row.key);
    },

    /**
     * Forgets one upload if it is still unclaimed and within those bounds: false when a document
     * took it meanwhile (its row is locked until then, so the two never both happen).
     */
    async forgetUnclaimedUpload(
      ex: Executor,
      objectKey: string,
      bounds: { issuedBy: Date; now: Date },
    ): Promise<boolean> {
      const forgotten = await ex
        .delete(documentUploads)
        .where(
          and(
            eq(documentUploads.object_key, objectKey),
            isNull(documentUploads.document_id),
            lte(documentUploads.created_at, bounds.issuedBy),
            lte(documentUploads.expires_at, bounds.now),
          ),
        )
        .returning({ key: documentUploads.object_key });
      return forgotten.length === 1;
    },

    /**
     * Makes an upload a page of `documentId`, only if it is still `customerId`'s and free: false
     * when another request took it first (the caller rolls back).
     */
    async takeUpload(
      ex: Executor,
      customerId: string,
      documentId: string,
      page: TakenPage,
    ): Promise<boolean> {
      const taken = await ex
        .update(documentUploads)
        .set({
          document_id: documentId,
          page_number: page.pageNumber,
          size_bytes: page.sizeBytes,
          sniffed_type: page.sniffedType,
          width: page.width,
          height: page.height,
          pdf_pages: page.pdfPages,
        })
        .where(
          and(
            eq(documentUploads.object_key, page.objectKey),
            eq(documentUploads.customer_id, customerId),
            isNull(documentUploads.document_id),
          ),
        )
        .returning({ key: documentUploads.object_key });
      return taken.length === 1;
    },
  };
}

export type DocumentsRepository = ReturnType<typeof createDocumentsRepository>;
