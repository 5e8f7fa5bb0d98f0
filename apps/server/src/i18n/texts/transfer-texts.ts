import type { TextTable } from '../text-table.ts';

/**
 * Transfers and their payments (issue 29): each state's label and the customer description its
 * banner shows, each hold's reason and the action that clears it, and the contracts' confirm and
 * list messages (docs/product/sending-money.md#transaction-states, #payment-states).
 */
export const transferTexts = {
  // Transaction states: labels (docs/decisions/0038-transaction-states.md).
  'transfers.state.CREATED.label': { en: 'Created', es: 'Creada' },
  'transfers.state.CREATED.description': {
    en: 'Your transfer is confirmed. We are setting up your payment.',
    es: 'Tu transferencia está confirmada. Estamos preparando tu pago.',
  },
  'transfers.state.PENDING-PAYMENT.label': { en: 'Pending payment', es: 'Pago pendiente' },
  'transfers.state.PENDING-PAYMENT.description': {
    en: 'We are waiting for your payment. Pay with the details shown to send your money.',
    es: 'Estamos esperando tu pago. Paga con los datos indicados para enviar tu dinero.',
  },
  'transfers.state.PAYMENT-CLEARED.label': { en: 'Payment cleared', es: 'Pago recibido' },
  'transfers.state.PAYMENT-CLEARED.description': {
    en: 'We have your payment. You can still cancel free of charge for 30 minutes.',
    es: 'Hemos recibido tu pago. Aún puedes cancelar sin coste durante 30 minutos.',
  },
  'transfers.state.DOCUMENT-REQUIRED.label': {
    en: 'Document required',
    es: 'Documento necesario',
  },
  'transfers.state.DOCUMENT-REQUIRED.description': {
    en: 'Your transfer is on hold until you send us a document.',
    es: 'Tu transferencia está retenida hasta que nos envíes un documento.',
  },
  'transfers.state.DOCUMENT-PROVIDED.label': {
    en: 'Document provided',
    es: 'Documento enviado',
  },
  'transfers.state.DOCUMENT-PROVIDED.description': {
    en: 'Thank you for your document. We are checking it.',
    es: 'Gracias por tu documento. Lo estamos revisando.',
  },
  'transfers.state.UNDER-REVIEW.label': { en: 'Under review', es: 'En revisión' },
  'transfers.state.UNDER-REVIEW.description': {
    en: 'Our compliance team is reviewing your transfer. We will email you when it moves on.',
    es: 'Nuestro equipo de cumplimiento está revisando tu transferencia. Te escribiremos cuando avance.',
  },
  'transfers.state.ON-HOLD.label': { en: 'On hold', es: 'Retenida' },
  'transfers.state.ON-HOLD.description': {
    en: 'Your transfer is on hold. The reason and what to do are shown below.',
    es: 'Tu transferencia está retenida. Abajo verás el motivo y qué hacer.',
  },
  'transfers.state.CONVERTING-FOREX.label': { en: 'Converting', es: 'Convirtiendo' },
  'transfers.state.CONVERTING-FOREX.description': {
    en: 'We are converting your money at the rate you were quoted.',
    es: 'Estamos convirtiendo tu dinero al tipo de cambio que te ofrecimos.',
  },
  'transfers.state.AVAILABLE-FOR-PAYOUT.label': {
    en: 'Available for payout',
    es: 'Listo para el pago',
  },
  'transfers.state.AVAILABLE-FOR-PAYOUT.description': {
    en: 'Your money is converted and ready for our payout partner.',
    es: 'Tu dinero está convertido y listo para nuestro socio de pago.',
  },
  'transfers.state.SENDING-FOR-PAYOUT.label': {
    en: 'Sending for payout',
    es: 'Enviando para el pago',
  },
  'transfers.state.SENDING-FOR-PAYOUT.description': {
    en: 'We are handing your money to our payout partner.',
    es: 'Estamos entregando tu dinero a nuestro socio de pago.',
  },
  'transfers.state.SENT-FOR-PAYOUT.label': { en: 'Sent for payout', es: 'Enviada para el pago' },
  'transfers.state.SENT-FOR-PAYOUT.description': {
    en: 'Our payout partner has your money and is paying your recipient.',
    es: 'Nuestro socio de pago tiene tu dinero y está pagando a tu destinatario.',
  },
  'transfers.state.PAYOUT-SUCCESS.label': { en: 'Payout Success', es: 'Pago completado' },
  'transfers.state.PAYOUT-SUCCESS.description': {
    en: 'Your recipient has been paid.',
    es: 'Tu destinatario ha recibido el dinero.',
  },
  'transfers.state.PAYOUT-FAILED.label': { en: 'Payout failed', es: 'Pago fallido' },
  'transfers.state.PAYOUT-FAILED.description': {
    en: 'Our partner could not pay your recipient. We will try again or refund you in full.',
    es: 'Nuestro socio no pudo pagar a tu destinatario. Lo intentaremos de nuevo o te devolveremos todo el dinero.',
  },
  'transfers.state.PAYOUT-REVERSED.label': { en: 'Payout reversed', es: 'Pago revertido' },
  'transfers.state.PAYOUT-REVERSED.description': {
    en: 'The payout was taken back. We are refunding you in full.',
    es: 'El pago se ha retirado. Te devolvemos todo el dinero.',
  },
  'transfers.state.CANCELLED.label': { en: 'Cancelled', es: 'Cancelada' },
  'transfers.state.CANCELLED.description': {
    en: 'This transfer is cancelled. Anything you paid is refunded.',
    es: 'Esta transferencia está cancelada. Te devolvemos lo que hayas pagado.',
  },

  // Holds: why, and what clears them.
  'transfers.hold.reason.DOCUMENT-OWED': {
    en: 'We need a document from you before we can send this transfer.',
    es: 'Necesitamos un documento tuyo antes de enviar esta transferencia.',
  },
  'transfers.hold.reason.DOCUMENT-REJECTED': {
    en: 'We could not accept the document you sent.',
    es: 'No pudimos aceptar el documento que enviaste.',
  },
  'transfers.hold.reason.DOCUMENT-BEING-CHECKED': {
    en: 'We are still checking your proof of identity.',
    es: 'Aún estamos revisando tu documento de identidad.',
  },
  'transfers.hold.reason.COMPLIANCE-REVIEW': {
    en: 'Our compliance team checks some transfers before they are sent.',
    es: 'Nuestro equipo de cumplimiento revisa algunas transferencias antes de enviarlas.',
  },
  'transfers.hold.reason.OPERATOR-HOLD': {
    en: 'We have paused this transfer to check something with you.',
    es: 'Hemos pausado esta transferencia para comprobar algo contigo.',
  },
  'transfers.hold.action.UPLOAD-DOCUMENT': {
    en: 'Upload the document from Account verification.',
    es: 'Sube el documento desde Verificación de la cuenta.',
  },
  'transfers.hold.action.WAIT-FOR-REVIEW': {
    en: 'Nothing to do: we will email you when the check is done.',
    es: 'No tienes que hacer nada: te escribiremos cuando terminemos la revisión.',
  },
  'transfers.hold.action.CONTACT-SUPPORT': {
    en: 'Contact our support team to release it.',
    es: 'Contacta con nuestro equipo de soporte para liberarla.',
  },

  // Refused changes of state (a 409).
  'transfers.illegalTransition': {
    en: 'This transfer cannot do that in its current state.',
    es: 'Esta transferencia no permite hacer eso en su estado actual.',
  },
  'transfers.cancellationWindowClosed': {
    en: 'This transfer can no longer be cancelled: the 30 minutes to cancel have passed.',
    es: 'Esta transferencia ya no se puede cancelar: han pasado los 30 minutos para cancelar.',
  },
  'transfers.cancel.windowClosed': {
    en: 'This transfer can no longer be cancelled free of charge: its 30 minutes have passed or it has been handed for payout.',
    es: 'Esta transferencia ya no se puede cancelar sin coste: han pasado sus 30 minutos o ya se ha enviado para el pago.',
  },
  'transfers.cancel.notCancellable': {
    en: 'This transfer cannot be cancelled: it is not paid yet (cancel its payment instead), has been paid out or is cancelled already.',
    es: 'Esta transferencia no se puede cancelar: aún no está pagada (cancela su pago), ya se ha pagado al destinatario o ya está cancelada.',
  },
  'transfers.holdReasonRequired': {
    en: 'A transfer is held only with a reason and the action that clears it.',
    es: 'Una transferencia solo se retiene con un motivo y la acción que la libera.',
  },

  // Payment states, as the customer is shown them (docs/product/sending-money.md#payment-states).
  'payments.shown.pending.label': { en: 'Awaiting payment', es: 'Esperando el pago' },
  'payments.shown.pending.description': {
    en: 'Complete your payment.',
    es: 'Completa tu pago.',
  },
  'payments.shown.processing.label': { en: 'Processing', es: 'Procesando' },
  'payments.shown.processing.description': {
    en: 'We are watching for your payment.',
    es: 'Estamos pendientes de tu pago.',
  },
  'payments.shown.completed.label': { en: 'Paid', es: 'Pagado' },
  'payments.shown.completed.description': {
    en: 'We have your payment.',
    es: 'Hemos recibido tu pago.',
  },
  'payments.shown.failed.label': { en: 'Payment failed', es: 'El pago ha fallado' },
  'payments.shown.failed.description': {
    en: 'Your payment did not go through. You can try again.',
    es: 'Tu pago no se ha completado. Puedes intentarlo de nuevo.',
  },
  'payments.shown.expired.label': { en: 'Expired', es: 'Caducado' },
  'payments.shown.expired.description': {
    en: 'The time to pay has passed.',
    es: 'Ha pasado el plazo para pagar.',
  },
  'payments.shown.cancelled.label': { en: 'Payment cancelled', es: 'Pago cancelado' },
  'payments.shown.cancelled.description': {
    en: 'This payment is cancelled. No money moved.',
    es: 'Este pago está cancelado. No se ha movido dinero.',
  },
  'payments.shown.refunded.label': { en: 'Refunded', es: 'Reembolsado' },
  'payments.shown.refunded.description': {
    en: 'Your payment has been refunded.',
    es: 'Te hemos reembolsado el pago.',
  },
  'payments.illegalTransition': {
    en: 'This payment cannot do that in its current state.',
    es: 'Este pago no permite hacer eso en su estado actual.',
  },
  'payments.notOpen': {
    en: 'This payment is no longer open: it has been paid, has failed or was cancelled.',
    es: 'Este pago ya no está abierto: se ha pagado, ha fallado o se ha cancelado.',
  },
  'payments.notCancellable': {
    en: 'This payment cannot be cancelled any more: you have told us you paid it.',
    es: 'Este pago ya no se puede cancelar: nos has dicho que lo has pagado.',
  },
  'payments.limitReached': {
    en: 'This transfer already has 3 payments. Start a new transfer to try again.',
    es: 'Esta transferencia ya tiene 3 pagos. Empieza una nueva transferencia para volver a intentarlo.',
  },
  'payments.stillOpen': {
    en: 'This transfer already has a payment in progress.',
    es: 'Esta transferencia ya tiene un pago en curso.',
  },
  'payments.notAwaitingPayment': {
    en: 'This transfer is not waiting for a payment.',
    es: 'Esta transferencia no está esperando un pago.',
  },

  // The contracts' confirm and list messages (packages/contracts/src/transactions.ts, payments.ts).
  'transfers.field.purpose': {
    en: 'Choose why you are sending money.',
    es: 'Elige por qué envías dinero.',
  },
  'transfers.field.paymentMethod': {
    en: 'Choose how you will pay.',
    es: 'Elige cómo vas a pagar.',
  },
  'transfers.field.declaration': {
    en: 'Confirm that you are sending your own money for yourself.',
    es: 'Confirma que envías tu propio dinero y en tu nombre.',
  },
  'transfers.field.paymentDataSize': {
    en: 'Too many payment details.',
    es: 'Demasiados datos de pago.',
  },
  'transfers.field.limitWhole': {
    en: 'The limit must be a whole number.',
    es: 'El límite debe ser un número entero.',
  },
  'transfers.field.limitMin': {
    en: 'The limit must be at least 1.',
    es: 'El límite debe ser como mínimo 1.',
  },
  'transfers.field.limitMax': {
    en: 'The limit must be at most 50.',
    es: 'El límite debe ser como máximo 50.',
  },
  'transfers.field.dateOrder': {
    en: 'The end date must not be before the start date.',
    es: 'La fecha final no puede ser anterior a la inicial.',
  },
} as const satisfies TextTable;
