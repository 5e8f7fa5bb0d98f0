import type { Recipient, Transaction } from '@corridor/contracts';
import type { Executor } from '../../db/executor.ts';
import type { PaymentRow } from '../payments/index.ts';
import type { ConfirmDeps, PreparedConfirm } from './confirm-transfer.ts';
import type { LockedTransfer } from './locked-transfer.ts';
import { transactionResource } from './transaction-resource.ts';
import type { StateRecord } from './transaction-states.ts';
import type { TransferChanged, TransitionPlanned } from './transfer-transitions.ts';
import type { NewTransaction } from './transfers.repository.ts';

/** Transfer numbers: "TP" and ten digits. */
const NUMBER_SPACE = 10_000_000_000n;

/** The transfer's own snapshot of its quote (amounts, rates), without its number. */
function snapshotOf(
  prepared: PreparedConfirm,
  made: { id: string; payoutCompanyId: string; now: Date },
): Omit<NewTransaction, 'transaction_number'> {
  const { quote } = prepared;
  const { figures } = quote;
  return {
    id: made.id,
    quote_id: quote.id,
    customer_id: prepared.session.customer_id,
    recipient_id: prepared.recipientId,
    purpose_id: prepared.purpose.id,
    payout_company_id: made.payoutCompanyId,
    send_currency: figures.send.currency,
    send_minor: figures.send.minor,
    fee_minor: figures.fee.minor,
    total_minor: figures.total.minor,
    receive_currency: figures.recipient_gets.currency,
    receive_minor: figures.recipient_gets.minor,
    // Rounded up: beside receive_minor it never understates the markup (transfers.schema.ts).
    receive_at_mid_market_minor: figures.send.convert(
      figures.mid_market_rate,
      figures.recipient_gets.currency,
      'ceiling',
    ).minor,
    mid_market_rate: figures.mid_market_rate,
    our_rate: figures.our_rate,
    pricing_version: figures.pricing_version,
    available_by: figures.estimated_arrival,
    created_at: made.now,
  };
}

/** A confirm's new transfer, planned before anything is written (`plan`). */
export interface PlannedConfirm {
  prepared: PreparedConfirm;
  values: Omit<NewTransaction, 'transaction_number'>;
  locked: LockedTransfer;
  opened: ReturnType<TransitionPlanned['plan']>;
  timeline: { id: string; record: StateRecord }[];
  number: string;
}

/**
 * Confirm's writes (docs/product/sending-money.md#confirming), under the customer's confirm lock
 * once every refusal has passed (confirm-transfer.ts): few statements, since a confirm's
 * statements are the throughput (docs/performance.md), and no read after them.
 */
export function createConfirmWrites(deps: ConfirmDeps) {
  /** A transfer number drawn from the random source. */
  function drawNumber(): string {
    const digits = deps.random.bytes(8).readBigUInt64BE() % NUMBER_SPACE;
    return `TP${digits.toString().padStart(10, '0')}`;
  }

  /**
   * A confirm's new transfer planned at `now`, before anything is written: its row, its CREATED
   * and PENDING-PAYMENT records (the change guarded as `transitionTransfer` guards it), and a
   * number drawn.
   */
  function plan(prepared: PreparedConfirm, now: Date): PlannedConfirm {
    const { quote, payoutCompanyId } = prepared;
    if (!payoutCompanyId) throw new Error(`quote ${quote.id} has no partner`);
    const id = deps.random.uuid();
    const createdId = deps.random.uuid();
    const values = snapshotOf(prepared, { id, payoutCompanyId, now });
    const created = { state: 'CREATED' as const, cause: null, at: now, hold: null };
    const locked: LockedTransfer = {
      row: {
        ...values,
        transaction_number: '',
        state: created.state,
        updated_at: now,
        // The cancellation window opens when the payment clears (decision 48).
        cancellable_until: null,
      },
      history: [created],
      known: {},
    };
    const opened = deps.planned.plan(locked, {
      transactionId: id,
      to: 'PENDING-PAYMENT',
      cause: 'payment-opened',
    });
    const timeline = [
      { id: createdId, record: created },
      { id: deps.random.uuid(), record: opened.record },
    ];
    return { prepared, values, locked, opened, timeline, number: drawNumber() };
  }

  /** The first payment of a planned transfer, once its number is known. */
  const openingOf = ({ prepared, values, number }: PlannedConfirm) => ({
    transactionId: values.id,
    transactionNumber: number,
    number: 1,
    methodCode: prepared.payment.method.code,
    currency: prepared.quote.figures.total.currency,
    amountMinor: prepared.quote.figures.total.minor,
  });

  /** The transfer as the wire shows it, made from the rows written (no read after). */
  function resourceOf(
    { prepared }: PlannedConfirm,
    changed: TransferChanged,
    payment: PaymentRow,
    recipient: Recipient | null,
  ): Transaction {
    const { locale } = prepared;
    if (!recipient)
      throw new Error(`transaction ${changed.transaction.id} has no recipient to show`);
    return transactionResource(
      {
        row: changed.transaction,
        history: changed.history,
        quote: prepared.quoteParts,
        recipient,
        purpose: prepared.purpose,
        payment: deps.payments.resource(payment, locale),
        payout: null,
        // A transfer just made has been refunded nothing.
        refunds: [],
        // A confirm that passes leaves what the customer owes as `prepare` read it: the one
        // category a transfer can add (SOF) is refused first by the same rule (`owedWith`).
        customer: prepared.customer,
      },
      locale,
    );
  }

  /**
   * The transfer in PENDING-PAYMENT with its CREATED and PENDING-PAYMENT records (one
   * statement), its event, its first payment and the recipient's transfer dates; answers the
   * transfer as the wire shows it, made from those rows.
   */
  async function create(tx: Executor, prepared: PreparedConfirm): Promise<Transaction> {
    const now = deps.clock.now();
    const planned = plan(prepared, now);
    // Numbers are drawn at random: the UNIQUE index says when one is taken, and another is drawn.
    while (
      !(await deps.repository.insertWithTimeline(
        tx,
        { ...planned.values, transaction_number: planned.number },
        planned.timeline,
      ))
    ) {
      planned.number = drawNumber();
    }
    planned.locked.row.transaction_number = planned.number;
    const changed = await deps.planned.apply(tx, planned.locked, planned.opened);
    const payment = await deps.payments.open(tx, openingOf(planned));
    const recipient = await deps.recipients.recordTransfer(
      tx,
      changed.transaction.customer_id,
      prepared.recipientId,
      now,
      prepared.locale,
    );
    return resourceOf(planned, changed, payment, recipient);
  }

  /**
   * `create` for every confirm of a group that passed its checks, each `plan`ned at `now`
   * (docs/decisions/0058-grouped-requests.md), set-based: the transfers with
   * their timelines in one insert (a transfer whose drawn number is taken is drawn another and
   * inserted again), their events gathered by the caller (Outbox.gather), the payments in one
   * insert, the recipients' transfer dates in one update. Answers each transfer in order.
   */
  async function createMany(
    tx: Executor,
    made: readonly PlannedConfirm[],
    now: Date,
  ): Promise<Transaction[]> {
    if (made.length === 0) return [];
    let unwritten = made;
    while (unwritten.length > 0) {
      const written = await deps.repository.insertManyWithTimelines(
        tx,
        unwritten.map(({ values, number, timeline }) => ({
          transaction: { ...values, transaction_number: number },
          timeline,
        })),
      );
      unwritten = unwritten.filter((planned) => !written.has(planned.values.id));
      for (const planned of unwritten) planned.number = drawNumber();
    }
    const changes: TransferChanged[] = [];
    for (const planned of made) {
      planned.locked.row.transaction_number = planned.number;
      changes.push(await deps.planned.apply(tx, planned.locked, planned.opened));
    }
    const payments = await deps.payments.openMany(tx, made.map(openingOf));
    const recipients = await deps.recipients.recordTransfers(
      tx,
      made.map(({ prepared }) => ({
        customerId: prepared.session.customer_id,
        recipientId: prepared.recipientId,
        locale: prepared.locale,
      })),
      now,
    );
    return made.map((planned, index) =>
      resourceOf(
        planned,
        changes[index] as TransferChanged,
        payments[index] as PaymentRow,
        recipients[index] ?? null,
      ),
    );
  }

  return { plan, create, createMany };
}
