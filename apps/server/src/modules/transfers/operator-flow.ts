import type { PaymentStateCode, TransactionStateCode } from '@corridor/contracts';
import { isAwaitingPayment, PAYMENT_STATES } from '../payments/index.ts';
import { figuresOf, lockTransfer, recordEntries, type FlowDeps } from './flow-deps.ts';
import type { MoneyFlow } from './money-flow.ts';
import type { OperatorFlow } from './operator-operations.ts';
import { IllegalTransitionError, clearedAt } from './transaction-states.ts';
import { payoutFailedEntries } from './transfer-entries.ts';
import { failAndRefund, refundPaidTransfer } from './transfer-refunds.ts';

/**
 * What the money's flow does for an operator (`transfers:settle|fail|refund` and the flow's pick-up
 * after `transfers:release`), each in the operator's transaction with the flow's own steps, so an
 * operator's settlement, failure or refund writes the same entries, events and emails as the
 * sandbox bank's, the partner's or the customer's.
 */
export function createOperatorFlow(deps: FlowDeps, flow: MoneyFlow): OperatorFlow {
  const stateOf = (row: { state: string }) => row.state as TransactionStateCode;
  return {
    async settle(tx, row) {
      // Only a transfer still awaiting its payment has one to settle.
      if (!isAwaitingPayment(stateOf(row))) {
        throw new IllegalTransitionError(stateOf(row), 'PAYMENT-CLEARED', 'payment-cleared');
      }
      const payment = await deps.payments.lockCurrent(tx, row.id);
      const settled = payment ? await flow.settlement.settleIn(tx, payment.id, 'operator') : false;
      // Nothing open to settle (paid already, or never opened): the transfer cannot clear again.
      if (!settled)
        throw new IllegalTransitionError(stateOf(row), 'PAYMENT-CLEARED', 'payment-cleared');
    },

    async failPayout(tx, row) {
      const payout = await deps.payouts.lock(tx, row.id);
      const handedOver = row.state === 'SENDING-FOR-PAYOUT' || row.state === 'SENT-FOR-PAYOUT';
      if (!payout || !handedOver) {
        throw new IllegalTransitionError(stateOf(row), 'PAYOUT-FAILED', 'partner-failed');
      }
      await deps.payouts.update(tx, payout.id, { state: 'failed' }, deps.clock.now());
      const locked = await lockTransfer(deps, tx, row.id);
      await failAndRefund(deps, tx, locked, () =>
        recordEntries(deps, tx, payoutFailedEntries(figuresOf(row), payout.attempts)),
      );
    },

    async cancel(tx, row) {
      const history = await deps.transfers.historyOf(tx, row.id);
      const changed = await deps.transitionTransfer(tx, {
        transactionId: row.id,
        to: 'CANCELLED',
        cause: 'cancelled-by-operator',
      });
      if (clearedAt(history) !== null) {
        await refundPaidTransfer(
          deps,
          tx,
          { row: changed.transaction, history: changed.history },
          'operator',
        );
        return;
      }
      // Not paid: no money moved; its open payment is withdrawn with it.
      const payment = await deps.payments.lockCurrent(tx, row.id);
      if (payment && PAYMENT_STATES[payment.state as PaymentStateCode].open) {
        await deps.payments.transition(tx, {
          paymentId: payment.id,
          to: 'CANCELLED',
          cause: 'transaction-cancelled',
          customerId: row.customer_id,
        });
      }
    },

    resume: (tx, transactionId, state) => flow.runner.resumeFrom(tx, transactionId, state),
  };
}
