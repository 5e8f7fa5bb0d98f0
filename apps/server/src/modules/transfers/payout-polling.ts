import type { TransactionStateCode } from '@corridor/contracts';
import type { Tx } from '../../db/executor.ts';
import type {
  PartnerReceipt,
  PartnerStatus,
  PayoutRequest,
  SubmittedPayout,
  TransferPayoutRow,
} from '../payouts/index.ts';
import { pollPayoutJob } from './flow-jobs.ts';
import { figuresOf, lockTransfer, recordEntries, scheduleJob, type FlowDeps } from './flow-deps.ts';
import { changesForPartnerStatus, type PlannedChange } from './payout-progress.ts';
import {
  payoutFailedEntries,
  payoutPaidEntries,
  payoutReversedEntries,
} from './transfer-entries.ts';
import { failAndRefund, refundPaidTransfer } from './transfer-refunds.ts';
import type { LockedTransfer, PayoutRecipient } from './locked-transfer.ts';
import type { TransactionRow } from './transfers.repository.ts';

/** Whom the partner pays: the transfer and its recipient, read before the partner is asked. */
export interface Payee {
  row: TransactionRow;
  recipient: NonNullable<PayoutRecipient>;
}

/** A payout the partner accepted and has not ended: what a poll asks the partner about. */
export const isPolled = (
  payout: TransferPayoutRow | undefined,
): payout is TransferPayoutRow & { partner_reference: string; sent_at: Date } =>
  !!payout?.partner_reference &&
  !!payout.sent_at &&
  ['accepted', 'sent', 'paid'].includes(payout.state);

/** Whether the hand-over of `attempt` is still to be made, as read before asking the partner. */
export const submissionDue = (
  row: TransactionRow,
  payout: TransferPayoutRow | undefined,
  attempt: number,
): payout is TransferPayoutRow =>
  row.state === 'SENDING-FOR-PAYOUT' && payout?.state === 'pending' && payout.attempts === attempt;

/**
 * The payout at the partner (docs/sandbox-providers.md#payouts): the hand-over, then a poll at
 * each `checkAgainAt` the partner names, each answer one use case (the transfer's changes, the
 * payout row, the entries: posted when paid, voided and refunded when failed, reversed and
 * refunded when the partner takes it back). The partner is asked outside any transaction; what
 * it answered is written only if the transfer and payout are still where they were. The
 * batches (submit-batch.ts, poll-batch.ts) write what they cannot write set-based through
 * `recordReceipt` and `recordStatus`, with the partner's answer in hand.
 */
export function createPayoutPolling(deps: FlowDeps) {
  /**
   * Where the transfer and its payout stand, and whom the partner pays, before the partner is
   * asked: plain reads with the database handle, outside any transaction (the use case after
   * the partner's answer locks both and checks again that they are still there).
   */
  async function lookUp(transactionId: string) {
    const row = await deps.transfers.byId(deps.db, transactionId);
    if (!row) throw new Error(`transaction ${transactionId} does not exist`);
    const payout = await deps.payouts.of(deps.db, transactionId);
    return { row, payout };
  }

  async function payeeOf(row: TransactionRow): Promise<Payee> {
    const recipient = await deps.recipients.payoutDetails(
      deps.db,
      row.customer_id,
      row.recipient_id,
    );
    if (!recipient) throw new Error(`transaction ${row.id}: its recipient is missing`);
    return { row, recipient };
  }

  /**
   * The payout request of the payout's attempt, outside any transaction: the payout methods'
   * directory reads with the database handle itself, which on the embedded database's one
   * connection would wait for one.
   */
  async function requestOf(
    { row, recipient }: Payee,
    payout: TransferPayoutRow,
  ): Promise<PayoutRequest> {
    const method = await deps.payoutMethods.methodById(recipient.payoutMethodId);
    if (!method) throw new Error(`transaction ${row.id}: unknown payout method`);
    return {
      transactionId: row.id,
      payoutId: payout.id,
      attempt: payout.attempts,
      partnerCode: figuresOf(row).partnerCode,
      methodCode: method.code,
      amountMinor: row.receive_minor,
      currency: row.receive_currency,
      recipient: { name: recipient.name, attributes: recipient.attributes },
    };
  }

  /** What the partner was handed and answered, as the payout row keeps it. */
  function submittedOf(
    request: PayoutRequest,
    payout: TransferPayoutRow & { partner_reference: string; sent_at: Date },
  ): SubmittedPayout {
    return {
      request,
      receipt: {
        outcome: 'accepted',
        reference: payout.partner_reference,
        acceptedAt: payout.sent_at,
        collectionPin: payout.collection_pin,
      },
    };
  }

  async function pollLater(tx: Tx, transactionId: string, runAt: Date): Promise<void> {
    await scheduleJob(
      deps,
      tx,
      pollPayoutJob,
      { transaction_id: transactionId },
      {
        runAt,
        key: transactionId,
      },
    );
  }

  /** One planned change with what it does to the payout, its entries and the payment. */
  async function apply(
    tx: Tx,
    locked: LockedTransfer,
    payout: TransferPayoutRow,
    change: PlannedChange,
  ): Promise<void> {
    const now = deps.clock.now();
    const attempt = payout.attempts;
    if (change.to === 'PAYOUT-FAILED') {
      await deps.payouts.update(tx, payout.id, { state: 'failed' }, now);
      const figures = figuresOf(locked.row);
      await failAndRefund(deps, tx, locked, () =>
        recordEntries(deps, tx, payoutFailedEntries(figures, attempt)),
      );
      return;
    }
    await deps.transitionTransfer(tx, { transactionId: payout.transaction_id, ...change }, locked);
    const figures = figuresOf(locked.row);
    if (change.to === 'SENT-FOR-PAYOUT') {
      await deps.payouts.update(tx, payout.id, { state: 'sent' }, now);
    } else if (change.to === 'PAYOUT-SUCCESS') {
      await deps.payouts.update(tx, payout.id, { state: 'paid', paid_at: now }, now);
      await recordEntries(deps, tx, payoutPaidEntries(figures, attempt));
    } else if (change.to === 'PAYOUT-REVERSED') {
      await deps.payouts.update(tx, payout.id, { state: 'reversed' }, now);
      await recordEntries(deps, tx, payoutReversedEntries(figures, attempt));
      await refundPaidTransfer(deps, tx, locked, 'payout-reversed');
    }
  }

  /**
   * The partner's answer to the hand-over of `attempt`, written in `tx` if the transfer and its
   * payout (both locked by the caller) are still where they were: accepted (the payout's
   * reference and PIN, the first poll when the receipt says the payout can have moved) or
   * refused (PAYOUT-FAILED and the refund).
   */
  async function recordReceipt(
    tx: Tx,
    locked: LockedTransfer,
    payout: TransferPayoutRow | undefined,
    attempt: number,
    receipt: PartnerReceipt,
    payee: Payee,
  ): Promise<void> {
    if (!submissionDue(locked.row, payout, attempt)) return;
    const transactionId = locked.row.id;
    const now = deps.clock.now();
    if (receipt.outcome === 'refused') {
      deps.log.warn({ transactionId, reason: receipt.reason }, 'payout refused by the partner');
      locked.known.recipient = Promise.resolve(payee.recipient);
      await apply(tx, locked, payout, { to: 'PAYOUT-FAILED', cause: 'partner-failed' });
      return;
    }
    await deps.payouts.update(
      tx,
      payout.id,
      {
        state: 'accepted',
        partner_reference: receipt.reference,
        collection_pin: receipt.collectionPin,
        sent_at: receipt.acceptedAt,
      },
      now,
    );
    await pollLater(tx, transactionId, receipt.checkAgainAt ?? now);
  }

  /**
   * Where the partner says the payout of `reference` stands, written in `tx` if the payout
   * (locked by the caller, after its transfer) is still that one: the transfer's changes and the
   * next poll if any.
   */
  async function recordStatus(
    tx: Tx,
    locked: LockedTransfer,
    current: TransferPayoutRow | undefined,
    reference: string,
    status: PartnerStatus,
    payee: Payee,
  ): Promise<void> {
    if (!current || current.partner_reference !== reference) return;
    // The emails name the recipient the partner was just asked about: not read again.
    locked.known.recipient = Promise.resolve(payee.recipient);
    const state = locked.row.state as TransactionStateCode;
    for (const change of changesForPartnerStatus(state, status)) {
      await apply(tx, locked, current, change);
    }
    if (status.checkAgainAt) await pollLater(tx, locked.row.id, status.checkAgainAt);
  }

  return {
    requestOf,
    submittedOf,
    recordReceipt,
    recordStatus,

    /** The hand-over job: submits attempt `attempt` once, then polls or fails it. */
    async submit(transactionId: string, attempt: number): Promise<void> {
      const { row: seen, payout: seenPayout } = await lookUp(transactionId);
      if (!submissionDue(seen, seenPayout, attempt)) return;
      const payee = await payeeOf(seen);
      const receipt = await deps.partner.submit(await requestOf(payee, seenPayout));
      await deps.uow.run(async (tx) => {
        const locked = await lockTransfer(deps, tx, transactionId);
        const payout = await deps.payouts.lock(tx, transactionId);
        await recordReceipt(tx, locked, payout, attempt, receipt, payee);
      });
    },

    /** The poll job: where the partner says the payout stands, and the next poll if any. */
    async poll(transactionId: string): Promise<void> {
      const { row: seen, payout } = await lookUp(transactionId);
      if (!isPolled(payout)) return;
      const payee = await payeeOf(seen);
      const submitted = submittedOf(await requestOf(payee, payout), payout);
      const status = await deps.partner.status(submitted, deps.clock.now());
      await deps.uow.run(async (tx) => {
        const locked = await lockTransfer(deps, tx, transactionId);
        const current = await deps.payouts.lock(tx, transactionId);
        await recordStatus(tx, locked, current, submitted.receipt.reference, status, payee);
      });
    },
  };
}

export type PayoutPolling = ReturnType<typeof createPayoutPolling>;
