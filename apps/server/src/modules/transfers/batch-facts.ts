import type { Locale } from '@corridor/contracts';
import type { Tx } from '../../db/executor.ts';
import type { FlowDeps } from './flow-deps.ts';
import type { LockedTransfer } from './locked-transfer.ts';

/**
 * What a batch's events and emails read of its customers and recipients, once a batch
 * (docs/decisions/0043-batched-steps.md): the customers' addresses and languages in one read
 * each, and (`recipients`) the transfers' recipients in one, put where a single change would
 * read them (`LockedTransfer.known`), so each email is written as alone without a read of its
 * own. Answers each transfer's language, in order. A recipient already known is not read.
 */
export async function knowFacts(
  deps: Pick<FlowDeps, 'customers' | 'recipients'>,
  tx: Tx,
  transfers: readonly LockedTransfer[],
  options: { recipients: boolean },
): Promise<Locale[]> {
  if (transfers.length === 0) return [];
  const customers = [...new Set(transfers.map(({ row }) => row.customer_id))];
  const emails = await deps.customers.emailsOf(tx, customers);
  const locales = await deps.customers.localesOf(tx, customers);
  const unknown = transfers.filter(({ known }) => known.recipient === undefined);
  const recipients =
    options.recipients && unknown.length > 0
      ? await deps.recipients.payoutDetailsMany(
          tx,
          unknown.map(({ row }) => ({
            customerId: row.customer_id,
            recipientId: row.recipient_id,
          })),
        )
      : undefined;
  return transfers.map((locked) => {
    const { customer_id: customerId, recipient_id: recipientId } = locked.row;
    const locale = locales.get(customerId);
    if (!locale) throw new Error(`customer ${customerId}: language not read`);
    locked.known.email = Promise.resolve(emails.get(customerId));
    locked.known.locale = Promise.resolve(locale);
    if (recipients && locked.known.recipient === undefined) {
      locked.known.recipient = Promise.resolve(recipients.get(recipientId) ?? null);
    }
    return locale;
  });
}
