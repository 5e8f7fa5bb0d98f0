import type { Locale } from '@corridor/contracts';
import { PRODUCT } from './mail-texts.ts';

/**
 * The words of the transfer emails (issue 29, docs/product/sending-money.md#emails), in each
 * language Corridor speaks; English is the source, Spanish addresses the reader as "tú". A
 * transaction number may be in a subject (it is no secret); a collection PIN is never in an email.
 */
export interface TransferMailTexts {
  /** The facts every transfer email lists. */
  facts: { transfer: string; recipient: string; youPaid: string; theyGet: string };
  seeTransfer: string;
  paymentReceived: {
    subject: (number: string) => string;
    heading: string;
    intro: (recipient: string) => string;
    cancelUntil: (when: string) => string;
  };
  onHold: {
    subject: (number: string) => string;
    heading: string;
    intro: string;
    reason: string;
    whatToDo: string;
    upload: string;
  };
  paidOut: {
    subject: (number: string) => string;
    heading: string;
    intro: (recipient: string, amount: string) => string;
    /** Cash pickup: where the PIN is, and that it is never emailed. */
    collect: (recipient: string) => string;
    seePin: string;
  };
  payoutFailed: {
    subject: (number: string) => string;
    heading: string;
    intro: (recipient: string) => string;
    safe: string;
  };
  refunded: {
    subject: (number: string) => string;
    heading: string;
    intro: (amount: string) => string;
    refunded: string;
    where: string;
  };
}

const en: TransferMailTexts = {
  facts: { transfer: 'Transfer', recipient: 'Recipient', youPaid: 'You paid', theyGet: 'They get' },
  seeTransfer: 'See your transfer',
  paymentReceived: {
    subject: (number) => `We have your payment for ${PRODUCT} transfer ${number}`,
    heading: 'We have your payment',
    intro: (recipient) =>
      `Thank you. Your payment has arrived and your money is on its way to ${recipient}.`,
    cancelUntil: (when) => `You can still cancel free of charge until ${when}.`,
  },
  onHold: {
    subject: (number) => `Your ${PRODUCT} transfer ${number} is on hold`,
    heading: 'Your transfer is on hold',
    intro: 'We have paused your transfer. Your money is safe with us.',
    reason: 'Why',
    whatToDo: 'What to do',
    upload: 'Upload your document',
  },
  paidOut: {
    subject: (number) => `Your ${PRODUCT} transfer ${number} has been paid out`,
    heading: 'Your money has arrived',
    intro: (recipient, amount) => `${recipient} has been paid ${amount}.`,
    collect: (recipient) =>
      `${recipient} needs the collection PIN to collect the money. For your safety we never send it by email: find it on the transfer's page in ${PRODUCT}, and share it only with ${recipient}.`,
    seePin: 'See the collection PIN',
  },
  payoutFailed: {
    subject: (number) => `We could not pay out your ${PRODUCT} transfer ${number}`,
    heading: 'We could not pay out your transfer',
    intro: (recipient) => `Our payout partner could not pay the money to ${recipient}.`,
    safe: 'Your money is safe. We will try again or refund you in full, and email you either way.',
  },
  refunded: {
    subject: (number) => `We have refunded your ${PRODUCT} transfer ${number}`,
    heading: 'Your transfer has been refunded',
    intro: (amount) => `We have refunded ${amount} to you.`,
    refunded: 'Refunded',
    where: 'It goes back to the account you paid from.',
  },
};

const es: TransferMailTexts = {
  facts: {
    transfer: 'Transferencia',
    recipient: 'Destinatario',
    youPaid: 'Has pagado',
    theyGet: 'Recibe',
  },
  seeTransfer: 'Ver tu transferencia',
  paymentReceived: {
    subject: (number) => `Hemos recibido tu pago de la transferencia ${number} de ${PRODUCT}`,
    heading: 'Hemos recibido tu pago',
    intro: (recipient) => `Gracias. Tu pago ha llegado y tu dinero va de camino a ${recipient}.`,
    cancelUntil: (when) => `Aún puedes cancelar sin coste hasta el ${when}.`,
  },
  onHold: {
    subject: (number) => `Tu transferencia ${number} de ${PRODUCT} está retenida`,
    heading: 'Tu transferencia está retenida',
    intro: 'Hemos pausado tu transferencia. Tu dinero está a salvo con nosotros.',
    reason: 'Motivo',
    whatToDo: 'Qué hacer',
    upload: 'Subir tu documento',
  },
  paidOut: {
    subject: (number) => `Hemos pagado tu transferencia ${number} de ${PRODUCT}`,
    heading: 'Tu dinero ha llegado',
    intro: (recipient, amount) => `${recipient} ha recibido ${amount}.`,
    collect: (recipient) =>
      `${recipient} necesita el PIN de recogida para recoger el dinero. Por tu seguridad nunca lo enviamos por correo: lo encontrarás en la página de la transferencia en ${PRODUCT}. Compártelo solo con ${recipient}.`,
    seePin: 'Ver el PIN de recogida',
  },
  payoutFailed: {
    subject: (number) => `No hemos podido pagar tu transferencia ${number} de ${PRODUCT}`,
    heading: 'No hemos podido pagar tu transferencia',
    intro: (recipient) => `Nuestro socio de pago no ha podido entregar el dinero a ${recipient}.`,
    safe: 'Tu dinero está a salvo. Lo intentaremos de nuevo o te lo devolveremos íntegro, y te escribiremos en cualquier caso.',
  },
  refunded: {
    subject: (number) => `Te hemos devuelto el dinero de la transferencia ${number} de ${PRODUCT}`,
    heading: 'Te hemos devuelto el dinero',
    intro: (amount) => `Te hemos devuelto ${amount}.`,
    refunded: 'Devuelto',
    where: 'Vuelve a la cuenta desde la que pagaste.',
  },
};

export const transferMailTexts: Record<Locale, TransferMailTexts> = { en, es };
