import type { Transaction } from '@corridor/contracts';
import type { Executor } from '../../db/executor.ts';
import type { ConfirmDeps, PreparedConfirm } from './confirm-transfer.ts';
import type { LockedTransfer } from './locked-transfer.ts';
import { transactionResource } from './transaction-resource.ts';
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
   * The transfer in PENDING-PAYMENT with its CREATED and PENDING-PAYMENT records (one
   * statement), its event, its first payment and the recipient's transfer dates; answers the
   * transfer as the wire shows it, made from those rows.
   */
  async function create(tx: Executor, prepared: PreparedConfirm): Promise<Transaction> {
    const { quote, locale, payoutCompanyId } = prepared;
    if (!payoutCompanyId) throw new Error(`quote ${quote.id} has no partner`);
    const { figures } = quote;
    const now = deps.clock.now();
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
    // Numbers are drawn at random: the UNIQUE index says when one is taken, and another is drawn.
    let number = drawNumber();
    while (
      !(await deps.repository.insertWithTimeline(
        tx,
        { ...values, transaction_number: number },
        timeline,
      ))
    ) {
      number = drawNumber();
    }
    locked.row.transaction_number = number;
    const { transaction, history } = await deps.planned.apply(tx, locked, opened);
    const payment = await deps.payments.open(tx, {
      transactionId: id,
      transactionNumber: number,
      number: 1,
      methodCode: prepared.payment.method.code,
      currency: figures.total.currency,
      amountMinor: figures.total.minor,
    });
    const recipient = await deps.recipients.recordTransfer(
      tx,
      transaction.customer_id,
      prepared.recipientId,
      now,
      locale,
    );
    if (!recipient) throw new Error(`transaction ${id} has no recipient to show`);
    return transactionResource(
      {
        row: transaction,
        history,
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

  return { create };
}
