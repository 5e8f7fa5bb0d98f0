import type { Locale } from '@corridor/contracts';
import type { Executor } from '../../db/executor.ts';
import type { CustomerService } from '../customers/index.ts';
import type { RecipientsService } from '../recipients/index.ts';
import type { StateRecord } from './transaction-states.ts';
import type { TransactionRow } from './transfers.repository.ts';

/** The recipient as a payout and its emails read it. */
export type PayoutRecipient = Awaited<ReturnType<RecipientsService['payoutDetails']>>;

/**
 * What a use case holds of the transfer it changes (docs/performance.md: a transfer is read
 * once per use case): its row, locked for the rest of the transaction, and its timeline, both
 * kept current by each change of state (transfer-transitions.ts), and what its events and emails
 * read of the customer and recipient, read at most once.
 */
export interface LockedTransfer {
  row: TransactionRow;
  history: StateRecord[];
  known: {
    locale?: Promise<Locale>;
    email?: Promise<string | undefined>;
    recipient?: Promise<PayoutRecipient>;
  };
}

export interface KnownFactsReaders {
  customers: Pick<CustomerService, 'localeOf' | 'emailsOf'>;
  recipients: Pick<RecipientsService, 'payoutDetails'>;
}

/** The customer's language, read with `tx` the first time the use case asks. */
export function localeOf(
  readers: Pick<KnownFactsReaders, 'customers'>,
  tx: Executor,
  locked: LockedTransfer,
): Promise<Locale> {
  locked.known.locale ??= readers.customers.localeOf(tx, locked.row.customer_id);
  return locked.known.locale;
}

/** The customer's email (undefined without a verified account), read once. */
export function emailOf(
  readers: Pick<KnownFactsReaders, 'customers'>,
  tx: Executor,
  locked: LockedTransfer,
): Promise<string | undefined> {
  const customerId = locked.row.customer_id;
  locked.known.email ??= readers.customers
    .emailsOf(tx, [customerId])
    .then((emails) => emails.get(customerId));
  return locked.known.email;
}

/** The transfer's recipient as paid out (null when it is gone), read once. */
export function recipientOf(
  readers: Pick<KnownFactsReaders, 'recipients'>,
  tx: Executor,
  locked: LockedTransfer,
): Promise<PayoutRecipient> {
  locked.known.recipient ??= readers.recipients.payoutDetails(
    tx,
    locked.row.customer_id,
    locked.row.recipient_id,
  );
  return locked.known.recipient;
}
