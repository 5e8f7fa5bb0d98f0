import type { DisclosureTexts } from './disclosure-texts.ts';

/** The disclosure's Spanish words (disclosure-texts.ts). */
const es: DisclosureTexts = {
  title: 'Lo que pagas y lo que llega',
  amountSent: 'Importe enviado',
  fee: 'Comisión de envío',
  midMarketRate: 'Tipo de cambio medio del mercado',
  ourRate: 'Nuestro tipo de cambio',
  markup: 'Nuestro margen sobre el tipo',
  markupValue: '{percent}\u00a0% sobre el tipo medio del mercado',
  totalCost: 'Coste total (comisión y margen)',
  totalCostValue: '{amount} ({percent}\u00a0% de lo que envías)',
  total: 'Total (importe enviado y comisión)',
  recipientGets: 'Importe que recibe el destinatario',
  availableBy: 'Disponible para el destinatario a más tardar el',
  cancel: 'Tu derecho a cancelar',
  cancelValue:
    'Cancela sin coste {window} y recupera todo lo que pagaste, salvo que ya se haya pagado: elige Cancelar en la transferencia o escríbenos a {email}.',
  cancelUntil: 'hasta el {until}',
  cancelAfterPaying: 'durante los 30 minutos siguientes al pago',
  dispute: 'Tu derecho a reclamar',
  disputeValue:
    'Si algo sale mal con {transfer}, escríbenos a {email} en los 180 días siguientes a la fecha de arriba; respondemos en 90 días.',
  yourTransfer: 'tu transferencia',
  transferNumbered: 'la transferencia {number}',
};

export default es;
