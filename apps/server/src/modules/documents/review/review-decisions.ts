import { isBlankText, textProblem, type DocumentStatus } from '@corridor/contracts';
import type { Database } from '../../../db/database.ts';
import type { UnitOfWork } from '../../../lib/unit-of-work.ts';
import type { DocumentRecord } from '../documents.repository.ts';
import type { DecisionRecorder } from './decision-recorder.ts';
import { readIdentityDetails, type IdentityDetails } from './identity-details.ts';
import type { ReviewOutcome } from './identity-reviewer.ts';
import type { DocumentListRow, ReviewRepository } from './review.repository.ts';

/** Why an operator's command was refused: the CLI prints the message and exits non-zero. */
export class DecisionError extends Error {
  constructor(
    readonly code: 'not_found' | 'not_reviewable' | 'invalid',
    message: string,
  ) {
    super(message);
    this.name = 'DecisionError';
  }
}

export type DocumentSummary = Omit<DocumentListRow, 'created_at' | 'updated_at'> & {
  created_at: string;
  updated_at: string;
};

export interface DocumentDetail extends DocumentSummary {
  rejection_reason: string | null;
  reviewed_by: string | null;
  reviewed_at: string | null;
  /** What an approved proof of identity recorded; null otherwise. */
  read_from_id: IdentityDetails | null;
  /** The customer's name and date of birth on the profile, to compare with the ID. */
  profile: IdentityDetails;
  files: {
    number: number;
    file_name: string;
    content_type: string;
    size_bytes: number;
    width: number | null;
    height: number | null;
    pdf_pages: number | null;
  }[];
}

/** An operator's reason is shown to the customer as written: plain text, one short paragraph. */
export const MAX_REASON_LENGTH = 500;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const LIST_LIMIT = 200;

const notFound = (id: string) => new DecisionError('not_found', `No document ${id}.`);

export interface ReviewDecisionsDeps {
  db: Database;
  uow: Pick<UnitOfWork, 'run'>;
  repository: ReviewRepository;
  recorder: DecisionRecorder;
}

function checkedReason(reason: string): string {
  const text = reason.trim();
  if (text === '' || isBlankText(text)) {
    throw new DecisionError('invalid', 'A rejection needs a reason: --reason "…".');
  }
  if (text.length > MAX_REASON_LENGTH || textProblem(text) !== null) {
    throw new DecisionError(
      'invalid',
      `The reason must be plain text of at most ${MAX_REASON_LENGTH} characters.`,
    );
  }
  return text;
}

/**
 * What an operator does with documents (the ops CLI, docs/product/identity-documents.md#review): list, show, and decide the ones
 * the reviewer left to a person (`review-required`). A decision goes through the same recorder
 * as the sandbox's: the same events and emails.
 */
export function createReviewDecisions(deps: ReviewDecisionsDeps) {
  const { db, uow, repository, recorder } = deps;

  function detailOf(record: DocumentRecord, row: DocumentListRow, profile: IdentityDetails) {
    const { document, pages } = record;
    const detail: DocumentDetail = {
      ...row,
      created_at: row.created_at.toISOString(),
      updated_at: row.updated_at.toISOString(),
      rejection_reason: document.rejection_reason,
      reviewed_by: document.reviewed_by,
      reviewed_at: document.reviewed_at?.toISOString() ?? null,
      read_from_id:
        document.status === 'approved' && document.category_code === 'POI'
          ? {
              name: document.poi_name,
              secondName: document.poi_second_name,
              thirdName: document.poi_third_name,
              birthDate: document.poi_birth_date,
            }
          : null,
      profile,
      files: pages.map((page) => ({
        number: page.page_number,
        file_name: page.file_name,
        content_type: page.sniffed_type,
        size_bytes: page.size_bytes,
        width: page.width,
        height: page.height,
        pdf_pages: page.pdf_pages,
      })),
    };
    return detail;
  }

  async function show(documentId: string): Promise<DocumentDetail> {
    if (!UUID.test(documentId)) throw notFound(documentId);
    const [row] = await repository.list(db, { id: documentId.toLowerCase(), limit: 1 });
    if (!row) throw notFound(documentId);
    const record = await recorder.load(db, row.id);
    const customer = await repository.customerOf(db, row.customer_id);
    if (!customer) throw notFound(documentId);
    return detailOf(record, row, customer.profile);
  }

  /** Decides a `review-required` document; anything else is refused. */
  async function decide(
    documentId: string,
    outcomeOf: (record: DocumentRecord, profile: IdentityDetails) => ReviewOutcome,
    by: string,
  ): Promise<DocumentDetail> {
    if (!UUID.test(documentId)) throw notFound(documentId);
    await uow.run(async (tx) => {
      const status = await repository.lockStatus(tx, documentId);
      if (status === undefined) throw notFound(documentId);
      if (status !== 'review-required') {
        throw new DecisionError(
          'not_reviewable',
          `Document ${documentId} is ${status}: only a review-required document is decided by an operator.`,
        );
      }
      const record = await recorder.load(tx, documentId);
      const customer = await repository.customerOf(tx, record.document.customer_id);
      if (!customer) throw notFound(documentId);
      await recorder.record(tx, record, outcomeOf(record, customer.profile), by);
    });
    return show(documentId);
  }

  return {
    async list(filter: { status?: DocumentStatus } = {}): Promise<DocumentSummary[]> {
      const rows = await repository.list(db, { ...filter, limit: LIST_LIMIT });
      return rows.map((row) => ({
        ...row,
        created_at: row.created_at.toISOString(),
        updated_at: row.updated_at.toISOString(),
      }));
    },

    show,

    /** Approves; a proof of identity records its details as the sandbox would read them. */
    approve: (documentId: string, by: string) =>
      decide(
        documentId,
        ({ document, pages }, profile) => ({
          status: 'approved',
          details:
            document.category_code === 'POI'
              ? readIdentityDetails(
                  pages.map((page) => page.file_name),
                  profile,
                )
              : null,
        }),
        by,
      ),

    /** Rejects with the operator's reason, shown to the customer as written. */
    async reject(documentId: string, reason: string, by: string): Promise<DocumentDetail> {
      const text = checkedReason(reason);
      return decide(documentId, () => ({ status: 'rejected', reason: text }), by);
    },
  };
}

export type ReviewDecisions = ReturnType<typeof createReviewDecisions>;
