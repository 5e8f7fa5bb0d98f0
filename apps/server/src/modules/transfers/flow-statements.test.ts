import { apiPaths, type TransactionStateCode } from '@corridor/contracts';
import { describe, expect, it } from 'vitest';
import { appPerFile } from '../../test/app-per-file.ts';
import { SECOND, TestClock } from '../../test/clock.ts';
import {
  confirmedTransfer,
  runJobs,
  SETTLE_SECONDS,
  STEP_SECONDS,
  transferOf,
  type ConfirmedTransfer,
} from './flow-test-kit.ts';

/**
 * Statement budgets of a transfer's steps after confirm (docs/performance.md: the server's time
 * goes into many small queries): each use case locks and reads its transfer once and carries it
 * through its changes. Counted: the statements on the flow's own rows (transfers, their
 * timeline, payments, payouts, and what the events and emails read of the customer and
 * recipient, and the messages they write). Not counted: the ledger's statements, which its own
 * module budgets, and the jobs' and outbox's machinery (their own modules).
 */
const clock = new TestClock();
const file = appPerFile({ clock, movesMoney: true });

const FLOW_ROWS =
  /"(transactions|transaction_states|payments|payouts|recipients|customers|accounts|customer_documents|document_uploads)"|pg_advisory_xact_lock|^insert into "outbox_messages"/;
// The every-minute deadline sweep may run in any window: it is not a step of this transfer.
const DEADLINE_SWEEP = /"payments"\."deadline" <=/;

const flowStatements = (sent: readonly string[]) =>
  sent.filter((text) => FLOW_ROWS.test(text) && !DEADLINE_SWEEP.test(text));

async function stateOf(transfer: ConfirmedTransfer): Promise<TransactionStateCode> {
  return (await transferOf(transfer.browser, transfer.transaction.id)).state.code;
}

/** The flow's statements while the jobs due within `ms` run. */
async function stepStatements(ms: number): Promise<readonly string[]> {
  return flowStatements(await file.statements.during(() => runJobs(file, clock, ms)));
}

describe('the statements of a transfer’s steps', () => {
  it('holds "I\'ve paid", settlement and every payout step to its budget', async () => {
    const transfer = await confirmedTransfer(file, clock);

    // "I've paid": the payment's transfer locked (the customer's only) with the customer's
    // language for its event, the payment locked, its change, the event.
    const paid = flowStatements(
      await file.statements.during(async () => {
        const response = await transfer.browser.post(apiPaths.paymentSent(transfer.paymentId), {});
        expect(response.statusCode, response.body).toBe(200);
      }),
    );
    expect(paid.length).toBeLessThanOrEqual(4);

    // Settlement (a batch of one, settlement-batch.ts: the transfer locked with its timeline,
    // the payment locked, the customer's address and language and the recipient, the payment
    // captured, PAYMENT-CLEARED), then in the same transaction the decision after clearance
    // (decision 71: the customer's document lock and proof of identity, CONVERTING-FOREX), the
    // events and email in one outbox insert: 12. As a job of its own that decision took 5 more.
    const settled = await stepStatements(SETTLE_SECONDS * SECOND);
    expect(await stateOf(transfer)).toBe('CONVERTING-FOREX');
    expect(settled.length, settled.join('\n')).toBeLessThanOrEqual(12);

    // Converted: the transfer locked, AVAILABLE-FOR-PAYOUT, its event.
    const converted = await stepStatements(STEP_SECONDS * SECOND);
    expect(await stateOf(transfer)).toBe('AVAILABLE-FOR-PAYOUT');
    expect(converted.length).toBeLessThanOrEqual(3);

    // The hand-over (locked, SENDING-FOR-PAYOUT, its event, the payout row: 4) and its
    // submission (a batch of one, submit-batch.ts: the transfer, payout and recipient read
    // before asking the partner, then the transfer and payout locked and the payout accepted,
    // its first poll sent for the partner's first step: 6). No poll yet: there was one at
    // once, which found the payout just accepted (15).
    const handedOver = await stepStatements(STEP_SECONDS * SECOND);
    expect(await stateOf(transfer)).toBe('SENDING-FOR-PAYOUT');
    expect(handedOver.length, handedOver.join('\n')).toBeLessThanOrEqual(10);

    // The first poll, which finds it moved on (a batch of one, poll-batch.ts: read the same
    // three, lock the two: 5), then SENT-FOR-PAYOUT, its event and the payout row: 8 (for a
    // batch of 20, payout-batches.test.ts: 9).
    const sent = await stepStatements(STEP_SECONDS * SECOND);
    expect(await stateOf(transfer)).toBe('SENT-FOR-PAYOUT');
    expect(sent.length).toBeLessThanOrEqual(8);

    // Paid out: the poll's 5, PAYOUT-SUCCESS, the email's language and address, the event and
    // the message in one statement (its recipient is the one the poll read), the payout row: 10.
    const paidOut = await stepStatements(STEP_SECONDS * SECOND);
    expect(await stateOf(transfer)).toBe('PAYOUT-SUCCESS');
    expect(paidOut.length, paidOut.join('\n')).toBeLessThanOrEqual(10);
  });
});
