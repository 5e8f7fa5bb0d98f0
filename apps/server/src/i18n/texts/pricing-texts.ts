import type { TextTable } from '../text-table.ts';

/**
 * Pricing and quotes: limits, alerts, why a transfer cannot be sent (issue 15). Amounts are
 * filled in as the API's `_currency_prefixed` strings ("GBP 1,234.00"); `{next_step}` is one of
 * the `limitNextStep` texts, translated on its own.
 */
export const pricingTexts = {
  'pricing.amountNotPositive': {
    en: 'Enter an amount greater than zero.',
    es: 'Introduce un importe mayor que cero.',
  },
  'pricing.belowMinimumSend': {
    en: 'The minimum you can send is {amount}.',
    es: 'El importe mínimo que puedes enviar es {amount}.',
  },
  'pricing.aboveMaximumSend': {
    en: 'The maximum you can send in one transfer is {amount}.',
    es: 'El importe máximo que puedes enviar en una transferencia es {amount}.',
  },
  'pricing.belowMinimumPayout': {
    en: 'The minimum the recipient can get is {amount}.',
    es: 'El importe mínimo que puede recibir el destinatario es {amount}.',
  },
  'pricing.aboveMaximumPayout': {
    en: 'The maximum the recipient can get in one transfer is {amount}.',
    es: 'El importe máximo que puede recibir el destinatario en una transferencia es {amount}.',
  },
  'pricing.limitLeft24Hours': {
    en: 'You can send up to {amount} more in the next 24 hours. {next_step}',
    es: 'Puedes enviar hasta {amount} más en las próximas 24 horas. {next_step}',
  },
  'pricing.limitLeft30Days': {
    en: 'You can send up to {amount} more in the next 30 days. {next_step}',
    es: 'Puedes enviar hasta {amount} más en los próximos 30 días. {next_step}',
  },
  'pricing.limitLeft180Days': {
    en: 'You can send up to {amount} more in the next 180 days. {next_step}',
    es: 'Puedes enviar hasta {amount} más en los próximos 180 días. {next_step}',
  },
  'pricing.limitReached24Hours': {
    en: 'You have reached your limit of {limit} in 24 hours. {next_step}',
    es: 'Has alcanzado tu límite de {limit} en 24 horas. {next_step}',
  },
  'pricing.limitReached30Days': {
    en: 'You have reached your limit of {limit} in 30 days. {next_step}',
    es: 'Has alcanzado tu límite de {limit} en 30 días. {next_step}',
  },
  'pricing.limitReached180Days': {
    en: 'You have reached your limit of {limit} in 180 days. {next_step}',
    es: 'Has alcanzado tu límite de {limit} en 180 días. {next_step}',
  },
  'pricing.limitNextStep.unverified': {
    en: 'Verify your identity to send more.',
    es: 'Verifica tu identidad para enviar más.',
  },
  'pricing.limitNextStep.verified': {
    en: 'Tell us where your money comes from to send more.',
    es: 'Indícanos de dónde procede tu dinero para enviar más.',
  },
  'pricing.limitNextStep.enhanced': {
    en: 'Contact us if you need to send more.',
    es: 'Contacta con nosotros si necesitas enviar más.',
  },
  // Quotes (the calculator, saved quotes): the request's fields, then why a transfer cannot go.
  'quotes.amountFormat': {
    en: 'Enter an amount such as {example}.',
    es: 'Introduce un importe como {example}.',
  },
  'quotes.amountNoDecimals': {
    en: 'Enter a whole amount: {currency} has no decimal places.',
    es: 'Introduce un importe sin decimales: {currency} no tiene decimales.',
  },
  'quotes.amountTooManyDecimals': {
    en: 'Enter an amount with at most {decimals:number} decimal places for {currency}.',
    es: 'Introduce un importe con {decimals:number} decimales como máximo para {currency}.',
  },
  'quotes.amountTooLarge': {
    en: 'This amount is too large.',
    es: 'Este importe es demasiado grande.',
  },
  'quotes.paymentCountryNotServed': {
    en: 'We do not take payments from this country yet.',
    es: 'Todavía no aceptamos pagos desde este país.',
  },
  'quotes.paymentCountryNotYours': {
    en: 'You can only send money from the country you live in.',
    es: 'Solo puedes enviar dinero desde el país en el que vives.',
  },
  'quotes.paymentCurrencyNotServed': {
    en: 'Pay in the currency of the country you send from.',
    es: 'Paga en la moneda del país desde el que envías.',
  },
  'quotes.payoutCountryNotServed': {
    en: 'We do not send money to this country yet.',
    es: 'Todavía no enviamos dinero a este país.',
  },
  'quotes.payoutCurrencyNotServed': {
    en: 'We do not pay out in this currency there.',
    es: 'No pagamos en esta moneda en ese país.',
  },
  'quotes.payoutMethodNotServed': {
    en: 'This payout method is not available for this country.',
    es: 'Este método de pago al destinatario no está disponible para este país.',
  },
  'quotes.payoutCompanyNotOfMethod': {
    en: 'This payout partner does not pay out by this method.',
    es: 'Este socio de pago no paga por este método.',
  },
  'quotes.choosePayoutCompany': {
    en: 'Choose a payout partner from the list.',
    es: 'Elige un socio de pago de la lista.',
  },
  'quotes.choosePayoutMethod': {
    en: 'Choose how the money is paid out.',
    es: 'Elige cómo se paga el dinero.',
  },
  'quotes.chooseRecipient': {
    en: 'Choose a recipient from the list.',
    es: 'Elige un destinatario de la lista.',
  },
  'quotes.recipientOfAnotherCorridor': {
    en: 'This recipient is paid in another country or by another method than this quote. Choose one of its recipients.',
    es: 'Este destinatario recibe el dinero en otro país o por otro método que este presupuesto. Elige uno de sus destinatarios.',
  },
  // modules/quotes/quotes.service.ts QUOTES_SAVED_PER_CUSTOMER; {wait} is "in 42 minutes".
  'quotes.tooManySaved': {
    en: 'You have saved too many quotes for now. Please try again {wait}.',
    es: 'Has guardado demasiados presupuestos por ahora. Vuelve a intentarlo {wait}.',
  },
  'quotes.expired': {
    en: 'This quote has expired. Get a new quote to lock in a fresh rate.',
    es: 'Este presupuesto ha caducado. Pide uno nuevo para fijar un tipo de cambio actual.',
  },
  'quotes.disabled.blocked': {
    en: 'Sending money is restricted on your account. Please contact our support team.',
    es: 'El envío de dinero está restringido en tu cuenta. Ponte en contacto con nuestro equipo de soporte.',
  },
  'quotes.disabled.emailVerification': {
    en: 'Verify your email address before you send money.',
    es: 'Verifica tu correo electrónico antes de enviar dinero.',
  },
  'quotes.disabled.country': {
    en: 'Tell us the country you live in before you send money.',
    es: 'Indícanos el país en el que vives antes de enviar dinero.',
  },
  'quotes.disabled.identity': {
    en: 'Tell us who you are before you send money.',
    es: 'Indícanos quién eres antes de enviar dinero.',
  },
  'quotes.disabled.employment': {
    en: 'Tell us about your work before you send money.',
    es: 'Cuéntanos a qué te dedicas antes de enviar dinero.',
  },
  'quotes.disabled.address': {
    en: 'Add your home address before you send money.',
    es: 'Añade tu domicilio antes de enviar dinero.',
  },
  'quotes.disabled.mobileNumber': {
    en: 'Add your mobile number before you send money.',
    es: 'Añade tu número de móvil antes de enviar dinero.',
  },
  'quotes.disabled.amount': {
    en: 'Change the amount to send this transfer. {reason}',
    es: 'Cambia el importe para enviar esta transferencia. {reason}',
  },
  'quotes.paymentMethod.manual.title': {
    en: 'Bank transfer',
    es: 'Transferencia bancaria',
  },
  'quotes.paymentMethod.manual.description': {
    en: 'Pay from your bank with the reference we give you. We send the money once yours arrives.',
    es: 'Paga desde tu banco con la referencia que te damos. Enviamos el dinero en cuanto llegue el tuyo.',
  },
  'quotes.paymentMethod.card.title': {
    en: 'Debit or credit card',
    es: 'Tarjeta de débito o crédito',
  },
  'quotes.paymentMethod.card.description': {
    en: 'Pay by card on a secure page. The money goes at once.',
    es: 'Paga con tarjeta en una página segura. El dinero sale al momento.',
  },
} as const satisfies TextTable;
