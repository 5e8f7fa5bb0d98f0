import { eq } from 'drizzle-orm';
import type { Executor } from '../../db/executor.ts';
import type { ProviderRefund } from './payment-provider.ts';
import { sandboxRefunds } from './payment-refunds.schema.ts';
import { sandboxCardCharges } from './payments.schema.ts';

/**
 * The sandbox providers' side of a refund (docs/sandbox-providers.md#refunds): the card records
 * it against the payment's charge, the bank records an outgoing transfer to the account the
 * payment came from. Each refund id once: a repeated delivery records nothing more.
 */

export type SandboxRefundRow = typeof sandboxRefunds.$inferSelect;

export async function recordCardRefund(
  ex: Executor,
  providerCode: string,
  refund: ProviderRefund,
): Promise<void> {
  const [charge] = await ex
    .select({ id: sandboxCardCharges.id })
    .from(sandboxCardCharges)
    .where(eq(sandboxCardCharges.payment_id, refund.paymentId));
  await insert(ex, providerCode, refund, 'card-refund', charge?.id ?? null);
}

export async function recordBankTransferOut(
  ex: Executor,
  providerCode: string,
  refund: ProviderRefund,
): Promise<void> {
  await insert(ex, providerCode, refund, 'bank-transfer-out', null);
}

async function insert(
  ex: Executor,
  providerCode: string,
  refund: ProviderRefund,
  instruction: 'card-refund' | 'bank-transfer-out',
  chargeId: string | null,
): Promise<void> {
  await ex
    .insert(sandboxRefunds)
    .values({
      refund_id: refund.refundId,
      provider_code: providerCode,
      payment_id: refund.paymentId,
      charge_id: chargeId,
      instruction,
      reference: refund.reference,
      currency: refund.currency,
      amount_minor: refund.amountMinor,
      created_at: refund.at,
    })
    .onConflictDoNothing({ target: sandboxRefunds.refund_id });
}

/** What a sandbox provider recorded of a payment's refunds (tests, the ops CLI). */
export async function sandboxRefundsOf(
  ex: Executor,
  paymentId: string,
): Promise<SandboxRefundRow[]> {
  return ex.select().from(sandboxRefunds).where(eq(sandboxRefunds.payment_id, paymentId));
}
