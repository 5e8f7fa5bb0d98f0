import type { Locale, Transaction } from '@corridor/contracts';
import type { Clock } from '../../lib/clock.ts';
import type { SignedInSession } from '../sessions/index.ts';
import { writePdf } from './pdf-writer.ts';
import { receiptDocument } from './receipt-document.ts';

export interface ReceiptsDeps {
  clock: Clock;
  config: { sandboxNotice: boolean };
  /** The customer's transfer as the wire sends it, or the 404 AppError (transfers' reads). */
  transaction: (session: SignedInSession, id: string, locale: Locale) => Promise<Transaction>;
}

/** A transfer's receipt (docs/product/sending-money.md#receipts-and-statements), as a PDF. */
export function createReceipts(deps: ReceiptsDeps) {
  return {
    async receipt(session: SignedInSession, id: string, locale: Locale) {
      const transaction = await deps.transaction(session, id, locale);
      const content = await writePdf(
        receiptDocument(transaction, locale, {
          now: deps.clock.now(),
          sandboxNotice: deps.config.sandboxNotice,
        }),
      );
      return {
        content,
        contentType: 'application/pdf',
        // The number is letters and digits ("TP7402166"): safe in a header as it is.
        fileName: `corridor-receipt-${transaction.transaction_number}.pdf`,
      };
    },
  };
}

export type Receipts = ReturnType<typeof createReceipts>;
