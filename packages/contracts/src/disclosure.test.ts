import { describe, expect, it } from 'vitest';
import { disclosureTexts } from './disclosure-texts.ts';
import { disclosureLines, type DisclosureFigures } from './disclosure.ts';

const figures: DisclosureFigures = {
  paymentCurrency: 'GBP',
  payoutCurrency: 'INR',
  amountSent: '1000.00',
  fee: '2.50',
  midMarketRate: '107.1',
  ourRate: '106.6181',
  markupPercent: '0.45',
  totalCost: '7.00',
  totalCostPercent: '0.70',
  totalToPay: '1002.50',
  recipientGets: '106618.10',
  availableBy: '2026-11-30T14:05:00.000Z',
  cancellableUntil: null,
  paidAt: null,
  transactionNumber: null,
};

describe('the disclosure template (docs/product/sending-money.md#receipts-and-statements)', () => {
  it('writes every line in English, in order, with the figures exactly', () => {
    const lines = disclosureLines(figures, disclosureTexts.en, 'en');
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
    const value = Object.fromEntries(lines.map((line) => [line.key, line.value]));
    expect(value.amountSent).toBe('GBP\u00a01,000.00');
    expect(value.ourRate).toBe('1 GBP = 106.6181 INR');
    expect(value.markup).toBe('0.45% over the mid-market rate');
    expect(value.totalCost).toBe('GBP\u00a07.00 (0.70% of what you send)');
    expect(value.recipientGets).toBe('INR\u00a0106,618.10');
    expect(value.availableBy).toBe('November 30, 2026 at 14:05 UTC');
    expect(value.cancel).toContain('for 30 minutes after you pay');
    expect(value.dispute).toContain('help@corridor.example');
  });

  it('writes them in Spanish, and the end of the window once paid', () => {
    const paid = { ...figures, paidAt: '2026-11-29T14:02:00.000Z', transactionNumber: 'TP1' };
    const value = Object.fromEntries(
      disclosureLines(paid, disclosureTexts.es, 'es').map((line) => [line.label, line.value]),
    );
    expect(value['Importe enviado']).toBe('1000,00\u00a0GBP');
    expect(value['Nuestro margen sobre el tipo']).toBe(
      '0,45\u00a0% sobre el tipo medio del mercado',
    );
    expect(value['Tu derecho a cancelar']).toContain(
      'hasta el 29 de noviembre de 2026 a las 14:32 UTC',
    );
    expect(value['Tu derecho a reclamar']).toContain('la transferencia TP1');
  });

  it('states the end the server gives over the one it would compute', () => {
    const lines = disclosureLines(
      { ...figures, paidAt: '2026-11-29T14:02:00.000Z', cancellableUntil: '2026-11-29T14:40:00Z' },
      disclosureTexts.en,
      'en',
      { timeZone: 'Europe/Madrid' },
    );
    expect(lines.find((line) => line.key === 'cancel')?.value).toContain('15:40 GMT+1');
  });
});
