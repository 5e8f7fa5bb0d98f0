import type { TextTable } from '../text-table.ts';

/**
 * Confirming a transfer and paying for it (issue 29): the refusals of confirm
 * (docs/product/sending-money.md#refusals), its field errors, and the sandbox bank's
 * instructions (docs/sandbox-providers.md#payments).
 */
export const confirmTexts = {
  // Refusals (412), in the order of preconditionTypes.
  'confirm.blockedForSending': {
    en: 'Sending is paused on your account. Contact our support team to find out why and what to do.',
    es: 'Los envíos están pausados en tu cuenta. Contacta con nuestro equipo de soporte para saber por qué y qué hacer.',
  },
  'confirm.incompleteIdentity': {
    en: 'Complete your personal details before you send money.',
    es: 'Completa tus datos personales antes de enviar dinero.',
  },
  'confirm.incompleteAddress': {
    en: 'Add your address before you send money.',
    es: 'Añade tu dirección antes de enviar dinero.',
  },
  'confirm.missingRecipient': {
    en: 'Choose who you are sending money to.',
    es: 'Elige a quién envías el dinero.',
  },
  'confirm.verificationRequired': {
    en: 'Upload the documents we ask for, then confirm your transfer again.',
    es: 'Sube los documentos que te pedimos y vuelve a confirmar tu transferencia.',
  },
  'confirm.poiCheckFailed': {
    en: 'The name or date of birth on your ID does not match your profile. Upload another ID or use the details on your ID.',
    es: 'El nombre o la fecha de nacimiento de tu documento no coinciden con tu perfil. Sube otro documento o usa los datos de tu documento.',
  },
  'confirm.quoteExpired': {
    en: 'This price has expired. Get a new quote to continue.',
    es: 'Este precio ha caducado. Pide una nueva cotización para continuar.',
  },
  'confirm.amountOutOfBounds': {
    en: 'This amount is outside what you can send in one transfer ({min} to {max}). Change the amount to continue.',
    es: 'Este importe está fuera de lo que puedes enviar en una transferencia (de {min} a {max}). Cambia el importe para continuar.',
  },
  'confirm.alreadyConfirmed': {
    en: 'You have already confirmed this transfer. Open it to pay or to see where it is.',
    es: 'Ya has confirmado esta transferencia. Ábrela para pagarla o ver en qué punto está.',
  },
  'confirm.likelyDuplicate': {
    en: 'You sent the same amount to this recipient a few minutes ago. Check your transfers before sending it again.',
    es: 'Hace unos minutos enviaste el mismo importe a este destinatario. Revisa tus transferencias antes de volver a enviarlo.',
  },
  // Field errors (422).
  'confirm.field.purposeUnknown': {
    en: 'Choose why you are sending money from the list.',
    es: 'Elige de la lista por qué envías dinero.',
  },
  'confirm.field.paymentMethodUnknown': {
    en: 'Choose one of the ways to pay offered for this transfer.',
    es: 'Elige una de las formas de pago que se ofrecen para esta transferencia.',
  },
  'confirm.field.paymentMethodUnavailable': {
    en: 'This way to pay is not available yet. Choose a bank transfer.',
    es: 'Esta forma de pago aún no está disponible. Elige una transferencia bancaria.',
  },
  'confirm.field.paymentDataUnknown': {
    en: 'This payment detail is not asked for.',
    es: 'No se pide este dato de pago.',
  },
  'confirm.field.paymentDataRequired': {
    en: 'Enter this payment detail.',
    es: 'Introduce este dato de pago.',
  },
  // The sandbox bank's instructions (docs/sandbox-providers.md#payments).
  'payments.bank.instruction': {
    en: 'Send {amount} from a bank account in your name to the account below. Use the reference exactly as shown, or we cannot match your payment.',
    es: 'Envía {amount} desde una cuenta bancaria a tu nombre a la cuenta de abajo. Usa la referencia tal y como aparece; si no, no podremos identificar tu pago.',
  },
  'payments.bank.waitTime': {
    en: 'Bank transfers usually arrive within minutes, and at most within one working day.',
    es: 'Las transferencias bancarias suelen llegar en minutos, y como mucho en un día hábil.',
  },
  'payments.bank.terms': {
    en: 'Pay by {deadline} (UTC), or your transfer is cancelled and nothing is sent.\nPay the exact amount from an account in your own name.\nNo real money moves: this is the sandbox bank.',
    es: 'Paga antes del {deadline} (UTC); si no, tu transferencia se cancela y no se envía nada.\nPaga el importe exacto desde una cuenta a tu nombre.\nNo se mueve dinero real: este es el banco de pruebas.',
  },
  'payments.bank.accountHolder': { en: 'Account holder', es: 'Titular de la cuenta' },
  'payments.bank.sortCode': { en: 'Sort code', es: 'Código de sucursal (sort code)' },
  'payments.bank.bic': { en: 'BIC', es: 'Código BIC' },
  'payments.bank.routingNumber': { en: 'Routing number (ACH)', es: 'Número de ruta (ACH)' },
  'payments.bank.bsb': { en: 'BSB', es: 'Código BSB' },
  'payments.bank.institutionNumber': { en: 'Institution number', es: 'Número de institución' },
  'payments.bank.transitNumber': { en: 'Transit number', es: 'Número de tránsito' },
  'payments.bank.reference': { en: 'Reference', es: 'Referencia' },
  'payments.bank.amount': { en: 'Amount', es: 'Importe' },
} as const satisfies TextTable;
