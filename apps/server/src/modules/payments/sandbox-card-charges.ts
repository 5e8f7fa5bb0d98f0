import { and, eq } from 'drizzle-orm';
import type { Executor } from '../../db/executor.ts';
import { sandboxCardCharges } from './payments.schema.ts';

/**
 * The sandbox card provider's own rows (docs/sandbox-providers.md#payments): one card attempt per
 * payment, with its brand, last four and outcome. No card number and no CVC, ever.
 */

export type CardChargeRow = typeof sandboxCardCharges.$inferSelect;
export type ChargeOutcome = CardChargeRow['outcome'];

export function createCardChargesRepository() {
  return {
    /** The payment's attempt, unless it has one already (then undefined: one per payment). */
    async insert(ex: Executor, charge: CardChargeRow): Promise<CardChargeRow | undefined> {
      const [row] = await ex
        .insert(sandboxCardCharges)
        .values(charge)
        .onConflictDoNothing({ target: sandboxCardCharges.payment_id })
        .returning();
      return row;
    },

    async ofPayment(ex: Executor, paymentId: string): Promise<CardChargeRow | undefined> {
      const [row] = await ex
        .select()
        .from(sandboxCardCharges)
        .where(eq(sandboxCardCharges.payment_id, paymentId));
      return row;
    },

    async find(ex: Executor, chargeId: string): Promise<CardChargeRow | undefined> {
      const [row] = await ex
        .select()
        .from(sandboxCardCharges)
        .where(eq(sandboxCardCharges.id, chargeId));
      return row;
    },

    /** The 3-D Secure answer, once: undefined when the challenge was answered already. */
    async decideChallenge(
      ex: Executor,
      paymentId: string,
      outcome: 'approved' | 'authentication_failed',
      at: Date,
    ): Promise<CardChargeRow | undefined> {
      const [row] = await ex
        .update(sandboxCardCharges)
        .set({ outcome, decided_at: at })
        .where(
          and(
            eq(sandboxCardCharges.payment_id, paymentId),
            eq(sandboxCardCharges.outcome, 'challenge'),
          ),
        )
        .returning();
      return row;
    },
  };
}

export type CardChargesRepository = ReturnType<typeof createCardChargesRepository>;
