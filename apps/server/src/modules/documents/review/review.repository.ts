import type { DocumentStatus, Locale } from '@corridor/contracts';
import { and, count, desc, eq, inArray } from 'drizzle-orm';
import type { Executor } from '../../../db/executor.ts';
import type { CustomerService } from '../../customers/index.ts';
import { customerDocuments, documentUploads } from '../documents.schema.ts';
import type { IdentityDetails } from './identity-details.ts';

/** Who a review's mail goes to, and the profile an approved ID is compared with. */
export interface ReviewedCustomer {
  email: string;
  locale: Locale;
  profile: IdentityDetails;
}

/** A decision as the document row records it. */
export interface RecordedDecision {
  status: 'approved' | 'rejected' | 'review-required';
  rejectionReason: string | null;
  reviewedBy: string | null;
  reviewedAt: Date | null;
  details: IdentityDetails | null;
}

/** One line of the operator's list. */
export interface DocumentListRow {
  id: string;
  customer_id: string;
  email: string;
  category_code: string;
  type_code: string;
  status: string;
  pages: number;
  created_at: Date;
  updated_at: Date;
}

/** What the review reads of the customers and their accounts (their modules' tables). */
export type ReviewedCustomers = Pick<CustomerService, 'reviewedCustomerOf' | 'emailsOf'>;

/**
 * The review's own reads and writes (the documents and their pages are read through the
 * documents repository; customers and their emails through the customers module, decision 30).
 * Each takes the caller's executor; none opens a transaction.
 */
export function createReviewRepository(customers: ReviewedCustomers) {
  return {
    /**
     * The document's status, its row locked until the transaction ends: two runs of the job (or
     * the job and an operator) move a document one at a time, each seeing the other's result.
     */
    async lockStatus(tx: Executor, documentId: string): Promise<DocumentStatus | undefined> {
      const [row] = await tx
        .select({ status: customerDocuments.status })
        .from(customerDocuments)
        .where(eq(customerDocuments.id, documentId))
        .for('update');
      return row?.status as DocumentStatus | undefined;
    },

    async markProcessing(tx: Executor, documentId: string, now: Date): Promise<void> {
      await tx
        .update(customerDocuments)
        .set({ status: 'processing', updated_at: now })
        .where(eq(customerDocuments.id, documentId));
    },

    async recordDecision(
      tx: Executor,
      documentId: string,
      decision: RecordedDecision,
      now: Date,
    ): Promise<void> {
      const { details } = decision;
      await tx
        .update(customerDocuments)
        .set({
          status: decision.status,
          rejection_reason: decision.rejectionReason,
          reviewed_by: decision.reviewedBy,
          reviewed_at: decision.reviewedAt,
          poi_name: details?.name ?? null,
          poi_second_name: details?.secondName ?? null,
          poi_third_name: details?.thirdName ?? null,
          poi_birth_date: details?.birthDate ?? null,
          updated_at: now,
        })
        .where(eq(customerDocuments.id, documentId));
    },

    customerOf: (ex: Executor, customerId: string): Promise<ReviewedCustomer | undefined> =>
      customers.reviewedCustomerOf(ex, customerId),

    /** Newest first, at most `limit`; with `status` or `id`, only those. */
    async list(
      ex: Executor,
      filter: { status?: DocumentStatus; id?: string; limit: number },
    ): Promise<DocumentListRow[]> {
      const rows = await ex
        .select({
          id: customerDocuments.id,
          customer_id: customerDocuments.customer_id,
          category_code: customerDocuments.category_code,
          type_code: customerDocuments.type_code,
          status: customerDocuments.status,
          created_at: customerDocuments.created_at,
          updated_at: customerDocuments.updated_at,
        })
        .from(customerDocuments)
        .where(
          and(
            filter.status ? eq(customerDocuments.status, filter.status) : undefined,
            filter.id ? eq(customerDocuments.id, filter.id) : undefined,
          ),
        )
        .orderBy(desc(customerDocuments.created_at), desc(customerDocuments.id))
        .limit(filter.limit);
      if (rows.length === 0) return [];
      const pages = await ex
        .select({ document_id: documentUploads.document_id, pages: count() })
        .from(documentUploads)
        .where(
          inArray(
            documentUploads.document_id,
            rows.map((row) => row.id),
          ),
        )
        .groupBy(documentUploads.document_id);
      const pagesOf = new Map(pages.map((row) => [row.document_id, row.pages]));
      const emails = await customers.emailsOf(ex, [...new Set(rows.map((row) => row.customer_id))]);
      // Every customer has an account (sign-up writes both), so every document has an email.
      return rows.flatMap((row) => {
        const email = emails.get(row.customer_id);
        return email === undefined ? [] : [{ ...row, email, pages: pagesOf.get(row.id) ?? 0 }];
      });
    },

    /** What the customer's newest approved proof of identity recorded, or undefined. */
    async approvedPoiDetails(
      ex: Executor,
      customerId: string,
    ): Promise<{ documentId: string; details: IdentityDetails } | undefined> {
      const [row] = await ex
        .select()
        .from(customerDocuments)
        .where(
          and(
            eq(customerDocuments.customer_id, customerId),
            eq(customerDocuments.category_code, 'POI'),
            eq(customerDocuments.status, 'approved'),
          ),
        )
        .orderBy(desc(customerDocuments.reviewed_at), desc(customerDocuments.created_at))
        .limit(1);
      if (!row) return undefined;
      return {
        documentId: row.id,
        details: {
          name: row.poi_name,
          secondName: row.poi_second_name,
          thirdName: row.poi_third_name,
          birthDate: row.poi_birth_date,
        },
      };
    },
  };
}

export type ReviewRepository = ReturnType<typeof createReviewRepository>;
