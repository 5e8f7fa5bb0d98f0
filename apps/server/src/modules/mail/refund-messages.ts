import type { Locale } from '@corridor/contracts';
import type { Money } from '../../lib/money.ts';
import { compose } from './mail-layout.ts';
import type { MailMessage } from './mail-port.ts';
import { PRODUCT } from './mail-texts.ts';
import { formatMailAmount, type TransferMailView } from './transfer-messages.ts';
import { transferMailTexts } from './transfer-mail-texts.ts';

/**
 * The refund emails that no change of a transfer's state sends (docs/product/sending-money.md#refunds):
 * the fee of a missed delivery promise, and a payment that reached us after its attempt was
 * closed, given back. In the customer's language; written to the outbox in the refund's
 * transaction.
 */

export type RefundMailKind = 'promise-fee' | 'late-capture';

interface RefundMailTexts {
  subject: (number: string) => string;
  heading: string;
  intro: (amount: string) => string;
  where: (destination: 'card' | 'bank-account') => string;
  refunded: string;
}

const where = {
  en: (destination: 'card' | 'bank-account') =>
    destination === 'card'
      ? 'It goes back to the card you paid with.'
      : 'It goes back to the account you paid from.',
  es: (destination: 'card' | 'bank-account') =>
    destination === 'card'
      ? 'Vuelve a la tarjeta con la que pagaste.'
      : 'Vuelve a la cuenta desde la que pagaste.',
};

const texts: Record<Locale, Record<RefundMailKind, RefundMailTexts>> = {
  en: {
    'promise-fee': {
      subject: (number) => `We have refunded the fee of your ${PRODUCT} transfer ${number}`,
      heading: 'Your transfer is late: the fee is on us',
      intro: (amount) =>
        `Your transfer has not arrived by the time we promised, so we have refunded its fee, ${amount}. We are still on it.`,
      where: where.en,
      refunded: 'Fee refunded',
    },
    'late-capture': {
      subject: (number) => `We have refunded a payment for your ${PRODUCT} transfer ${number}`,
      heading: 'We have refunded your payment',
      intro: (amount) =>
        `A payment of ${amount} reached us after that payment attempt had closed, so we have sent it back to you.`,
      where: where.en,
      refunded: 'Refunded',
    },
  },
  es: {
    'promise-fee': {
      subject: (number) =>
        `Te hemos devuelto la comisión de la transferencia ${number} de ${PRODUCT}`,
      heading: 'Tu transferencia va con retraso: la comisión corre de nuestra cuenta',
      intro: (amount) =>
        `Tu transferencia no ha llegado en el plazo que te prometimos, así que te hemos devuelto la comisión, ${amount}. Seguimos con ella.`,
      where: where.es,
      refunded: 'Comisión devuelta',
    },
    'late-capture': {
      subject: (number) => `Te hemos devuelto un pago de la transferencia ${number} de ${PRODUCT}`,
      heading: 'Te hemos devuelto tu pago',
      intro: (amount) =>
        `Nos llegó un pago de ${amount} cuando ese intento de pago ya estaba cerrado, así que te lo hemos devuelto.`,
      where: where.es,
      refunded: 'Devuelto',
    },
  },
};

/** A refund that no state change tells of: what was refunded, where it goes. */
export function paymentRefunded(
  view: TransferMailView & {
    kind: RefundMailKind;
    refunded: Money;
    destination: 'card' | 'bank-account';
  },
): MailMessage {
  const locale = view.locale ?? 'en';
  const words = texts[locale][view.kind];
  const facts = transferMailTexts[locale].facts;
  const amount = formatMailAmount(view.refunded, locale);
  return compose(
    locale,
    view.to,
    words.subject(view.transactionNumber),
    words.heading,
    [
      { kind: 'text', text: words.intro(amount) },
      { kind: 'text', text: words.where(view.destination) },
      {
        kind: 'facts',
        facts: [
          [facts.transfer, view.transactionNumber],
          [facts.recipient, view.recipientName],
          [facts.youPaid, formatMailAmount(view.paid, locale)],
          [words.refunded, amount],
        ],
      },
      { kind: 'link', label: transferMailTexts[locale].seeTransfer, url: view.transferUrl },
    ],
    view,
  );
}
