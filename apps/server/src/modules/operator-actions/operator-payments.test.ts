import { apiPaths } from '@corridor/contracts';
import { describe, expect, it } from 'vitest';
import { executeOpsRequest } from '../../cli/ops-execute.ts';
import { appPerFile } from '../../test/app-per-file.ts';
import { SECOND, TestClock } from '../../test/clock.ts';
import { waitUntil } from '../../test/wait-for.ts';
import {
  confirmedTransfer,
  runJobs,
  runUntil,
  SETTLE_SECONDS,
  transferOf,
} from '../transfers/flow-test-kit.ts';

/**
 * `npm run ops -- payments:list|show|refund` through the handlers the CLI reaches
 * (docs/product/sending-money.md#what-an-operator-does-to-a-payment, decision 0039): the reads,
 * an operator's refund with its record, and the refusals that change nothing. The ledger holds
 * after the file (movesMoney).
 */
const clock = new TestClock();
const file = appPerFile({ clock, movesMoney: true });
const ADA = { operator: 'ada', reason: 'Customer asked by phone' };
const onError = (error: unknown) => {
  throw error;
};
const run = (request: Record<string, unknown>) => executeOpsRequest(file.app.ops, request, onError);

describe('payments:*', () => {
  it('lists, shows and refunds a captured payment, recorded; then refuses it again', async () => {
    const transfer = await confirmedTransfer(file, clock);
    const number = transfer.transaction.transaction_number;
    const paid = await transfer.browser.post(apiPaths.paymentSent(transfer.paymentId), {});
    expect(paid.statusCode, paid.body).toBe(200);
    await runJobs(file, clock, SETTLE_SECONDS * SECOND);
    await file.app.ops.transfers.act('hold', transfer.transaction.id, ADA);

    const listed = await run({ command: 'payments:list', transfer: number });
    expect(listed).toEqual({
      ok: true,
      result: [
        expect.objectContaining({
          id: transfer.paymentId,
          reference: number,
          state: 'CAPTURED',
          amount: `GBP ${transfer.transaction.total_to_pay}`,
          refunded: 'GBP 0.00',
        }),
      ],
    });
    expect(await run({ command: 'payments:list', state: 'REFUNDED', transfer: number })).toEqual({
      ok: true,
      result: [],
    });

    const refunded = await run({
      command: 'payments:refund',
      id: number,
      reason: ADA.reason,
      operator: 'ada',
    });
    expect(refunded).toEqual({
      ok: true,
      result: {
        payment_id: transfer.paymentId,
        reference: number,
        transaction_id: transfer.transaction.id,
        from: 'ON-HOLD',
        state: 'CANCELLED',
        operator: 'ada',
        reason: ADA.reason,
      },
    });
    const read = await transferOf(transfer.browser, transfer.transaction.id);
    expect(read.refunds.map((refund) => refund.reason)).toEqual(['operator']);

    // The provider is told after the commit; then payments:show has it all.
    await waitUntil(async () => {
      const shown = await file.app.ops.payments.show(transfer.paymentId);
      return shown.provider_refunds.length === 1;
    });
    const shown = await file.app.ops.payments.show(transfer.paymentId);
    expect(shown).toMatchObject({
      state: 'REFUNDED',
      refunded: `GBP ${transfer.transaction.total_to_pay}`,
      refunds: [expect.objectContaining({ reason: 'operator', destination: 'bank-account' })],
      provider_refunds: [expect.objectContaining({ instruction: 'bank-transfer-out' })],
      operator_actions: [
        expect.objectContaining({
          operator: 'ada',
          action: 'payment-refunded',
          reason: ADA.reason,
        }),
      ],
    });

    // Refunded already: refused, nothing recorded.
    const again = await run({
      command: 'payments:refund',
      id: number,
      reason: 'x',
      operator: 'ada',
    });
    expect(again).toEqual({
      ok: false,
      error: {
        code: 'invalid',
        message: `Payment ${number} is REFUNDED: nothing of it is ours to refund; nothing changed.`,
      },
    });
    expect((await file.app.ops.payments.show(number)).operator_actions).toHaveLength(1);
  });

  it('refuses an unpaid payment, a transfer paid out, and an unknown payment', async () => {
    const unpaid = await confirmedTransfer(file, clock);
    const refusal = await run({
      command: 'payments:refund',
      id: unpaid.paymentId,
      reason: 'x',
      operator: 'ada',
    });
    expect(refusal).toMatchObject({ ok: false, error: { code: 'invalid' } });
    expect((await transferOf(unpaid.browser, unpaid.transaction.id)).state.code).toBe(
      'PENDING-PAYMENT',
    );
    const out = await confirmedTransfer(file, clock);
    const sent = await out.browser.post(apiPaths.paymentSent(out.paymentId), {});
    expect(sent.statusCode, sent.body).toBe(200);
    await runJobs(file, clock, SETTLE_SECONDS * SECOND);
    await runUntil(file, clock, out, 'PAYOUT-SUCCESS');
    const paidOut = await run({
      command: 'payments:refund',
      id: out.paymentId,
      reason: 'x',
      operator: 'ada',
    });
    expect(paidOut).toEqual({
      ok: false,
      error: {
        code: 'invalid',
        message: `Payment ${out.transaction.transaction_number}: its transfer is PAYOUT-SUCCESS and cannot be refunded; nothing changed.`,
      },
    });
    expect((await file.app.ops.payments.show(out.paymentId)).operator_actions).toEqual([]);
    const unknown = await run({ command: 'payments:show', id: 'TP0000000000' });
    expect(unknown).toEqual({
      ok: false,
      error: { code: 'not_found', message: 'There is no payment TP0000000000.' },
    });
  });
});
