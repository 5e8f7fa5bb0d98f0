import type { Locale, Payment, PaymentStateCode, TransactionStateCode } from '@corridor/contracts';
import { sql } from 'drizzle-orm';
import type { Tx } from '../../db/executor.ts';
import { AppError } from '../../errors/app-error.ts';
import { customerLocaleSql } from '../customers/index.ts';
import type { GroupOutcome } from '../../plugins/idempotent-route.ts';
import {
  isAwaitingPayment,
  PAYMENT_STATES,
  PaymentCancelRefusedError,
  paymentTransactionSql,
  type PaymentBatchChange,
  type PaymentRow,
} from '../payments/index.ts';
import { settleBankTransferJob } from './flow-jobs.ts';
import {
  figuresOf,
  isUuid,
  lockTransfer,
  recordEntries,
  scheduleJob,
  type FlowDeps,
} from './flow-deps.ts';
import { localeOf, type LockedTransfer } from './locked-transfer.ts';
import type { PayoutRunner } from './payout-runner.ts';
import { paymentClearedEntries } from './transfer-entries.ts';
import { lockWithHistoryByStatement } from './transfers.repository.ts';
import { createWindowClosing } from './window-closing.ts';

/**
 * "I've paid"'s lock: the payment's transfer (`payment`), only if it is the customer's
 * (`customer`), with the customer's language, in one statement prepared once a connection.
 */
const paymentTransferLock = lockWithHistoryByStatement(
  'transfer_lock_by_payment',
  paymentTransactionSql(sql.placeholder('payment')),
  customerLocaleSql(sql.placeholder('customer')),
);

/**
 * Who settled a payment: the sandbox bank's job, an operator (ops `transfers:settle`), or a card
 * provider's verified callback (card-callbacks.ts).
 */
export type SettlementCause = 'sandbox-bank' | 'operator' | 'card-callback';

/**
 * A bank transfer (MANUAL-PAYMENT, docs/sandbox-providers.md#payments): the customer says "I've
 * paid", and the sandbox bank settles BANK_TRANSFER_SANDBOX_SETTLE_SECONDS later, or an operator
 * does. Settling captures the payment and clears the transfer with its entries, in one use case,
 * then the payout runner takes it on.
 */
export function createBankSettlement(deps: FlowDeps & { runner: PayoutRunner }) {
  const windowClosing = createWindowClosing(deps);
  /**
   * Settles a payment in the caller's transaction; false when it was settled already. `held`:
   * the payment's transfer, when the caller has locked it already.
   */
  async function settleIn(
    tx: Tx,
    paymentId: string,
    cause: SettlementCause,
    held?: LockedTransfer,
  ): Promise<boolean> {
    let locked = held;
    if (!locked) {
      const found = await deps.payments.find(tx, paymentId);
      if (!found) throw new AppError('not_found');
      // Transfers before payments, always (the spine's lock order).
      locked = await lockTransfer(deps, tx, found.transaction_id);
    }
    const payment = await deps.payments.lock(tx, paymentId);
    if (!payment || payment.transaction_id !== locked.row.id) throw new AppError('not_found');
    if (payment.state === 'CAPTURED') return false;
    await deps.payments.transition(tx, {
      paymentId,
      to: 'CAPTURED',
      cause: 'captured',
      customerId: locked.row.customer_id,
      locked: payment,
      locale: await localeOf(deps, tx, locked),
    });
    const transactionId = locked.row.id;
    if (locked.row.state === 'CREATED') {
      await deps.transitionTransfer(
        tx,
        { transactionId, to: 'PENDING-PAYMENT', cause: 'payment-opened' },
        locked,
      );
    }
    await deps.transitionTransfer(
      tx,
      { transactionId, to: 'PAYMENT-CLEARED', cause: 'payment-cleared' },
      locked,
    );
    await recordEntries(deps, tx, paymentClearedEntries(figuresOf(locked.row)));
    // The cancellation window opened with PAYMENT-CLEARED: its end is a job (decision 48).
    await windowClosing.scheduleMany(tx, [locked.row]);
    await deps.runner.afterPaymentCleared(tx, locked);
    deps.log.info({ transactionId, paymentId, cause }, 'bank transfer settled');
    return true;
  }

  /** The sandbox bank's settlement of the payment, `afterMs` from now. */
  async function scheduleSettlement(tx: Tx, paymentId: string, afterMs: number): Promise<void> {
    const runAt = new Date(deps.clock.now().getTime() + afterMs);
    await scheduleJob(
      deps,
      tx,
      settleBankTransferJob,
      { payment_id: paymentId },
      {
        runAt,
        key: paymentId,
      },
    );
  }

  return {
    /** Settles a payment in the caller's transaction (an operator's, beside its record). */
    settleIn,

    scheduleSettlement,

    /**
     * Settles a bank transfer: payment → CAPTURED, transfer → PAYMENT-CLEARED with its entries,
     * then on to the payout. Settling a captured payment again changes nothing (false); a
     * payment no longer open (cancelled, timed out) is an IllegalPaymentTransitionError (409).
     */
    settleBankTransfer: (paymentId: string, cause: SettlementCause): Promise<boolean> =>
      deps.uow.run((tx) => settleIn(tx, paymentId, cause)),

    /** Settles a transfer's current payment (an operator names the transfer). */
    async settleTransfer(transactionId: string, cause: SettlementCause): Promise<boolean> {
      return deps.uow.run(async (tx) => {
        const locked = await lockTransfer(deps, tx, transactionId);
        const payment = await deps.payments.lockCurrent(tx, locked.row.id);
        if (!payment) throw new AppError('not_found');
        return settleIn(tx, payment.id, cause, locked);
      });
    },

    /**
     * "I've paid" (POST /client/v1/transaction/payment-sent/{paymentId}): marks the payment and
     * schedules the sandbox bank's settlement; saying it again changes nothing. 404 for another
     * customer's payment; 409 `payment_not_open` once the payment or its transfer has moved on.
     */
    async paymentSent(
      input: { customerId: string; paymentId: string; outer: Tx | null },
      locale: Locale,
    ): Promise<Payment> {
      return deps.uow.run(async (tx) => {
        // Another customer's payment reads as missing (IDOR).
        if (!isUuid(input.paymentId)) throw new AppError('not_found');
        const paymentId = input.paymentId.toLowerCase();
        // Transfers before payments, always: the payment's transfer locked in one statement, read
        // only if it is the customer's, with the customer's language for the event.
        const held = await deps.transfers.lockWithHistoryBy(tx, paymentTransferLock, {
          payment: paymentId,
          customer: input.customerId,
        });
        if (!held) throw new AppError('not_found');
        const { locked } = held;
        if (held.along) locked.known.locale = Promise.resolve(held.along);
        const row = locked.row;
        const payment = await deps.payments.lock(tx, paymentId);
        if (payment?.transaction_id !== row.id) throw new AppError('not_found');
        if (payment.customer_confirmed_payment) return deps.payments.resource(payment, locale);
        const open = PAYMENT_STATES[payment.state as PaymentStateCode].open;
        if (!open || !isAwaitingPayment(row.state as TransactionStateCode)) {
          throw new PaymentCancelRefusedError('payment_not_open');
        }
        // The machine's own change for it: processing, watching for the money (decision 38).
        const confirmed = await deps.payments.transition(tx, {
          paymentId: payment.id,
          to: 'REDIRECTED',
          cause: 'customer-confirmed',
          customerId: row.customer_id,
          customerConfirmed: true,
          locked: payment,
          // The event is in the customer's language; the answer in the request's.
          locale: await localeOf(deps, tx, locked),
        });
        await scheduleSettlement(tx, payment.id, deps.timing.settleMs);
        return deps.payments.resource(confirmed, locale);
      }, input.outer);
    },

    /**
     * "I've paid" for a group of requests in the caller's transaction `outer`
     * (docs/decisions/0058-grouped-requests.md): each decided in arrival order as `paymentSent`
     * decides it alone, with the same answers and refusals, and set-based statements for the
     * group: the payments found, their transfers locked in id order with their timelines, the
     * payments locked in id order, the customers' languages; then the changes in one statement,
     * their events in one insert, the settlements in one.
     */
    async paymentSentGroup(
      asked: readonly { customerId: string; paymentId: string; locale: Locale }[],
      outer: Tx,
    ): Promise<GroupOutcome<Payment>[]> {
      return deps.uow.run(
        (tx) =>
          deps.outbox.gather(tx, async () => {
            const ids = asked.map(({ paymentId }) =>
              isUuid(paymentId) ? paymentId.toLowerCase() : undefined,
            );
            const wanted = [...new Set(ids.filter((id) => id !== undefined))];
            const found = await deps.payments.batches.findMany(tx, wanted);
            // Transfers before payments, always; each in id order, so groups never cross.
            const held = await deps.transfers.lockManyWithHistory(
              tx,
              [...new Set([...found.values()].map((payment) => payment.transaction_id))].sort(),
            );
            const locked = await deps.payments.batches.lockMany(tx, [...found.keys()]);
            const locales = await deps.customers.localesOf(tx, [
              ...new Set([...held.values()].map(({ row }) => row.customer_id)),
            ]);
            /** Each payment as the group has changed it so far (a second "I've paid" sees it). */
            const current = new Map(locked);
            const changes: PaymentBatchChange[] = [];
            const decided = asked.map((ask, index): GroupOutcome<PaymentRow> | number => {
              const id = ids[index];
              const payment = id === undefined ? undefined : current.get(id);
              const row = payment && held.get(payment.transaction_id)?.row;
              // Another customer's payment reads as missing (IDOR).
              if (!payment || !row || row.customer_id !== ask.customerId) {
                return { ok: false, error: new AppError('not_found') };
              }
              if (payment.customer_confirmed_payment) return { ok: true, value: payment };
              const open = PAYMENT_STATES[payment.state as PaymentStateCode].open;
              if (!open || !isAwaitingPayment(row.state as TransactionStateCode)) {
                return { ok: false, error: new PaymentCancelRefusedError('payment_not_open') };
              }
              const locale = locales.get(row.customer_id);
              if (!locale) throw new Error(`customer ${row.customer_id}: language not read`);
              // A change its machine refuses (none from an open state) throws in `confirmMany`,
              // and the group's requests run alone.
              changes.push({
                locked: payment,
                to: 'REDIRECTED',
                cause: 'customer-confirmed',
                locale,
              });
              current.set(payment.id, { ...payment, customer_confirmed_payment: true });
              return changes.length - 1;
            });
            const confirmed = await deps.payments.batches.confirmMany(tx, changes);
            const runAt = new Date(deps.clock.now().getTime() + deps.timing.settleMs);
            await deps.jobs.sendMany(
              settleBankTransferJob,
              confirmed.map((payment) => ({
                data: { payment_id: payment.id },
                options: { runAt, singletonKey: payment.id },
              })),
              tx,
            );
            if (confirmed.length > 0) deps.uow.afterCommit(tx, async () => deps.jobs.kick());
            return decided.map((outcome, index): GroupOutcome<Payment> => {
              const locale = (asked[index] as (typeof asked)[number]).locale;
              if (typeof outcome === 'number') {
                const payment = confirmed[outcome] as PaymentRow;
                return { ok: true, value: deps.payments.resource(payment, locale) };
              }
              if (!outcome.ok) return outcome;
              // Confirmed already: as stored, or as this group changed it.
              const payment = confirmed.find(({ id }) => id === outcome.value.id) ?? outcome.value;
              return { ok: true, value: deps.payments.resource(payment, locale) };
            });
          }),
        outer,
      );
    },
  };
}

export type BankSettlement = ReturnType<typeof createBankSettlement>;
