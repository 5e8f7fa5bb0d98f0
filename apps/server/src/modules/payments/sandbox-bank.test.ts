import { clientPaymentAccountSchema } from '@corridor/contracts';
import { describe, expect, it } from 'vitest';
import { SOURCE_COUNTRIES } from '../countries/index.ts';
import { createSandboxBank, SANDBOX_BANK_ACCOUNTS } from './sandbox-bank.ts';

// docs/sandbox-providers.md#payments: the sandbox bank's accounts and instructions.
const bank = createSandboxBank({ deadlineMs: 48 * 3_600_000 });
const payment = {
  id: '0b5f2f7e-8a4e-4f0e-9d6c-2f1a3b4c5d6e',
  reference: 'TP0123456789',
  currency: 'GBP',
  amount: '102.00',
  deadline: new Date('2026-11-30T19:00:00.000Z'),
  state: 'PENDING' as const,
  customerConfirmed: false,
};

/** ISO 13616: the IBAN read as a number, letters as 10–35, is 1 modulo 97. */
function ibanIsValid(iban: string): boolean {
  const moved = `${iban.slice(4)}${iban.slice(0, 4)}`;
  const digits = [...moved].map((char) => parseInt(char, 36).toString()).join('');
  return BigInt(digits) % 97n === 1n;
}

/** ABA routing numbers: 3·(d1+d4+d7) + 7·(d2+d5+d8) + (d3+d6+d9) is a multiple of 10. */
function routingIsValid(routing: string): boolean {
  const d = [...routing].map(Number);
  const weights = [3, 7, 1, 3, 7, 1, 3, 7, 1];
  return d.reduce((sum, digit, index) => sum + digit * (weights[index] ?? 0), 0) % 10 === 0;
}

describe('the sandbox bank (MANUAL-PAYMENT)', () => {
  it('has an account in every currency customers send from, with valid check digits', () => {
    for (const { currency } of SOURCE_COUNTRIES) {
      const account = SANDBOX_BANK_ACCOUNTS[currency];
      expect(account, currency).toBeDefined();
      for (const { label, value } of account ?? []) {
        if (label === 'recipients.label.iban') expect(ibanIsValid(value), value).toBe(true);
        if (label === 'payments.bank.routingNumber') {
          expect(routingIsValid(value), value).toBe(true);
        }
      }
    }
  });

  it('gives the instructions with the reference and the amount, in English and Spanish', () => {
    const english = clientPaymentAccountSchema.parse(bank.instructions(payment, 'en'));
    expect(english.institution_name).toBe('Corridor Sandbox Bank');
    expect(english.payment_reference).toBe('TP0123456789');
    expect(english.instruction_text).toContain('GBP 102.00');
    expect(english.attributes).toEqual([
      { key: 'Account holder', value: 'Corridor Sandbox Ltd (client money)' },
      { key: 'Sort code', value: '00-99-29' },
      { key: 'Account number', value: '29290029' },
      { key: 'IBAN', value: 'GB98CRDR00992929290029' },
      { key: 'Reference', value: 'TP0123456789' },
      { key: 'Amount', value: 'GBP 102.00' },
    ]);
    const spanish = clientPaymentAccountSchema.parse(bank.instructions(payment, 'es'));
    expect(spanish.instruction_text).toMatch(/^Envía GBP 102.00/);
    expect(spanish.attributes.map((attribute) => attribute.key)).toContain('Referencia');
    expect(bank.terms(payment, 'en')).toContain('Pay by 30 Nov 2026, 19:00 (UTC)');
    expect(bank.terms(payment, 'es')).toContain('Paga antes del 30 nov 2026, 19:00 (UTC)');
  });

  it('asks nothing at confirm, opens PENDING with the deadline, and waits on its own after "I\'ve paid"', () => {
    expect(bank.requirements('en')).toEqual([]);
    expect(bank.opening).toEqual({ state: 'PENDING', deadlineMs: 172_800_000 });
    expect(bank.awaitingConfirmation(payment)).toBe(false);
    expect(bank.awaitingConfirmation({ ...payment, customerConfirmed: true })).toBe(true);
    expect(
      bank.awaitingConfirmation({ ...payment, state: 'CAPTURED', customerConfirmed: true }),
    ).toBe(false);
  });
});
