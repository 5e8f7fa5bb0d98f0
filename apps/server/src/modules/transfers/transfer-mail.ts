import { apiText, translate, type PlainTextKey } from '../../i18n/index.ts';
import type { Executor } from '../../db/executor.ts';
import { Money } from '../../lib/money.ts';
import type { Outbox } from '../../outbox/index.ts';
import type { CustomerService } from '../customers/index.ts';
import { identityProofUploadPath } from '../documents/index.ts';
import { mailMessage, mailMessages, type MailMessage } from '../mail/index.ts';
import type { PayoutsService } from '../payouts/index.ts';
import type { RecipientsService } from '../recipients/index.ts';
import { emailOf, localeOf, recipientOf, type LockedTransfer } from './locked-transfer.ts';
import {
  CANCELLATION_WINDOW_MS,
  clearedAt,
  isHoldState,
  type StateRecord,
} from './transaction-states.ts';

/**
 * The customer's email for each change of a transfer that warrants one
 * (docs/product/sending-money.md#emails), in their language, written to the outbox in the
 * change's transaction and sent after its commit.
 */

/** Which email a change sends, if any. */
export type TransferMailKind =
  'payment-received' | 'on-hold' | 'paid-out' | 'payout-failed' | 'refunded';

/**
 * The email a change warrants: the payment arrived; the transfer is held (but not when an
 * operator's release returns it to a hold the customer was told of); the recipient is paid; the
 * payout failed; the money is refunded (a paid transfer cancelled, or its payout reversed). A
 * transfer cancelled before it was paid sends none: no money moved, and the customer or the
 * deadline cancelled it.
 */
export function transferMailKind(
  record: StateRecord,
  history: readonly StateRecord[],
): TransferMailKind | null {
  if (isHoldState(record.state)) return record.cause === 'released-by-operator' ? null : 'on-hold';
  switch (record.state) {
    case 'PAYMENT-CLEARED':
      return 'payment-received';
    case 'PAYOUT-SUCCESS':
      return 'paid-out';
    case 'PAYOUT-FAILED':
      return 'payout-failed';
    case 'PAYOUT-REVERSED':
      return 'refunded';
    case 'CANCELLED':
      return clearedAt(history) === null ? null : 'refunded';
    default:
      return null;
  }
}

export interface TransferMailDeps {
  outbox: Pick<Outbox, 'add'>;
  customers: Pick<CustomerService, 'localeOf' | 'emailsOf'>;
  recipients: Pick<RecipientsService, 'payoutDetails'>;
  payouts: Pick<PayoutsService, 'methodById'>;
  config: { appUrl: string; sandboxNotice: boolean };
  /**
   * What was refunded of the transfer before this change (a missed promise's fee): a full
   * refund's email states the rest, what it actually gives back (docs/product/sending-money.md#refunds).
   */
  refundedBefore?: (ex: Executor, transactionId: string) => Promise<bigint>;
}

export function createTransferMail(deps: TransferMailDeps) {
  const { appUrl, sandboxNotice } = deps.config;

  async function write(
    tx: Executor,
    kind: TransferMailKind,
    locked: LockedTransfer,
    record: StateRecord,
  ): Promise<MailMessage | null> {
    const { row: transaction, history } = locked;
    // Everything read with `tx` (on the embedded database a read outside it would wait for it),
    // and at most once per use case (the payment's event may have read the language already).
    // One after another: a transaction's one connection takes one query at a time.
    const locale = await localeOf(deps, tx, locked);
    const to = await emailOf(deps, tx, locked);
    const recipient = await recipientOf(deps, tx, locked);
    if (to === undefined || recipient === null) return null;
    const view = {
      to,
      locale,
      sandboxNotice,
      transactionNumber: transaction.transaction_number,
      recipientName: recipient.name,
      paid: Money.fromMinor(transaction.total_minor, transaction.send_currency),
      receives: Money.fromMinor(transaction.receive_minor, transaction.receive_currency),
      transferUrl: `${appUrl}/transaction/${transaction.id}`,
    };
    switch (kind) {
      case 'payment-received': {
        const cleared = clearedAt(history);
        return mailMessages.transferPaymentReceived({
          ...view,
          cancelUntil:
            cleared === null ? null : new Date(cleared.getTime() + CANCELLATION_WINDOW_MS),
        });
      }
      case 'on-hold': {
        if (record.hold === null) return null;
        const words = (key: PlainTextKey) => translate(apiText(key), locale);
        return mailMessages.transferOnHold({
          ...view,
          reason: words(`transfers.hold.reason.${record.hold.reason}`),
          action: words(`transfers.hold.action.${record.hold.action}`),
          ...(record.hold.action === 'UPLOAD-DOCUMENT'
            ? { uploadUrl: `${appUrl}${identityProofUploadPath()}` }
            : {}),
        });
      }
      case 'paid-out': {
        // Reference data, loaded by the payout's hand-over before any payout succeeds.
        const method = await deps.payouts.methodById(recipient.payoutMethodId);
        return mailMessages.transferPaidOut({
          ...view,
          cashPickup: method?.code === 'CASH-PICKUP',
        });
      }
      case 'payout-failed':
        return mailMessages.transferPayoutFailed(view);
      case 'refunded': {
        const before = (await deps.refundedBefore?.(tx, transaction.id)) ?? 0n;
        const refunded = Money.fromMinor(
          transaction.total_minor - before,
          transaction.send_currency,
        );
        return mailMessages.transferRefunded({ ...view, refunded });
      }
    }
  }

  /**
   * Writes the email `record` warrants, if any, with `tx` (the change's transaction): `locked`
   * is the transfer as the change left it.
   */
  return async function mailAfterChange(
    tx: Executor,
    locked: LockedTransfer,
    record: StateRecord,
  ): Promise<void> {
    const kind = transferMailKind(record, locked.history);
    if (kind === null) return;
    const message = await write(tx, kind, locked, record);
    // Mail to one address goes out in the order it was written (as the accounts module's).
    if (message)
      await deps.outbox.add(tx, mailMessage({ type: 'mailbox', id: message.to }, message));
  };
}

export type TransferMail = ReturnType<typeof createTransferMail>;
