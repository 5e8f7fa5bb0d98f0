import {
  accounts,
  movement,
  type EntryCause,
  type NewEntry,
  type Posting,
  type Settlement,
} from '../ledger/index.ts';

/**
 * The ledger entries of a transfer (docs/product/sending-money.md#the-entries-of-a-transfer):
 * pure functions from a transfer's figures to what each of its steps asks of the ledger. Every
 * entry's cause is the transaction id and a fixed event name, so a step run twice (a repeated
 * job, an operator after a job) records nothing the second time.
 */

/** What the entries need of a transaction: its snapshot of the quote, in minor units. */
export interface TransferFigures {
  transactionId: string;
  customerId: string;
  sendCurrency: string;
  sendMinor: bigint;
  feeMinor: bigint;
  /** send + fee: what the customer pays. */
  totalMinor: bigint;
  receiveCurrency: string;
  receiveMinor: bigint;
  /** What the recipient would get at the mid-market rate: receive + our FX margin. */
  receiveAtMidMarketMinor: bigint;
  /** The payout company's code, e.g. `TERRA_PAY` (`partner:{code}:{CUR}`). */
  partnerCode: string;
  /** The cancellation window is open: "transfer paid" is still pending (a refund voids it). */
  transferPaidPending: boolean;
}

/** One thing a step asks of the ledger, in order. */
export type LedgerOperation =
  | { op: 'record'; entry: NewEntry }
  | { op: 'post'; settlement: Settlement }
  | { op: 'void'; settlement: Settlement };

/** The events, named once: the cause of each entry is `{transactionId, event}`. */
export const transferEvents = {
  paymentCaptured: 'payment-captured',
  transferPaid: 'transfer-paid',
  /** Posts transfer-paid: the cancellation window closed (its job, or the hand-over if earlier). */
  cancellationWindowClosed: 'cancellation-window-closed',
  transferPaidVoided: 'transfer-paid.voided',
  fee: 'fee',
  conversionSource: 'conversion.source',
  conversionTarget: 'conversion.target',
  payout: (attempt: number) => `payout-${attempt}`,
  payoutPaid: (attempt: number) => `payout-${attempt}.paid`,
  payoutFailed: (attempt: number) => `payout-${attempt}.failed`,
  payoutReversed: (attempt: number) => `payout-${attempt}.reversed`,
  refundConversionTarget: 'refund.conversion.target',
  refundConversionSource: 'refund.conversion.source',
  refundFee: 'refund.fee',
  refundTransit: 'refund.transit',
  refundPaidBack: 'refund.paid-back',
} as const;

const causeOf = (figures: TransferFigures, event: string): EntryCause => ({
  transactionId: figures.transactionId,
  event,
});

const record = (figures: TransferFigures, event: string, postings: Posting[]): LedgerOperation => ({
  op: 'record',
  entry: { cause: causeOf(figures, event), postings },
});

const pending = (
  figures: TransferFigures,
  event: string,
  postings: Posting[],
): LedgerOperation => ({
  op: 'record',
  entry: { cause: causeOf(figures, event), postings, pending: { timeoutAt: null } },
});

const settle = (
  figures: TransferFigures,
  op: 'post' | 'void',
  pendingEvent: string,
  event: string,
): LedgerOperation => ({
  op,
  settlement: { pending: causeOf(figures, pendingEvent), cause: causeOf(figures, event) },
});

/** Our FX margin in the payout currency: receive at mid-market − receive, never negative. */
export function fxMarginOf(figures: TransferFigures): bigint {
  const margin = figures.receiveAtMidMarketMinor - figures.receiveMinor;
  if (margin < 0n) {
    throw new RangeError(
      `transfer ${figures.transactionId}: the recipient gets more than at mid-market`,
    );
  }
  return margin;
}

const customer = (f: TransferFigures) => accounts.customer(f.customerId, f.sendCurrency);
const transitSend = (f: TransferFigures) => accounts.transit(f.transactionId, f.sendCurrency);
const transitReceive = (f: TransferFigures) => accounts.transit(f.transactionId, f.receiveCurrency);

/** The conversion's target side: fx:position pays transit (receive) and fx-margin (margin). */
function conversionTargetPostings(f: TransferFigures): Posting[] {
  const margin = fxMarginOf(f);
  return [
    {
      account: accounts.fxPosition(f.receiveCurrency),
      side: 'debit',
      amount: f.receiveMinor + margin,
    },
    { account: transitReceive(f), side: 'credit', amount: f.receiveMinor },
    ...(margin > 0n
      ? [{ account: accounts.fxMargin(f.receiveCurrency), side: 'credit' as const, amount: margin }]
      : []),
  ];
}

/** Each posting the other way round: a reversal of an entry. */
const reversed = (postings: readonly Posting[]): Posting[] =>
  postings.map((posting) => ({
    ...posting,
    side: posting.side === 'debit' ? ('credit' as const) : ('debit' as const),
  }));

/**
 * The payment cleared (PENDING-PAYMENT → PAYMENT-CLEARED): the money landed at our bank and is
 * the customer's (posted), and the customer's transfer reserves it (pending through the
 * cancellation window).
 */
export function paymentClearedEntries(f: TransferFigures): LedgerOperation[] {
  return [
    record(
      f,
      transferEvents.paymentCaptured,
      movement(accounts.safeguarding(f.sendCurrency), customer(f), f.totalMinor),
    ),
    pending(f, transferEvents.transferPaid, movement(customer(f), transitSend(f), f.totalMinor)),
  ];
}

/**
 * The cancellation window closes (its job at 30 minutes, or the hand-over if that is earlier):
 * transfer-paid posted, then what spends it, which waited for it (a pending credit is not
 * transit's to spend): the fee, and the conversion's two sides if the transfer was converted.
 */
export function windowClosedEntries(f: TransferFigures, converted: boolean): LedgerOperation[] {
  return [
    settle(f, 'post', transferEvents.transferPaid, transferEvents.cancellationWindowClosed),
    ...(f.feeMinor > 0n
      ? [
          record(
            f,
            transferEvents.fee,
            movement(transitSend(f), accounts.fees(f.sendCurrency), f.feeMinor),
          ),
        ]
      : []),
    ...(converted ? convertedEntries(f) : []),
  ];
}

/**
 * Converted (→ AVAILABLE-FOR-PAYOUT, once the window closed; else when it closes): the send side
 * sold, the payout side bought.
 */
export function convertedEntries(f: TransferFigures): LedgerOperation[] {
  return [
    record(
      f,
      transferEvents.conversionSource,
      movement(transitSend(f), accounts.fxPosition(f.sendCurrency), f.sendMinor),
    ),
    record(f, transferEvents.conversionTarget, conversionTargetPostings(f)),
  ];
}

/** Handed to the partner (→ SENDING-FOR-PAYOUT): pending until the partner says it is paid. */
export function payoutSubmittedEntries(f: TransferFigures, attempt: number): LedgerOperation[] {
  return [
    pending(
      f,
      transferEvents.payout(attempt),
      movement(
        transitReceive(f),
        accounts.partner(f.partnerCode, f.receiveCurrency),
        f.receiveMinor,
      ),
    ),
  ];
}

/** The partner paid the recipient (→ PAYOUT-SUCCESS). */
export function payoutPaidEntries(f: TransferFigures, attempt: number): LedgerOperation[] {
  return [settle(f, 'post', transferEvents.payout(attempt), transferEvents.payoutPaid(attempt))];
}

/** The partner failed the payout (→ PAYOUT-FAILED): the money stays in transit. */
export function payoutFailedEntries(f: TransferFigures, attempt: number): LedgerOperation[] {
  return [settle(f, 'void', transferEvents.payout(attempt), transferEvents.payoutFailed(attempt))];
}

/** The partner took a paid payout back (→ PAYOUT-REVERSED): the money is in transit again. */
export function payoutReversedEntries(f: TransferFigures, attempt: number): LedgerOperation[] {
  return [
    record(
      f,
      transferEvents.payoutReversed(attempt),
      movement(
        accounts.partner(f.partnerCode, f.receiveCurrency),
        transitReceive(f),
        f.receiveMinor,
      ),
    ),
  ];
}

/** How far a transfer's money went before it is refunded (from its history). */
export interface RefundProgress {
  /** AVAILABLE-FOR-PAYOUT was reached: its conversion is recorded once the window closed. */
  converted: boolean;
}

/**
 * A full refund of a paid transfer (cancelled within the window or by an operator, a failed or
 * reversed payout). Within the window the pending "transfer paid" is voided, nothing else having
 * spent it; after it, every entry made so far is reversed, newest first. Then the customer is
 * paid back through safeguarding. A payout must be settled first (voided on failure, or reversed).
 */
export function refundEntries(f: TransferFigures, progress: RefundProgress): LedgerOperation[] {
  const operations: LedgerOperation[] = [];
  if (f.transferPaidPending) {
    operations.push(
      settle(f, 'void', transferEvents.transferPaid, transferEvents.transferPaidVoided),
    );
  } else {
    if (progress.converted) {
      operations.push(
        record(f, transferEvents.refundConversionTarget, reversed(conversionTargetPostings(f))),
        record(
          f,
          transferEvents.refundConversionSource,
          movement(accounts.fxPosition(f.sendCurrency), transitSend(f), f.sendMinor),
        ),
      );
    }
    if (f.feeMinor > 0n) {
      operations.push(
        record(
          f,
          transferEvents.refundFee,
          movement(accounts.fees(f.sendCurrency), transitSend(f), f.feeMinor),
        ),
      );
    }
    operations.push(
      record(f, transferEvents.refundTransit, movement(transitSend(f), customer(f), f.totalMinor)),
    );
  }
  operations.push(
    record(
      f,
      transferEvents.refundPaidBack,
      movement(customer(f), accounts.safeguarding(f.sendCurrency), f.totalMinor),
    ),
  );
  return operations;
}
