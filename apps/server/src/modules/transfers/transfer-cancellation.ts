import type { ConflictType, Locale, Transaction } from '@corridor/contracts';
import type { Tx } from '../../db/executor.ts';
import { AppError } from '../../errors/app-error.ts';
import { apiText } from '../../i18n/index.ts';
import type { SignedInSession } from '../sessions/index.ts';
import { cancelRefusal } from './cancellation-window.ts';
import { isUuid, type FlowDeps } from './flow-deps.ts';
import { refundPaidTransfer } from './transfer-refunds.ts';
import type { TransferReads } from './transfer-reads.ts';

/** The 409 a customer's cancel of a paid transfer answers (docs/product/sending-money.md#cancellation-window). */
export class TransferCancelRefusedError extends AppError {
  constructor(
    readonly refusal: Extract<
      ConflictType,
      'cancellation_window_closed' | 'transaction_not_cancellable'
    >,
  ) {
    super('conflict', {
      type: refusal,
      message: apiText(
        refusal === 'cancellation_window_closed'
          ? 'transfers.cancel.windowClosed'
          : 'transfers.cancel.notCancellable',
      ),
    });
    this.name = 'TransferCancelRefusedError';
  }
}

/**
 * The customer's free cancel of a paid transfer within its window
 * (POST /client/v1/transaction/{id}/cancel, docs/decisions/0048-cancellation-window-in-the-ledger.md):
 * in one use case under the transfer's lock, CANCELLED (`cancelled-within-window`, with its event
 * and email), the pending transfer-paid entry voided and the customer paid back in full, the
 * captured payment REFUNDED; answers the cancelled transfer.
 */
export function createTransferCancellation(deps: FlowDeps & { present: TransferReads['present'] }) {
  return {
    /**
     * 404 for a transfer not the customer's; 409 `cancellation_window_closed` after its 30
     * minutes or its hand-over, `transaction_not_cancellable` before it is paid (the payment's
     * cancel applies), once paid out, or cancelled already.
     */
    async cancel(
      input: { session: SignedInSession; transactionId: string; outer: Tx | null },
      locale: Locale,
    ): Promise<Transaction> {
      if (!isUuid(input.transactionId)) throw new AppError('not_found');
      return deps.uow.run(async (tx) => {
        const locked = await deps.transfers.lockWithHistory(
          tx,
          input.transactionId.toLowerCase(),
          input.session.customer_id,
        );
        if (!locked) throw new AppError('not_found');
        const refusal = cancelRefusal(locked.row, deps.clock.now());
        if (refusal) throw new TransferCancelRefusedError(refusal);
        const transactionId = locked.row.id;
        await deps.transitionTransfer(
          tx,
          { transactionId, to: 'CANCELLED', cause: 'cancelled-within-window' },
          locked,
        );
        // The window's column is kept: the refund reads it to void the pending entry.
        await refundPaidTransfer(deps, tx, locked);
        deps.log.info({ transactionId }, 'transfer cancelled within its window');
        const [transaction] = await deps.present(tx, input.session, [locked.row], locale);
        if (!transaction) throw new Error(`transaction ${transactionId}: not presented`);
        return transaction;
      }, input.outer);
    },
  };
}

export type TransferCancellation = ReturnType<typeof createTransferCancellation>;
