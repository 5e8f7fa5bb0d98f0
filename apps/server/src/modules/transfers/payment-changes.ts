import type { Locale, Payment, PaymentStateCode, TransactionStateCode } from '@corridor/contracts';
import type { Tx } from '../../db/executor.ts';
import { AppError } from '../../errors/app-error.ts';
import {
  cancelRefusal,
  isAwaitingPayment,
  newPaymentRefusal,
  NewPaymentRefusedError,
  PAYMENT_STATES,
  PaymentCancelRefusedError,
} from '../payments/index.ts';
import { isUuid, lockTransfer, type FlowDeps } from './flow-deps.ts';
import { localeOf, type LockedTransfer } from './locked-transfer.ts';

/** How many overdue payments one sweep times out (the job comes back for the rest). */
const EXPIRY_BATCH = 200;

/**
 * A transfer's payment before it is paid (docs/product/sending-money.md#retry-and-cancel,
 * docs/decisions/0038-transaction-states.md): the customer's cancel, and the deadline that times
 * an unpaid payment out. No money has moved, so neither writes a ledger entry.
 */
export function createPaymentChanges(deps: FlowDeps) {
  /**
   * Runs `change` in one use case on the customer's transfer, locked; 404 when the id is not a
   * transfer of theirs (another customer's is never told apart from a missing one).
   */
  async function inOwnTransfer<T>(
    input: { customerId: string; transactionId: string; outer: Tx | null },
    change: (tx: Tx, locked: LockedTransfer) => Promise<T>,
  ): Promise<T> {
    if (!isUuid(input.transactionId)) throw new AppError('not_found');
    return deps.uow.run(async (tx) => {
      const locked = await deps.transfers.lockWithHistory(
        tx,
        input.transactionId.toLowerCase(),
        input.customerId,
      );
      if (!locked) throw new AppError('not_found');
      return change(tx, locked);
    }, input.outer);
  }

  /** Times one payment out if it is still open past its deadline; true when it did. */
  async function expireIn(tx: Tx, payment: { id: string; transaction_id: string }) {
    const transfer = await lockTransfer(deps, tx, payment.transaction_id);
    const row = transfer.row;
    const locked = await deps.payments.lock(tx, payment.id);
    const now = deps.clock.now();
    if (!locked?.deadline || locked.deadline > now) return false;
    if (!PAYMENT_STATES[locked.state as PaymentStateCode].open) return false;
    await deps.payments.transition(tx, {
      paymentId: locked.id,
      to: 'TIMED-OUT',
      cause: 'deadline-passed',
      customerId: row.customer_id,
      locked,
      locale: await localeOf(deps, tx, transfer),
    });
    // Decision 38: a transfer whose payments all failed or expired is cancelled.
    const payments = await deps.payments.allOf(tx, row.id);
    const allLapsed = payments.every(
      (candidate) => candidate.state === 'FAILED' || candidate.state === 'TIMED-OUT',
    );
    if (allLapsed && isAwaitingPayment(row.state as TransactionStateCode)) {
      await deps.transitionTransfer(
        tx,
        { transactionId: row.id, to: 'CANCELLED', cause: 'payment-timed-out' },
        transfer,
      );
    }
    return true;
  }

  return {
    /**
     * The customer cancels the open payment before paying
     * (POST /client/v1/transaction/payment/{transactionId}/cancel): the payment CANCELLED and,
     * the transfer awaiting payment, the transfer CANCELLED with it. 404 for another's transfer;
     * 409 `payment_not_open` / `payment_not_cancellable` (payment-states.ts `cancelRefusal`).
     */
    async cancel(
      input: { customerId: string; transactionId: string; outer: Tx | null },
      locale: Locale,
    ): Promise<Payment> {
      return inOwnTransfer(input, async (tx, locked) => {
        const row = locked.row;
        const payment = await deps.payments.lockCurrent(tx, row.id);
        if (!payment) throw new PaymentCancelRefusedError('payment_not_open');
        const refusal = cancelRefusal(
          {
            state: payment.state as PaymentStateCode,
            customerConfirmed: payment.customer_confirmed_payment,
            providerCanWithdraw: deps.payments.providerOf(payment.method_code).canWithdraw,
          },
          row.state as TransactionStateCode,
        );
        if (refusal) throw new PaymentCancelRefusedError(refusal);
        const cancelled = await deps.payments.transition(tx, {
          paymentId: payment.id,
          to: 'CANCELLED',
          cause: 'cancelled-by-customer',
          customerId: row.customer_id,
          locked: payment,
          locale: await localeOf(deps, tx, locked),
        });
        await deps.transitionTransfer(
          tx,
          { transactionId: row.id, to: 'CANCELLED', cause: 'cancelled-by-customer' },
          locked,
        );
        return deps.payments.resource(cancelled, locale);
      });
    },

    /**
     * A new payment of the transfer (POST /client/v1/transaction/payment/{transactionId}): by the
     * same method, numbered after the others (`-002`, `-003`), while the transfer awaits payment
     * with no payment open and fewer than 3 made; otherwise 409. 404 for another's transfer.
     */
    async retry(
      input: { customerId: string; transactionId: string; outer: Tx | null },
      locale: Locale,
    ): Promise<Payment> {
      return inOwnTransfer(input, async (tx, { row }) => {
        const made = await deps.payments.allOf(tx, row.id);
        const refusal = newPaymentRefusal(
          row.state as TransactionStateCode,
          made.map((payment) => payment.state as PaymentStateCode),
        );
        const last = made.at(-1);
        if (refusal || !last) throw new NewPaymentRefusedError(refusal ?? 'not-awaiting-payment');
        const opened = await deps.payments.open(tx, {
          transactionId: row.id,
          transactionNumber: row.transaction_number,
          number: made.length + 1,
          methodCode: last.method_code,
          currency: row.send_currency,
          amountMinor: row.total_minor,
        });
        return deps.payments.resource(opened, locale);
      });
    },

    /**
     * The deadline job: every open payment past its deadline TIMED-OUT, each in a use case of
     * its own; answers how many.
     */
    async expireOverdue(): Promise<number> {
      const overdue = await deps.payments.overdue(deps.db, deps.clock.now(), EXPIRY_BATCH);
      let expired = 0;
      for (const payment of overdue) {
        if (await deps.uow.run((tx) => expireIn(tx, payment))) expired += 1;
      }
      if (expired > 0) deps.log.info({ expired }, 'payments timed out at their deadline');
      return expired;
    },
  };
}

export type PaymentChanges = ReturnType<typeof createPaymentChanges>;
