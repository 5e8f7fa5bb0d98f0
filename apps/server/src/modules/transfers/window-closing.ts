import type { TransactionStateCode } from '@corridor/contracts';
import type { Tx } from '../../db/executor.ts';
import type { SendOptions } from '../../jobs/index.ts';
import { figuresOf, lockTransfer, recordEntries, type FlowDeps } from './flow-deps.ts';
import { closeCancellationWindowJob } from './flow-jobs.ts';
import { isFinalState } from './transaction-states.ts';
import { windowClosedEntries } from './transfer-entries.ts';
import type { TransactionRow } from './transfers.repository.ts';

/**
 * The cancellation window's end (docs/product/sending-money.md#cancellation-window,
 * docs/decisions/0048-cancellation-window-in-the-ledger.md): a job on the injected clock, sent
 * with the payment's clearance for the window's end, posts the pending transfer-paid entry and
 * records the entries that waited for it, unless the hand-over closed the window first or the
 * customer cancelled within it.
 */
export function createWindowClosing(deps: FlowDeps) {
  /** The job of each transfer that cleared (one per transfer), in the clearance's statement(s). */
  async function scheduleMany(
    tx: Tx,
    rows: readonly Pick<TransactionRow, 'id' | 'cancellable_until'>[],
  ): Promise<void> {
    const items: { data: { transaction_id: string }; options: SendOptions }[] = [];
    for (const row of rows) {
      if (row.cancellable_until === null) continue;
      items.push({
        data: { transaction_id: row.id },
        options: { runAt: row.cancellable_until, singletonKey: row.id },
      });
    }
    if (items.length === 1 && items[0]) {
      await deps.jobs.send(closeCancellationWindowJob, items[0].data, items[0].options, tx);
    } else {
      await deps.jobs.sendMany(closeCancellationWindowJob, items, tx);
    }
  }

  /**
   * The hand-over closed these transfers' windows (its own entries post what the job would):
   * their jobs are withdrawn in its transaction, or each would run at the window's end to find
   * nothing to do, a transaction and a lock a transfer.
   */
  async function withdrawMany(tx: Tx, transactionIds: readonly string[]): Promise<void> {
    await deps.jobs.unschedule(closeCancellationWindowJob, transactionIds, tx);
  }

  /**
   * The job: under the transfer's lock, posts transfer-paid (cause `cancellation-window-closed`)
   * with the fee and, if the transfer was converted meanwhile, the conversion's entries, and
   * clears the window. True when it closed it; false when there was nothing to close (handed
   * over, cancelled, or closed already: a repeated job does nothing).
   */
  async function close(transactionId: string): Promise<boolean> {
    return deps.uow.run(async (tx) => {
      const locked = await lockTransfer(deps, tx, transactionId);
      const { row } = locked;
      const until = row.cancellable_until;
      if (until === null || isFinalState(row.state as TransactionStateCode)) return false;
      if (deps.clock.now().getTime() < until.getTime()) {
        // Early (a clock moved back): again at the window's end.
        await scheduleMany(tx, [row]);
        return false;
      }
      const converted = locked.history.some((record) => record.state === 'AVAILABLE-FOR-PAYOUT');
      await recordEntries(deps, tx, windowClosedEntries(figuresOf(row), converted));
      await deps.transfers.closeWindow(tx, row.id);
      locked.row = { ...row, cancellable_until: null };
      deps.log.info({ transactionId, converted }, 'cancellation window closed');
      return true;
    });
  }

  return { scheduleMany, withdrawMany, close };
}

export type WindowClosing = ReturnType<typeof createWindowClosing>;
