import type { Executor } from '../../db/executor.ts';
import { Money } from '../../lib/money.ts';
import type { Outbox } from '../../outbox/index.ts';
import type { CustomerService } from '../customers/index.ts';
import { mailMessage, mailMessages, type RefundMailKind } from '../mail/index.ts';
import type { RefundRow } from '../payments/index.ts';
import type { RecipientsService } from '../recipients/index.ts';
import { emailOf, localeOf, recipientOf, type LockedTransfer } from './locked-transfer.ts';

/**
 * The email of a refund no state change tells of (docs/product/sending-money.md#refunds): a
 * missed promise's fee, a late capture given back. Written to the outbox in the refund's
 * transaction; a full refund's email is the CANCELLED or PAYOUT-REVERSED change's
 * (transfer-mail.ts).
 */
export function createRefundMail(deps: {
  outbox: Pick<Outbox, 'add'>;
  customers: Pick<CustomerService, 'localeOf' | 'emailsOf'>;
  recipients: Pick<RecipientsService, 'payoutDetails'>;
  config: { appUrl: string; sandboxNotice: boolean };
}) {
  return async function mailRefund(
    tx: Executor,
    locked: LockedTransfer,
    kind: RefundMailKind,
    refund: RefundRow,
  ): Promise<void> {
    const { row } = locked;
    const locale = await localeOf(deps, tx, locked);
    const to = await emailOf(deps, tx, locked);
    const recipient = await recipientOf(deps, tx, locked);
    if (to === undefined || recipient === null) return;
    const message = mailMessages.paymentRefunded({
      to,
      locale,
      sandboxNotice: deps.config.sandboxNotice,
      transactionNumber: row.transaction_number,
      recipientName: recipient.name,
      paid: Money.fromMinor(row.total_minor, row.send_currency),
      receives: Money.fromMinor(row.receive_minor, row.receive_currency),
      transferUrl: `${deps.config.appUrl}/transaction/${row.id}`,
      kind,
      refunded: Money.fromMinor(refund.amount_minor, refund.currency),
      destination: refund.destination as 'card' | 'bank-account',
    });
    // Mail to one address goes out in the order it was written (as the transfers' emails).
    await deps.outbox.add(tx, mailMessage({ type: 'mailbox', id: message.to }, message));
  };
}

export type RefundMail = ReturnType<typeof createRefundMail>;
