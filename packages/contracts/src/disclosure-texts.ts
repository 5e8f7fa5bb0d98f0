import type { Locale } from './locales.ts';

/**
 * The words of the full-cost disclosure (docs/product/sending-money.md#receipts-and-statements),
 * a message catalogue shared by the web's confirm step and the server's receipt: English is the
 * source, Spanish addresses the reader as "tú". `{name}` placeholders are filled by disclosure.ts.
 */
export interface DisclosureTexts {
  title: string;
  amountSent: string;
  fee: string;
  midMarketRate: string;
  ourRate: string;
  markup: string;
  markupValue: string;
  totalCost: string;
  totalCostValue: string;
  total: string;
  recipientGets: string;
  availableBy: string;
  cancel: string;
  cancelUntil: string;
  cancelAfterPaying: string;
  dispute: string;
  disputeValue: string;
  disputeValueNumbered: string;
  transfer: string;
}

const en: DisclosureTexts = {
  title: 'What you pay and what arrives',
  amountSent: 'Amount sent',
  fee: 'Transfer fee',
  midMarketRate: 'Mid-market rate',
  ourRate: 'Our exchange rate',
  markup: 'Our markup on the rate',
  markupValue: '{percent} over the mid-market rate',
  totalCost: 'Total cost (fee and markup)',
  totalCostValue: '{amount} ({percent} of what you send)',
  total: 'Total (amount sent and fee)',
  recipientGets: 'Amount the recipient receives',
  availableBy: 'Available to the recipient by',
  cancel: 'Your right to cancel',
  cancelUntil:
    'You can cancel free of charge until {until} and get back everything you paid, unless the money has already been paid out: open the transfer in Corridor and choose Cancel, or contact us at {email}.',
  cancelAfterPaying:
    'You can cancel free of charge for 30 minutes after you pay and get back everything you paid, unless the money has already been paid out: open the transfer in Corridor and choose Cancel, or contact us at {email}.',
  dispute: 'Your right to dispute',
  disputeValue:
    'If something goes wrong with your transfer, tell us within 180 days of the date above at {email}. We will look into it and tell you what we found within 90 days.',
  disputeValueNumbered:
    'If something goes wrong with transfer {number}, tell us within 180 days of the date above at {email}, quoting its number. We will look into it and tell you what we found within 90 days.',
  transfer: 'Transfer',
};

const es: DisclosureTexts = {
  title: 'Lo que pagas y lo que llega',
  amountSent: 'Importe enviado',
  fee: 'Comisión de envío',
  midMarketRate: 'Tipo de cambio medio del mercado',
  ourRate: 'Nuestro tipo de cambio',
  markup: 'Nuestro margen sobre el tipo',
  markupValue: '{percent} sobre el tipo medio del mercado',
  totalCost: 'Coste total (comisión y margen)',
  totalCostValue: '{amount} ({percent} de lo que envías)',
  total: 'Total (importe enviado y comisión)',
  recipientGets: 'Importe que recibe el destinatario',
  availableBy: 'Disponible para el destinatario a más tardar el',
  cancel: 'Tu derecho a cancelar',
  cancelUntil:
    'Puedes cancelar sin coste hasta el {until} y recuperar todo lo que pagaste, salvo que el dinero ya se haya pagado: abre la transferencia en Corridor y elige Cancelar, o escríbenos a {email}.',
  cancelAfterPaying:
    'Puedes cancelar sin coste durante los 30 minutos siguientes al pago y recuperar todo lo que pagaste, salvo que el dinero ya se haya pagado: abre la transferencia en Corridor y elige Cancelar, o escríbenos a {email}.',
  dispute: 'Tu derecho a reclamar',
  disputeValue:
    'Si algo sale mal con tu transferencia, avísanos en los 180 días siguientes a la fecha indicada arriba en {email}. Lo investigaremos y te diremos qué encontramos en un plazo de 90 días.',
  disputeValueNumbered:
    'Si algo sale mal con la transferencia {number}, avísanos en los 180 días siguientes a la fecha indicada arriba en {email}, indicando su número. Lo investigaremos y te diremos qué encontramos en un plazo de 90 días.',
  transfer: 'Transferencia',
};

export const disclosureTexts: Record<Locale, DisclosureTexts> = { en, es };
