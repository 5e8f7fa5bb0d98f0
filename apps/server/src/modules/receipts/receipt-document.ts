import {
  disclosureLines,
  disclosureTexts,
  formatDisclosureTime,
  transactionDisclosureFigures,
  type Locale,
  type Transaction,
} from '@corridor/contracts';
import type { PdfBlock, PdfDocumentSpec } from './pdf-writer.ts';
import { receiptTexts } from './receipt-texts.ts';

/**
 * A transfer's receipt (docs/product/sending-money.md#receipts-and-statements): who, when and
 * where, then every line of the one disclosure template (the confirm step's) with the transfer's
 * own figures, in `locale`. Times are UTC and say so.
 */
export function receiptDocument(
  transaction: Transaction,
  locale: Locale,
  options: { now: Date; sandboxNotice: boolean },
): PdfDocumentSpec {
  const words = receiptTexts[locale];
  const recipient = transaction.recipient.whole_name;
  const blocks: PdfBlock[] = [
    { kind: 'title', text: `${words.receipt} ${transaction.transaction_number}` },
    ...(options.sandboxNotice ? [{ kind: 'text', text: words.sandbox } as const] : []),
    { kind: 'pair', label: words.transfer, value: transaction.transaction_number },
    {
      kind: 'pair',
      label: words.date,
      value: formatDisclosureTime(transaction.created_at, locale),
    },
    { kind: 'pair', label: words.status, value: transaction.state.label },
    { kind: 'pair', label: words.recipient, value: recipient },
    { kind: 'pair', label: words.payoutMethod, value: transaction.payout_method.title },
    { kind: 'gap' },
    ...disclosureLines(
      transactionDisclosureFigures(transaction),
      disclosureTexts[locale],
      locale,
    ).map((line): PdfBlock => ({
      kind: 'pair',
      label: line.label,
      value: line.value,
    })),
  ];
  return {
    title: `${words.receipt} ${transaction.transaction_number}`,
    createdAt: options.now,
    language: locale,
    blocks,
    replacedNote: words.replaced,
  };
}
