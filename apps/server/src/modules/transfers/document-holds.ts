import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Database } from '../../db/database.ts';
import type { Executor, Tx } from '../../db/executor.ts';
import { preparedSql } from '../../db/prepared-statements.ts';
import type { UnitOfWork } from '../../lib/unit-of-work.ts';
import type {
  IdentityProofChange,
  IdentityProofReader,
  IdentityProofState,
  IdentityProofsReader,
} from '../documents/index.ts';
import { documentHoldChanges, holdAtClearance } from './document-holds-plan.ts';
import type { ClearanceCheck } from './payout-progress.ts';
import { currentOf, type TransitionCause } from './transaction-states.ts';
import type { TransitionTransfer } from './transfer-transitions.ts';
import type { TransfersRepository } from './transfers.repository.ts';
import { transactions } from './transfers.schema.ts';

/**
 * Holds from documents (docs/product/sending-money.md#holds-from-documents): a paid transfer
 * waits for its customer's proof of identity, and moves when the documents module says the proof
 * changed (an outbox message, documents/identity-proof.ts: the documents module does not know
 * transfers). The decisions are document-holds-plan.ts; this carries them out.
 *
 * The clearance check and the handler of a change take the same per-customer lock, so a transfer
 * clearing while its customer's proof is decided is either held before the decision commits (and
 * the change's handler then finds it) or decided after it (and reads the decision).
 */

/** The states a transfer waits in for a document. */
const DOCUMENT_HOLD_STATES = ['UNDER-REVIEW', 'DOCUMENT-REQUIRED', 'DOCUMENT-PROVIDED'] as const;

export interface DocumentHoldsDeps {
  db: Database;
  uow: Pick<UnitOfWork, 'run' | 'committed'>;
  /** Starts an outbox dispatch soon, without waiting for it. */
  kickOutbox(): void;
  repository: Pick<TransfersRepository, 'historyOf'>;
  transitionTransfer: TransitionTransfer;
  identityProofOf: IdentityProofReader;
  /** Enters CONVERTING-FOREX with its entries and the next step (the payout runner's). */
  startConversion(
    tx: Tx,
    transactionId: string,
    cause: Extract<TransitionCause, 'document-accepted' | 'review-passed'>,
  ): Promise<void>;
}

/** The per-customer lock both sides take, for the rest of the transaction. */
async function lockCustomerHolds(ex: Executor, customerId: string): Promise<void> {
  await ex.execute(
    sql`select pg_advisory_xact_lock(hashtextextended(${`transfers.document-holds:${customerId}`}, 0))`,
  );
}

/** `lockManyCustomersHolds`' statement: the keys as one JSON text, one text whatever their number. */
const lockManyStatement = preparedSql(
  'transfers_document_holds_lock_many',
  sql`select pg_advisory_xact_lock(hashtextextended("held"."key", 0))
    from jsonb_array_elements_text(${sql.placeholder('keys')}::jsonb) with ordinality
      as "held" ("key", "n")
    order by "held"."n"`,
);

/** Several customers' locks, in the order given (sorted by the caller), in one statement. */
async function lockManyCustomersHolds(ex: Executor, customerIds: readonly string[]) {
  if (customerIds.length === 0) return;
  await lockManyStatement.run(ex, {
    keys: JSON.stringify(customerIds.map((id) => `transfers.document-holds:${id}`)),
  });
}

/**
 * The check at the payout runner's decision point after PAYMENT-CLEARED (nextAfterClearance):
 * hold for the customer's proof of identity, or not (document-holds-plan.ts).
 */
export function identityProofClearanceCheck(
  identityProofOf: IdentityProofReader,
  identityProofsOf: IdentityProofsReader,
): ClearanceCheck {
  const decisionOf = (proof: IdentityProofState) => {
    const reason = holdAtClearance(proof, proof.everRejected);
    return reason === null ? null : { next: 'hold' as const, reason };
  };
  const check: ClearanceCheck = async (ex, facts) => {
    await lockCustomerHolds(ex, facts.customerId);
    return decisionOf(await identityProofOf(ex, facts.customerId));
  };
  // A batch (decision 43): every customer's lock in one statement, in one order (two batches
  // never wait on each other crosswise), then their proofs in one read.
  check.many = async (ex, facts) => {
    const customers = [...new Set(facts.map((fact) => fact.customerId))].sort();
    await lockManyCustomersHolds(ex, customers);
    const proofs = await identityProofsOf(ex, customers);
    return facts.map((fact) => {
      const proof = proofs.get(fact.customerId);
      if (!proof) throw new Error(`customer ${fact.customerId}: proofs not read`);
      return decisionOf(proof);
    });
  };
  return check;
}

export function createDocumentHolds(deps: DocumentHoldsDeps) {
  /** Brings one transfer where its customer's proof now says (document-holds-plan.ts). */
  async function settle(tx: Tx, transactionId: string, customerId: string): Promise<void> {
    const history = await deps.repository.historyOf(tx, transactionId);
    const proof = await deps.identityProofOf(tx, customerId);
    for (const change of documentHoldChanges(currentOf(history), proof)) {
      if (change.to === 'CONVERTING-FOREX') {
        const cause = change.cause === 'review-passed' ? 'review-passed' : 'document-accepted';
        await deps.startConversion(tx, transactionId, cause);
      } else {
        await deps.transitionTransfer(tx, {
          transactionId,
          to: change.to,
          cause: change.cause,
          ...(change.holdReason ? { holdReason: change.holdReason } : {}),
        });
      }
    }
  }

  /** Every transfer of the customer waiting for a document, where the proof now says. */
  async function settleCustomer(tx: Tx, customerId: string): Promise<void> {
    await lockCustomerHolds(tx, customerId);
    const held = await tx
      .select({ id: transactions.id })
      .from(transactions)
      .where(
        and(
          eq(transactions.customer_id, customerId),
          inArray(transactions.state, [...DOCUMENT_HOLD_STATES]),
        ),
      )
      .orderBy(transactions.id);
    for (const { id } of held) await settle(tx, id, customerId);
  }

  return {
    /**
     * The handler of the documents module's message: every transfer of the customer waiting for
     * a document, brought where the proof now says, in one transaction. A repeated message finds
     * nothing to do.
     */
    async identityProofChanged(change: IdentityProofChange): Promise<void> {
      // An outbox dispatch pass calls this: a use case that delivered its own messages after its
      // commit would wait for this very pass. So it runs as an idempotent request's use case
      // does (plugins/idempotency.ts): inside an outer transaction, its after-commit effects
      // once that commits, and its messages (events, emails) left to a dispatch it kicks.
      let outer: Tx | undefined;
      await deps.db.transaction(async (tx) => {
        outer = tx;
        await deps.uow.run((inner) => settleCustomer(inner, change.customer_id), tx);
      });
      if (outer) await deps.uow.committed(outer);
      deps.kickOutbox();
    },

    /**
     * One transfer brought where its customer's proof says, in the caller's transaction: after an
     * operator releases it into a document hold, the proof may have been decided meanwhile.
     */
    async settleOne(tx: Tx, transactionId: string, customerId: string): Promise<void> {
      await lockCustomerHolds(tx, customerId);
      await settle(tx, transactionId, customerId);
    },
  };
}

export type DocumentHolds = ReturnType<typeof createDocumentHolds>;
