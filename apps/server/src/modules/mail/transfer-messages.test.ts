import type { Locale } from '@corridor/contracts';
import { describe, expect, it } from 'vitest';
import { Money } from '../../lib/money.ts';
import type { MailMessage } from './mail-port.ts';
import {
  formatMailAmount,
  transferOnHold,
  transferPaidOut,
  transferPaymentReceived,
  transferPayoutFailed,
  transferRefunded,
  type TransferMailView,
} from './transfer-messages.ts';

const NBSP = '\u00a0';
const view = (locale: Locale): TransferMailView => ({
  to: 'ada@example.com',
  locale,
  transactionNumber: 'TP0123456789',
  recipientName: 'Priya Sharma',
  paid: Money.fromMinor(10200n, 'GBP'),
  receives: Money.fromMinor(1050000n, 'INR'),
  transferUrl: 'https://send.example.com/transaction/5b1d6f7e-0a3c-4c1e-9a51-3f1c2b7d9e10',
});

/** The hold's texts as the caller passes them: the catalogue's, in the reader's language. */
const holdWords: Record<Locale, { reason: string; action: string }> = {
  en: {
    reason: 'We could not accept the document you sent.',
    action: 'Upload the document from Account verification.',
  },
  es: {
    reason: 'No pudimos aceptar el documento que enviaste.',
    action: 'Sube el documento desde Verificación de la cuenta.',
  },
};

/** Every transfer email in `locale`, with what only it is given. */
function everyTransferMail(locale: Locale): [string, MailMessage][] {
  const base = view(locale);
  return [
    [
      'transferPaymentReceived',
      transferPaymentReceived({ ...base, cancelUntil: new Date('2026-03-05T09:37:00Z') }),
    ],
    [
      'transferOnHold',
      transferOnHold({
        ...base,
        ...holdWords[locale],
        uploadUrl: 'https://send.example.com/account-verification/upload/poi-id',
      }),
    ],
    ['transferPaidOut', transferPaidOut({ ...base, cashPickup: false })],
    ['transferPayoutFailed', transferPayoutFailed(base)],
    ['transferRefunded', transferRefunded({ ...base, refunded: Money.fromMinor(10200n, 'GBP') })],
  ];
}

describe('formatMailAmount', () => {
  it('writes amounts exactly, in the reader’s language, with the currency code', () => {
    expect(formatMailAmount(Money.fromMinor(100050n, 'GBP'))).toBe(`GBP${NBSP}1,000.50`);
    expect(formatMailAmount(Money.fromMinor(100050n, 'GBP'), 'es')).toBe(`1000,50${NBSP}GBP`);
    expect(formatMailAmount(Money.fromMinor(1050000n, 'INR'), 'es')).toBe(`10.500,00${NBSP}INR`);
    expect(formatMailAmount(Money.fromMinor(5000n, 'JPY'))).toBe(`JPY${NBSP}5,000`);
    expect(formatMailAmount(Money.fromMinor(1234n, 'KWD'))).toBe(`KWD${NBSP}1.234`);
    // Past 2^53 a number would round; the decimal string does not.
    expect(formatMailAmount(Money.fromMinor(9007199254740993n, 'GBP'))).toBe(
      `GBP${NBSP}90,071,992,547,409.93`,
    );
  });
});

describe('transfer emails (issue 29)', () => {
  it('name the transfer in the subject and list its facts in both parts', () => {
    for (const [name, message] of everyTransferMail('en')) {
      expect(message.to, name).toBe('ada@example.com');
      expect(message.subject, name).toContain('Corridor');
      expect(message.subject, name).toContain('TP0123456789');
      expect(message.html, name).toMatch(/^<!doctype html>\n<html lang="en">/);
      for (const body of [message.text, message.html]) {
        expect(body, name).toContain('TP0123456789');
        expect(body, name).toContain('Priya Sharma');
        expect(body, name).toContain(`GBP${NBSP}102.00`);
        expect(body, name).toContain(`INR${NBSP}10,500.00`);
      }
      expect(message.text, name).toContain('The Corridor team');
    }
  });

  it('payment received says until when the transfer can be cancelled free of charge', () => {
    const [[, message] = ['', undefined]] = everyTransferMail('en');
    expect(message?.subject).toBe('We have your payment for Corridor transfer TP0123456789');
    expect(message?.text).toContain('cancel free of charge until 5 March 2026, 09:37 UTC');
    const late = transferPaymentReceived({ ...view('en'), cancelUntil: null });
    expect(late.text).not.toContain('cancel');
  });

  it('on hold gives the reason, the action and the upload link for a document hold', () => {
    const message = transferOnHold({
      ...view('en'),
      reason: 'We could not accept the document you sent.',
      action: 'Upload the document from Account verification.',
      uploadUrl: 'https://send.example.com/account-verification/upload/poi-id',
    });
    expect(message.text).toContain('Why: We could not accept the document you sent.');
    expect(message.text).toContain('What to do: Upload the document from Account verification.');
    expect(message.text).toContain(
      'Upload your document:\nhttps://send.example.com/account-verification/upload/poi-id',
    );
    expect(message.html).toContain(
      'href="https://send.example.com/account-verification/upload/poi-id"',
    );
    // A hold no document clears opens the transfer instead.
    const operator = transferOnHold({
      ...view('en'),
      reason: 'We have paused this transfer to check something with you.',
      action: 'Contact our support team to release it.',
    });
    expect(operator.text).toContain(`See your transfer:\n${view('en').transferUrl}`);
    expect(operator.text).not.toContain('Upload');
  });

  it('paid out never carries a collection PIN: for cash pickup it says where to find it', () => {
    const cash = transferPaidOut({ ...view('en'), cashPickup: true });
    expect(cash.text).toContain(`Priya Sharma has been paid INR${NBSP}10,500.00.`);
    expect(cash.text).toContain('we never send it by email');
    expect(cash.text).toContain(`See the collection PIN:\n${view('en').transferUrl}`);
    expect(`${cash.text}${cash.html}`).not.toMatch(/\b\d{10}\b/);
    const bank = transferPaidOut({ ...view('en'), cashPickup: false });
    expect(bank.text).not.toContain('PIN');
  });

  it('payout failed says the money is safe; refunded says how much comes back', () => {
    expect(transferPayoutFailed(view('en')).text).toContain('Your money is safe.');
    const refunded = transferRefunded({ ...view('en'), refunded: Money.fromMinor(10200n, 'GBP') });
    expect(refunded.text).toContain(`We have refunded GBP${NBSP}102.00 to you.`);
    expect(refunded.text).toContain(`Refunded: GBP${NBSP}102.00`);
  });

  it('escapes what the customer typed (the recipient’s name) in the HTML part', () => {
    const message = transferPayoutFailed({ ...view('en'), recipientName: '<b>Bob</b> & "Co"' });
    expect(message.html).toContain('&lt;b&gt;Bob&lt;/b&gt; &amp; &quot;Co&quot;');
    expect(message.html).not.toContain('<b>Bob');
  });

  it('refuses a link that is not http(s)', () => {
    expect(() =>
      transferPayoutFailed({ ...view('en'), transferUrl: 'javascript:alert(1)' }),
    ).toThrow();
    expect(() =>
      transferOnHold({ ...view('en'), reason: 'r', action: 'a', uploadUrl: 'data:text/html,x' }),
    ).toThrow();
  });

  it('writes every one in Spanish, amounts and dates included', () => {
    for (const [name, message] of everyTransferMail('es')) {
      expect(message.html, name).toMatch(/^<!doctype html>\n<html lang="es">/);
      expect(message.text, name).toContain('El equipo de Corridor');
      expect(message.text, name).toContain(`102,00${NBSP}GBP`);
      expect(message.text, name).toContain(`10.500,00${NBSP}INR`);
      // No English sentence is left: none of its commonest words.
      expect(`${message.subject}\n${message.text}`, name).not.toMatch(
        /\b(the|your|you|this|if|and|to)\b/i,
      );
    }
    const [[, received] = ['', undefined]] = everyTransferMail('es');
    expect(received?.text).toContain('hasta el 5 de marzo de 2026, 09:37 UTC');
  });
});
