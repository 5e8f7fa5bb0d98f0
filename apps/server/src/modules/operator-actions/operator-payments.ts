import type { PaymentStateCode, TransactionStateCode } from '@corridor/contracts';
import type { Database } from '../../db/database.ts';
import type { Clock } from '../../lib/clock.ts';
import type { RandomSource } from '../../lib/random.ts';
import type { UnitOfWork } from '../../lib/unit-of-work.ts';
import type {
  OperatorPaymentDetail,
  OperatorPaymentFilter,
  OperatorPaymentSummary,
  PaymentsService,
} from '../payments/index.ts';
import { IllegalTransitionError, type TransferOperations } from '../transfers/index.ts';
import type { createOperatorActionsRepository } from './operator-actions.repository.ts';
import {
  checkedDecision,
  OperatorActionError,
  type OperatorDecision,
} from './operator-actions.service.ts';

/**
 * `npm run ops -- payments:list|show|refund` (docs/product/sending-money.md#what-an-operator-does-to-a-payment,
 * decision 0039): the payments' reads, and an operator's refund of a captured payment, which
 * is its transfer cancelled and refunded in full (what `transfers:refund` does), recorded on
 * the payment with who and why in the same transaction.
 */

/** What `payments:show` answers: the payment, and what operators did to it. */
export interface OperatorPaymentView extends OperatorPaymentDetail {
  operator_actions: { operator: string; action: string; reason: string; at: string }[];
}

/** What `payments:refund` answers. */
export interface PaymentRefundResult {
  payment_id: string;
  reference: string;
  transaction_id: string;
  /** The transfer's state before and after. */
  from: TransactionStateCode;
  state: TransactionStateCode;
  operator: string;
  reason: string;
}

/** The payment states whose money we hold: what an operator may refund. */
const REFUNDABLE: readonly PaymentStateCode[] = ['CAPTURED', 'PART-REFUNDED'];

export function createOperatorPayments(deps: {
  db: Database;
  uow: Pick<UnitOfWork, 'run'>;
  clock: Clock;
  random: RandomSource;
  payments: Pick<PaymentsService, 'views'>;
  transfers: { operations: TransferOperations };
  repository: ReturnType<typeof createOperatorActionsRepository>;
}) {
  const { payments, repository } = deps;

  async function found(idOrReference: string): Promise<OperatorPaymentDetail> {
    const payment = await payments.views.show(idOrReference);
    if (!payment) {
      throw new OperatorActionError('not_found', `There is no payment ${idOrReference}.`);
    }
    return payment;
  }

  return {
    listPayments: (filter: OperatorPaymentFilter): Promise<OperatorPaymentSummary[]> =>
      payments.views.list(filter),

    async showPayment(idOrReference: string): Promise<OperatorPaymentView> {
      const payment = await found(idOrReference);
      const actions = await repository.actionsOn(deps.db, 'payment', payment.id);
      return { ...payment, operator_actions: actions };
    },

    async refundPayment(
      idOrReference: string,
      decision: OperatorDecision,
    ): Promise<PaymentRefundResult> {
      const { operator, reason } = checkedDecision(decision);
      const payment = await found(idOrReference);
      if (!REFUNDABLE.includes(payment.state)) {
        throw new OperatorActionError(
          'invalid',
          `Payment ${payment.reference} is ${payment.state}: nothing of it is ours to refund; nothing changed.`,
        );
      }
      try {
        return await deps.uow.run(async (tx) => {
          const change = await deps.transfers.operations.refund(tx, payment.transaction_id);
          if (!change) {
            throw new OperatorActionError('not_found', `There is no payment ${idOrReference}.`);
          }
          await repository.record(tx, {
            id: deps.random.uuid(),
            operator,
            action: 'payment-refunded',
            subjectType: 'payment',
            subjectId: payment.id,
            reason,
            at: deps.clock.now(),
          });
          return {
            payment_id: payment.id,
            reference: payment.reference,
            transaction_id: payment.transaction_id,
            from: change.from,
            state: change.state,
            operator,
            reason,
          };
        });
      } catch (error) {
        if (!(error instanceof IllegalTransitionError)) throw error;
        throw new OperatorActionError(
          'invalid',
          `Payment ${payment.reference}: its transfer is ${error.from ?? 'in no state'} and cannot be refunded; nothing changed.`,
        );
      }
    },
  };
}

export type OperatorPayments = ReturnType<typeof createOperatorPayments>;
