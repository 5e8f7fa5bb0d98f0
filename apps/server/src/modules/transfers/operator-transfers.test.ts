import { apiPaths, customerSchema } from '@corridor/contracts';
import { asc, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { executeOpsRequest } from '../../cli/ops-execute.ts';
import { appPerFile } from '../../test/app-per-file.ts';
import { SECOND, TestClock } from '../../test/clock.ts';
import { mailsTo, waitForMail } from '../../test/mailbox.ts';
import type { TestBrowser } from '../../test/test-browser.ts';
import { waitUntil } from '../../test/wait-for.ts';
import { operatorActions } from '../operator-actions/operator-actions.schema.ts';
import { payments } from '../payments/payments.schema.ts';
import {
  ADA,
  causesOf,
  confirmedTransfer,
  transferOf,
  waitForState,
} from './transfer-holds-test-kit.ts';
import { readySender } from './transfers-test-kit.ts';

/**
 * `npm run ops -- transfers:*` (docs/product/sending-money.md#what-an-operator-does-to-a-transfer,
 * decision 0039) through the handlers the CLI reaches (over the socket or on the database): each
 * action changes the transfer with its entries, events and emails, and is recorded with who and
 * why in the same transaction; what the state does not allow is refused and records nothing.
 * The ledger holds after the file (movesMoney).
 */
const clock = new TestClock();
const testApp = appPerFile({ clock, movesMoney: true });
const db = () => testApp.database.db;
const ops = () => testApp.app.ops.transfers;

async function sender() {
  const { browser, customerId } = await readySender(testApp.app, db(), clock);
  const profile = customerSchema.parse((await browser.get(apiPaths.profile)).json());
  return { browser, customerId, email: profile.account.email };
}

const recordsOf = async (transactionId: string) =>
  (
    await db()
      .select()
      .from(operatorActions)
      .where(eq(operatorActions.subject_id, transactionId))
      .orderBy(asc(operatorActions.at))
  ).map((row) => [row.operator, row.action, row.subject_type, row.reason]);

/** Settled by the operator, then held before its runner converts it. */
async function heldPaidTransfer(browser: TestBrowser) {
  const transfer = await confirmedTransfer(browser, db(), clock);
  await ops().act('hold', transfer.transaction_number, ADA);
  await ops().act('release', transfer.id, ADA);
  await ops().act('settle', transfer.id, ADA);
  return transfer;
}

describe('transfers:hold and transfers:release', () => {
  it('holds a transfer with the operator hold and releases it to where it was, recorded', async () => {
    const { browser, customerId, email } = await sender();
    const transfer = await confirmedTransfer(browser, db(), clock);
    const held = await ops().act('hold', transfer.transaction_number, {
      operator: 'grace',
      reason: 'Name match on a sanctions list',
    });
    expect(held).toEqual({
      transaction_id: transfer.id,
      transaction_number: transfer.transaction_number,
      from: 'PENDING-PAYMENT',
      state: 'ON-HOLD',
      operator: 'grace',
      reason: 'Name match on a sanctions list',
    });
    const shown = await transferOf(browser, transfer.id);
    expect(shown.hold?.reason.code).toBe('OPERATOR-HOLD');
    expect(shown.hold?.action.code).toBe('CONTACT-SUPPORT');

    // Refused: holding it again, or releasing what is not held; nothing is recorded.
    await expect(ops().act('hold', transfer.id, ADA)).rejects.toThrow(
      `Transfer ${transfer.id} is ON-HOLD: it cannot be held; nothing changed.`,
    );
    const released = await ops().act('release', transfer.id, ADA);
    expect(released).toMatchObject({ from: 'ON-HOLD', state: 'PENDING-PAYMENT' });
    await expect(ops().act('release', transfer.id, ADA)).rejects.toThrow(
      'is PENDING-PAYMENT: it cannot be released',
    );
    expect(await recordsOf(transfer.id)).toEqual([
      ['grace', 'transfer-held', 'transaction', 'Name match on a sanctions list'],
      ['ada', 'transfer-released', 'transaction', 'Checked with the bank'],
    ]);

    // transfers:show has it all, and what operators did.
    const detail = await ops().show(transfer.transaction_number);
    expect(detail).toMatchObject({
      id: transfer.id,
      state: 'PENDING-PAYMENT',
      payment: { state: 'PENDING', customer_confirmed_payment: false },
      payout: null,
    });
    expect(detail.timeline.map((step) => step.state)).toEqual([
      'CREATED',
      'PENDING-PAYMENT',
      'ON-HOLD',
      'PENDING-PAYMENT',
    ]);
    expect(detail.operator_actions.map((action) => action.action)).toEqual([
      'transfer-held',
      'transfer-released',
    ]);
    expect(await ops().list({ state: 'PENDING-PAYMENT', customer: customerId })).toEqual([
      expect.objectContaining({
        transaction_number: transfer.transaction_number,
        email,
        hold_reason: null,
        total: `GBP ${transfer.total_to_pay}`,
      }),
    ]);
    expect(await ops().list({ state: 'ON-HOLD', customer: customerId })).toEqual([]);
  });

  it('picks the payout up again after a release from a paid state', async () => {
    const { browser } = await sender();
    const transfer = await confirmedTransfer(browser, db(), clock);
    await ops().act('settle', transfer.id, ADA);
    await waitForState(browser, transfer.id, 'CONVERTING-FOREX');
    await ops().act('hold', transfer.id, ADA);
    // Its next step comes and finds it held: it stays held.
    clock.advance(10 * SECOND);
    await ops().act('release', transfer.id, ADA);
    await waitForState(browser, transfer.id, 'AVAILABLE-FOR-PAYOUT', () => clock.advance(SECOND));
  });
});

describe('transfers:refund, transfers:fail, transfers:settle', () => {
  it('refunds a paid transfer: CANCELLED, the payment REFUNDED, the customer emailed', async () => {
    const { browser, email } = await sender();
    const transfer = await heldPaidTransfer(browser);
    await ops().act('hold', transfer.id, ADA);
    const refunded = await ops().act('refund', transfer.id, ADA);
    expect(refunded).toMatchObject({ from: 'ON-HOLD', state: 'CANCELLED' });
    const [payment] = await db()
      .select({ state: payments.state })
      .from(payments)
      .where(eq(payments.transaction_id, transfer.id));
    expect(payment?.state).toBe('REFUNDED');
    const mail = await waitForMail(testApp.app, email, /We have refunded/);
    expect(mail.text).toContain(transfer.transaction_number);
    // Settling or refunding it again is refused.
    await expect(ops().act('settle', transfer.id, ADA)).rejects.toThrow(
      'is CANCELLED: it cannot be settled',
    );
    await expect(ops().act('refund', transfer.id, ADA)).rejects.toThrow(
      'is CANCELLED: it cannot be refunded',
    );
  });

  it('cancels an unpaid transfer and its payment, with no refund email', async () => {
    const { browser, email } = await sender();
    const transfer = await confirmedTransfer(browser, db(), clock);
    await ops().act('refund', transfer.id, ADA);
    expect((await transferOf(browser, transfer.id)).payment.state.code).toBe('CANCELLED');
    expect((await mailsTo(testApp.app, email)).map((mail) => mail.subject)).not.toContain(
      expect.stringMatching(/refunded/),
    );
  });

  it('fails a payout handed to the partner: PAYOUT-FAILED, then refunded', async () => {
    const { browser, email } = await sender();
    const transfer = await confirmedTransfer(browser, db(), clock);
    await expect(ops().act('fail', transfer.id, ADA)).rejects.toThrow(
      'is PENDING-PAYMENT: it cannot be failed',
    );
    await ops().act('settle', transfer.id, ADA);
    // On through conversion, the clock moved a step at a time, until it is handed to the partner.
    const handedOver = ['SENDING-FOR-PAYOUT', 'SENT-FOR-PAYOUT'];
    await waitUntil(async () => {
      const state = (await transferOf(browser, transfer.id)).state.code;
      if (!handedOver.includes(state)) clock.advance(SECOND);
      return handedOver.includes(state);
    });
    const failed = await ops().act('fail', transfer.id, ADA);
    expect(handedOver).toContain(failed.from);
    expect(failed.state).toBe('CANCELLED');
    expect((await causesOf(db(), transfer.id)).slice(-2)).toEqual([
      ['PAYOUT-FAILED', 'partner-failed', null],
      ['CANCELLED', 'refunded', null],
    ]);
    await waitForMail(testApp.app, email, /could not pay out/);
    await waitForMail(testApp.app, email, /We have refunded/);
  });

  it('answers a refusal as the CLI prints it, and an unknown transfer as not found', async () => {
    const onError = (error: unknown) => {
      throw error;
    };
    const unknown = await executeOpsRequest(
      testApp.app.ops,
      { command: 'transfers:hold', id: 'TP0000000000', reason: 'x', operator: 'ada' },
      onError,
    );
    expect(unknown).toEqual({
      ok: false,
      error: { code: 'not_found', message: 'There is no transfer TP0000000000.' },
    });
    const blank = await executeOpsRequest(
      testApp.app.ops,
      { command: 'transfers:show', id: 'nothing' },
      onError,
    );
    expect(blank).toMatchObject({ ok: false, error: { code: 'not_found' } });
  });
});
