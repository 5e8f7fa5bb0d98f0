import {
  apiPaths,
  disclosureLines,
  disclosureTexts,
  transactionDisclosureFigures,
  type Locale,
} from '@corridor/contracts';
import { describe, expect, it } from 'vitest';
import { appPerFile } from '../../test/app-per-file.ts';
import { SECOND, TestClock } from '../../test/clock.ts';
// Test code: the transfers' kits make a paid transfer.
import {
  confirmedTransfer,
  runJobs,
  SETTLE_SECONDS,
  transferOf,
} from '../transfers/flow-test-kit.ts';
import { normalized, pdfText } from './pdf-text-test-kit.ts';

const clock = new TestClock();
const file = appPerFile({ clock, movesMoney: true });

describe('GET /client/v1/transaction/{id}/receipt (docs/product/sending-money.md#receipts-and-statements)', () => {
  it('is a PDF with every disclosure field and the transfer’s figures, in English and Spanish', async () => {
    const transfer = await confirmedTransfer(file, clock, { amount: '250' });
    const sent = await transfer.browser.post(apiPaths.paymentSent(transfer.paymentId), {});
    expect(sent.statusCode, sent.body).toBe(200);
    await runJobs(file, clock, SETTLE_SECONDS * SECOND);

    for (const locale of ['en', 'es'] as const satisfies readonly Locale[]) {
      const response = await transfer.browser.request(
        'GET',
        apiPaths.transactionReceipt(transfer.transaction.id),
        undefined,
        { 'accept-language': locale },
      );
      expect(response.statusCode, response.body).toBe(200);
      expect(response.headers['content-type']).toBe('application/pdf');
      const transaction = await transferOf(transfer.browser, transfer.transaction.id);
      expect(response.headers['content-disposition']).toBe(
        `attachment; filename="corridor-receipt-${transaction.transaction_number}.pdf"`,
      );
      const text = await pdfText(response.rawPayload);
      // The figures as the wire states them: the template's lines, read back from the PDF.
      const figures = transactionDisclosureFigures(transaction);
      expect(figures.paidAt).not.toBeNull();
      const lines = disclosureLines(figures, disclosureTexts[locale], locale);
      expect(lines.map((line) => line.key)).toEqual([
        'amountSent',
        'fee',
        'midMarketRate',
        'ourRate',
        'markup',
        'totalCost',
        'total',
        'recipientGets',
        'availableBy',
        'cancel',
        'dispute',
      ]);
      for (const line of lines) {
        expect(text).toContain(normalized(line.label));
        expect(text).toContain(normalized(line.value));
      }
      expect(text).toContain(transaction.transaction_number);
      expect(text).toContain(transaction.recipient.whole_name);
      // Independent of the template: the raw figures themselves are in the text.
      const words =
        locale === 'en' ? ['Amount sent', 'GBP 250.00'] : ['Importe enviado', '250,00 GBP'];
      for (const word of words) expect(text).toContain(word);
      expect(text).toContain(transaction.mid_market_rate.split('.')[0]);
    }
  });

  it('is another customer’s: 404, and so is an unknown id', async () => {
    const mine = await confirmedTransfer(file, clock);
    const theirs = await confirmedTransfer(file, clock);
    const other = await mine.browser.get(apiPaths.transactionReceipt(theirs.transaction.id));
    expect(other.statusCode).toBe(404);
    const unknown = await mine.browser.get(apiPaths.transactionReceipt(crypto.randomUUID()));
    expect(unknown.statusCode).toBe(404);
  });
});
