import type { Locale } from '@corridor/contracts';
import { describe, expect, it } from 'vitest';
import { Money } from '../../lib/money.ts';
import { paymentRefunded, type RefundMailKind } from './refund-messages.ts';

const NBSP = '\u00a0';
const view = (locale: Locale, kind: RefundMailKind, destination: 'card' | 'bank-account') => ({
  to: 'ada@example.com',
  locale,
  transactionNumber: 'TP0123456789',
  recipientName: 'Priya Sharma',
  paid: Money.fromMinor(10200n, 'GBP'),
  receives: Money.fromMinor(1050000n, 'INR'),
  transferUrl: 'https://send.example.com/transaction/5b1d6f7e-0a3c-4c1e-9a51-3f1c2b7d9e10',
  kind,
  refunded: Money.fromMinor(kind === 'promise-fee' ? 200n : 10200n, 'GBP'),
  destination,
});

/**
 * The refund emails no state change sends (docs/product/sending-money.md#refunds): a missed
 * promise's fee and a late capture, in English and Spanish, with the amount as the reader's
 * language writes it and where the money goes.
 */
describe('paymentRefunded', () => {
  it("tells of a missed promise's fee, in English and Spanish", () => {
    const en = paymentRefunded(view('en', 'promise-fee', 'bank-account'));
    expect(en.subject).toBe('We have refunded the fee of your Corridor transfer TP0123456789');
    expect(en.text).toContain(`we have refunded its fee, GBP${NBSP}2.00`);
    expect(en.text).toContain('It goes back to the account you paid from.');
    expect(en.html).toContain('TP0123456789');
    const es = paymentRefunded(view('es', 'promise-fee', 'bank-account'));
    expect(es.subject).toBe(
      'Te hemos devuelto la comisión de la transferencia TP0123456789 de Corridor',
    );
    expect(es.text).toContain(`te hemos devuelto la comisión, 2,00${NBSP}GBP`);
    expect(es.text).toContain('Vuelve a la cuenta desde la que pagaste.');
  });

  it('tells of a late capture given back to the card, in English and Spanish', () => {
    const en = paymentRefunded(view('en', 'late-capture', 'card'));
    expect(en.subject).toBe('We have refunded a payment for your Corridor transfer TP0123456789');
    expect(en.text).toContain(
      `A payment of GBP${NBSP}102.00 reached us after that payment attempt`,
    );
    expect(en.text).toContain('It goes back to the card you paid with.');
    const es = paymentRefunded(view('es', 'late-capture', 'card'));
    expect(es.text).toContain(`Nos llegó un pago de 102,00${NBSP}GBP`);
    expect(es.text).toContain('Vuelve a la tarjeta con la que pagaste.');
  });
});
