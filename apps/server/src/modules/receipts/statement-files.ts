import {
  formatDisclosureMoney,
  formatDisclosureTime,
  type Locale,
  type TransactionStateCode,
} from '@corridor/contracts';
import { apiText, translate, type PlainTextKey } from '../../i18n/index.ts';
import { Money } from '../../lib/money.ts';
import type { StatementTransferRow } from '../transfers/index.ts';
import { writePdf, type PdfBlock } from './pdf-writer.ts';
import { receiptTexts } from './receipt-texts.ts';

/**
 * A statement's file (docs/product/sending-money.md#receipts-and-statements): one row per
 * transfer made in the range. The CSV is for machines (RFC 4180, English column names, amounts as
 * decimal strings with a point); the PDF is for people, in the customer's language.
 */

export interface StatementInput {
  rows: readonly StatementTransferRow[];
  /** Recipient names by id. */
  recipients: ReadonlyMap<string, string>;
  startDate: string;
  endDate: string;
  currency: string | null;
  locale: Locale;
  now: Date;
}

export const CSV_COLUMNS = [
  'created_at',
  'transaction_number',
  'state',
  'recipient',
  'payment_currency',
  'amount_sent',
  'fee',
  'total_to_pay',
  'amount_paid',
  'payout_currency',
  'amount_received',
  'exchange_rate',
] as const;

const DECIMAL = /^-?\d+(\.\d+)?$/;
// A spreadsheet runs a cell that starts with one of these as a formula (CSV injection).
const FORMULA_START = /^[=+\-@\t\r]/;

/** One CSV field: a text that could start a formula is prefixed with "'", then quoted if needed. */
export function csvField(value: string): string {
  const safe = !DECIMAL.test(value) && FORMULA_START.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
}

const amount = (minor: bigint, currency: string) =>
  Money.fromMinor(minor, currency).toDecimalString();

/** What the customer paid Corridor for the transfer: its total once the payment cleared. */
const paidMinor = (row: StatementTransferRow) => (row.paid ? row.total_minor : 0n);

export function statementCsv(input: StatementInput): Buffer {
  const lines = [CSV_COLUMNS.join(',')];
  for (const row of input.rows) {
    const cells = [
      row.created_at.toISOString(),
      row.transaction_number,
      row.state,
      input.recipients.get(row.recipient_id) ?? '',
      row.send_currency,
      amount(row.send_minor, row.send_currency),
      amount(row.fee_minor, row.send_currency),
      amount(row.total_minor, row.send_currency),
      amount(paidMinor(row), row.send_currency),
      row.receive_currency,
      amount(row.receive_minor, row.receive_currency),
      row.our_rate,
    ];
    lines.push(cells.map(csvField).join(','));
  }
  return Buffer.from(`${lines.join('\r\n')}\r\n`, 'utf8');
}

const stateLabel = (state: TransactionStateCode, locale: Locale) =>
  translate(apiText(`transfers.state.${state}.label` as PlainTextKey), locale);

/** The PDF: the rows, then what was sent, charged and paid in each payment currency. */
export async function statementPdf(input: StatementInput): Promise<Buffer> {
  const { locale } = input;
  const words = receiptTexts[locale];
  const money = (minor: bigint, currency: string) =>
    formatDisclosureMoney(amount(minor, currency), currency, locale);
  const blocks: PdfBlock[] = [
    { kind: 'title', text: words.statement },
    { kind: 'text', text: words.period(input.startDate, input.endDate) },
    {
      kind: 'text',
      text: input.currency === null ? words.allCurrencies : words.currency(input.currency),
    },
    { kind: 'gap' },
  ];
  if (input.rows.length === 0) blocks.push({ kind: 'text', text: words.none });
  else blocks.push({ kind: 'row', cells: words.columns, bold: true });
  const totals = new Map<string, { sent: bigint; fee: bigint; paid: bigint }>();
  for (const row of input.rows) {
    blocks.push({
      kind: 'row',
      cells: [
        formatDisclosureTime(row.created_at.toISOString(), locale),
        row.transaction_number,
        input.recipients.get(row.recipient_id) ?? '',
        money(row.send_minor, row.send_currency),
        money(row.fee_minor, row.send_currency),
        money(paidMinor(row), row.send_currency),
        money(row.receive_minor, row.receive_currency),
        stateLabel(row.state, locale),
      ],
    });
    const sum = totals.get(row.send_currency) ?? { sent: 0n, fee: 0n, paid: 0n };
    totals.set(row.send_currency, {
      sent: sum.sent + row.send_minor,
      fee: sum.fee + row.fee_minor,
      paid: sum.paid + paidMinor(row),
    });
  }
  for (const [currency, sum] of totals) {
    blocks.push({
      kind: 'row',
      bold: true,
      cells: [
        `${words.totals} ${currency}`,
        '',
        '',
        money(sum.sent, currency),
        money(sum.fee, currency),
        money(sum.paid, currency),
        '',
        '',
      ],
    });
  }
  const bytes = await writePdf({
    title: words.statement,
    createdAt: input.now,
    language: locale,
    blocks,
    replacedNote: words.replaced,
    columns: [70, 58, 70, 62, 50, 62, 70],
  });
  return Buffer.from(bytes);
}
