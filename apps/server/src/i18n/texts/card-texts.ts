import type { TextTable } from '../text-table.ts';

/**
 * The sandbox card provider's pages (issue 30, docs/sandbox-providers.md#payments): the card form,
 * its errors, the 3-D Secure challenge and the closed payment, in the payment's language.
 */
export const cardTexts = {
  'card.page.title': { en: 'Pay by card', es: 'Pagar con tarjeta' },
  'card.page.sandbox': {
    en: 'Sandbox: no real money moves. Pay with a test card, such as 4242 4242 4242 4242.',
    es: 'Sandbox: no se mueve dinero real. Paga con una tarjeta de prueba, como 4242 4242 4242 4242.',
  },
  'card.page.amount': { en: 'Amount: {amount}', es: 'Importe: {amount}' },
  'card.page.reference': { en: 'Reference: {reference}', es: 'Referencia: {reference}' },
  'card.page.number': { en: 'Card number', es: 'Número de tarjeta' },
  'card.page.expiry': { en: 'Expiry date (MM/YY)', es: 'Fecha de caducidad (MM/AA)' },
  'card.page.cvc': { en: 'Security code (CVC)', es: 'Código de seguridad (CVC)' },
  'card.page.holder': { en: 'Name on the card', es: 'Nombre en la tarjeta' },
  'card.page.pay': { en: 'Pay {amount}', es: 'Pagar {amount}' },
  'card.error.number': {
    en: 'Enter a valid card number.',
    es: 'Introduce un número de tarjeta válido.',
  },
  'card.error.expiryInvalid': {
    en: 'Enter the expiry date as MM/YY.',
    es: 'Introduce la fecha de caducidad como MM/AA.',
  },
  'card.error.expired': { en: 'This card has expired.', es: 'Esta tarjeta ha caducado.' },
  'card.error.cvc': {
    en: 'Enter the 3 or 4 digit security code.',
    es: 'Introduce el código de seguridad de 3 o 4 dígitos.',
  },
  'card.error.holder': {
    en: 'Enter the name on the card.',
    es: 'Introduce el nombre de la tarjeta.',
  },
  'card.challenge.title': {
    en: 'Confirm it is you (3-D Secure)',
    es: 'Confirma que eres tú (3-D Secure)',
  },
  'card.challenge.intro': {
    en: 'Your bank asks you to confirm this payment of {amount} with the card ending {last4}.',
    es: 'Tu banco te pide que confirmes este pago de {amount} con la tarjeta terminada en {last4}.',
  },
  'card.challenge.pass': { en: 'Pass authentication', es: 'Superar la autenticación' },
  'card.challenge.fail': { en: 'Fail authentication', es: 'Fallar la autenticación' },
  'card.closed.title': { en: 'This payment is closed', es: 'Este pago está cerrado' },
  'card.closed.body': {
    en: 'It has been paid, has failed, has expired or was cancelled. Go back to Corridor to see where your transfer stands.',
    es: 'Se ha pagado, ha fallado, ha caducado o se ha cancelado. Vuelve a Corridor para ver en qué punto está tu transferencia.',
  },
  'card.closed.back': { en: 'Back to your transfer', es: 'Volver a tu transferencia' },
  'card.invalid.title': {
    en: 'This payment link is not valid',
    es: 'Este enlace de pago no es válido',
  },
  'card.invalid.body': {
    en: 'Open the payment again from your transfer in Corridor.',
    es: 'Vuelve a abrir el pago desde tu transferencia en Corridor.',
  },
} as const satisfies TextTable;
