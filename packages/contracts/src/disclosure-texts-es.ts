import type { DisclosureTexts } from './disclosure-texts.ts';

/** The disclosure's Spanish words (disclosure-texts.ts). */
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
};

export default es;
