import { MANUAL_PAYMENT_PROVIDER_CODE, type Locale } from '@corridor/contracts';
import { apiText, translate, type PlainTextKey } from '../../i18n/index.ts';
import { stableId } from '../../lib/stable-id.ts';
import type { PaymentProvider } from './payment-provider.ts';
import { recordBankTransferOut } from './sandbox-refunds.ts';

/**
 * The sandbox bank, "Corridor Sandbox Bank" (docs/sandbox-providers.md#payments): a bank transfer
 * to our client-money account in the send currency, quoting the payment's reference. No real
 * account: the details are well formed (valid IBAN and ABA check digits) and lead nowhere. It
 * settles after "I've paid" (the settle job, BANK_TRANSFER_SANDBOX_SETTLE_SECONDS) or by an
 * operator.
 */

export const SANDBOX_BANK_NAME = 'Corridor Sandbox Bank';
const ACCOUNT_HOLDER = 'Corridor Sandbox Ltd (client money)';

/** Our account in each send currency: each attribute's label key and its value. */
export const SANDBOX_BANK_ACCOUNTS: Readonly<
  Record<string, readonly { label: PlainTextKey; value: string }[]>
> = {
  GBP: [
    { label: 'payments.bank.sortCode', value: '00-99-29' },
    { label: 'recipients.label.accountNumber', value: '29290029' },
    { label: 'recipients.label.iban', value: 'GB98CRDR00992929290029' },
  ],
  EUR: [
    { label: 'recipients.label.iban', value: 'IE60CRDR99002929290031' },
    { label: 'payments.bank.bic', value: 'CRDRIE2D' },
  ],
  USD: [
    { label: 'payments.bank.routingNumber', value: '029099296' },
    { label: 'recipients.label.accountNumber', value: '2929002901' },
  ],
  AUD: [
    { label: 'payments.bank.bsb', value: '099-029' },
    { label: 'recipients.label.accountNumber', value: '29290029' },
  ],
  CAD: [
    { label: 'payments.bank.institutionNumber', value: '099' },
    { label: 'payments.bank.transitNumber', value: '29029' },
    { label: 'recipients.label.accountNumber', value: '2929003' },
  ],
};

/** The deadline as the reader writes dates, in UTC (the terms say so). */
const DEADLINE_FORMATS: Record<Locale, Intl.DateTimeFormat> = {
  en: new Intl.DateTimeFormat('en-GB', {
    dateStyle: 'medium',
    timeStyle: 'short',
    timeZone: 'UTC',
  }),
  es: new Intl.DateTimeFormat('es-ES', {
    dateStyle: 'medium',
    timeStyle: 'short',
    timeZone: 'UTC',
  }),
};

/** The sandbox bank behind MANUAL-PAYMENT; `deadlineMs` is PAYMENT_DEADLINE_HOURS'. */
export function createSandboxBank(options: { deadlineMs: number }): PaymentProvider {
  const text = (key: PlainTextKey, locale: Locale) => translate(apiText(key), locale);
  return {
    code: MANUAL_PAYMENT_PROVIDER_CODE,
    methodCode: 'MANUAL-PAYMENT',
    title: SANDBOX_BANK_NAME,
    // A bank transfer asks nothing at confirm: the customer pays from their own bank.
    requirements: () => [],
    opening: { state: 'PENDING', deadlineMs: options.deadlineMs },
    canWithdraw: true,
    // Back to the account the money came from, quoting the payment's reference.
    refundDestination: 'bank-account',
    refund: (ex, refund) => recordBankTransferOut(ex, MANUAL_PAYMENT_PROVIDER_CODE, refund),
    instructions(payment, locale) {
      const account = SANDBOX_BANK_ACCOUNTS[payment.currency];
      if (!account) throw new Error(`the sandbox bank has no ${payment.currency} account`);
      const amount = `${payment.currency} ${payment.amount}`;
      return {
        id: stableId('client-payment-account', MANUAL_PAYMENT_PROVIDER_CODE, payment.currency),
        institution_name: SANDBOX_BANK_NAME,
        instruction_text: translate(apiText('payments.bank.instruction', { amount }), locale),
        payment_reference: payment.reference,
        wait_time_message: text('payments.bank.waitTime', locale),
        attributes: [
          { key: text('payments.bank.accountHolder', locale), value: ACCOUNT_HOLDER },
          ...account.map(({ label, value }) => ({ key: text(label, locale), value })),
          { key: text('payments.bank.reference', locale), value: payment.reference },
          { key: text('payments.bank.amount', locale), value: amount },
        ],
      };
    },
    terms(payment, locale) {
      if (payment.deadline === null) return null;
      const deadline = DEADLINE_FORMATS[locale].format(payment.deadline);
      return translate(apiText('payments.bank.terms', { deadline }), locale);
    },
    // After "I've paid" the bank settles on its own: nothing more for the customer to do.
    awaitingConfirmation: (payment) =>
      payment.customerConfirmed && (payment.state === 'PENDING' || payment.state === 'REDIRECTED'),
  };
}
