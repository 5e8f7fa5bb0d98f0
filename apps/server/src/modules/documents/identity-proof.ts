import { documentStatusSchema, type DocumentStatus } from '@corridor/contracts';
import { and, eq, sql } from 'drizzle-orm';
import { z } from 'zod';
import type { Executor } from '../../db/executor.ts';
import { jsonList } from '../../db/json-lists.ts';
import { preparedStatement } from '../../db/prepared-statements.ts';
import type { Outbox, OutboxHandler, OutboxMessageInput } from '../../outbox/index.ts';
import { categoryByCode } from './document-catalogue.ts';
import { customerDocuments } from './documents.schema.ts';
import { isBeingChecked } from './owed-documents.ts';

/**
 * What the documents module tells the rest of the product about a customer's proof of identity
 * (issue 29, docs/architecture.md#identity-documents-issue-16): a paid transfer waits while it is
 * checked and moves on once it is approved (docs/product/sending-money.md#holds-from-documents).
 * The documents module knows nothing of transfers: every change of a proof of identity's status
 * (handed in, decided) writes an outbox message in the change's transaction, and whoever holds
 * transfers handles it after the commit; it reads the proof as it stands then, with
 * `identityProofOf`.
 */

/** Where the app takes a customer to hand in a proof of identity (the upload screen of POI). */
export const identityProofUploadPath = (): string =>
  `/account-verification/upload/${categoryByCode('POI').id}`;

/** The outbox kind of those messages. */
export const IDENTITY_PROOF_CHANGED = 'documents.identity-proof-changed';

const changeSchema = z.object({
  customer_id: z.uuid(),
  document_id: z.uuid(),
  status: documentStatusSchema,
});
export type IdentityProofChange = z.infer<typeof changeSchema>;

/** The message, in order per customer (a hand-in before its decision). */
export function identityProofChangedMessage(change: IdentityProofChange): OutboxMessageInput {
  return {
    aggregateType: 'identity-proof',
    aggregateId: change.customer_id,
    kind: IDENTITY_PROOF_CHANGED,
    payload: { ...change },
  };
}

/** Registers who handles the messages (the transfers module, through the assembly). */
export function onIdentityProofChanged(
  outbox: Pick<Outbox, 'handle'>,
  handle: (change: IdentityProofChange) => Promise<void>,
): void {
  const handler: OutboxHandler = async ({ payload }) => handle(changeSchema.parse(payload));
  outbox.handle(IDENTITY_PROOF_CHANGED, handler);
}

/** A customer's proofs of identity now: one approved; one handed in and not decided yet. */
export interface IdentityProofState {
  approved: boolean;
  beingChecked: boolean;
  /** One was rejected at some time. */
  everRejected: boolean;
}

export function identityProofStateOf(statuses: readonly DocumentStatus[]): IdentityProofState {
  return {
    approved: statuses.includes('approved'),
    beingChecked: statuses.some(isBeingChecked),
    everRejected: statuses.includes('rejected'),
  };
}

/**
 * Reads a customer's proofs of identity with `ex` (the reader's transaction): their statuses
 * alone, in one statement (a paid transfer's clearance asks this of every transfer, and needs
 * neither the documents' fields nor their pages).
 */
export function createIdentityProofReader() {
  return async (ex: Executor, customerId: string): Promise<IdentityProofState> => {
    const rows = await ex
      .select({ status: customerDocuments.status })
      .from(customerDocuments)
      .where(
        and(
          eq(customerDocuments.customer_id, customerId),
          eq(customerDocuments.category_code, 'POI'),
        ),
      );
    return identityProofStateOf(rows.map((row) => documentStatusSchema.parse(row.status)));
  };
}

export type IdentityProofReader = ReturnType<typeof createIdentityProofReader>;

/** `createIdentityProofsReader`'s statement: the ids as one JSON text, one text whatever their number. */
const proofsStatement = preparedStatement('documents_identity_proofs_of', (ex, name) =>
  ex
    .select({ customer_id: customerDocuments.customer_id, status: customerDocuments.status })
    .from(customerDocuments)
    .where(
      and(
        sql`${customerDocuments.customer_id} = any(${jsonList('ids', 'uuid')})`,
        eq(customerDocuments.category_code, 'POI'),
      ),
    )
    .prepare(name),
);

/**
 * Reads several customers' proofs of identity with `ex` in one statement: a batch of paid
 * transfers' clearance (docs/decisions/0043-batched-steps.md). Every customer asked is answered,
 * one with no proof as having none.
 */
export function createIdentityProofsReader() {
  return async (
    ex: Executor,
    customerIds: readonly string[],
  ): Promise<Map<string, IdentityProofState>> => {
    const statuses = new Map<string, DocumentStatus[]>(customerIds.map((id) => [id, []]));
    if (customerIds.length === 0) return new Map();
    const rows = await proofsStatement.run(ex, { ids: JSON.stringify([...new Set(customerIds)]) });
    for (const row of rows) {
      statuses.get(row.customer_id)?.push(documentStatusSchema.parse(row.status));
    }
    return new Map([...statuses].map(([id, list]) => [id, identityProofStateOf(list)]));
  };
}

export type IdentityProofsReader = ReturnType<typeof createIdentityProofsReader>;
