import type { TextTable } from '../text-table.ts';

/**
 * What every answer may say: the default message of each error code (errors/app-error.ts), the
 * HTTP layer's own refusals and the limits' waits. "CSRF token mismatch." is Laravel's exact
 * text, which clients compare (contracts' CSRF_MISMATCH_MESSAGE): it stays as it is.
 */
export const httpTexts = {
  // The web app's boot shell, in the page the server sends (plugins/spa-route-pages.ts).
  'page.loading': { en: 'Loading Corridor…', es: 'Cargando Corridor…' },
  'http.badRequest': {
    en: 'The request could not be understood.',
    es: 'No hemos podido entender la solicitud.',
  },
  'http.unauthenticated': { en: 'Unauthenticated.', es: 'No has iniciado sesión.' },
  'http.forbidden': { en: 'This action is not allowed.', es: 'No puedes realizar esta acción.' },
  'http.originNotAllowed': {
    en: 'Requests from this origin are not allowed.',
    es: 'No se aceptan solicitudes desde este origen.',
  },
  'http.notFound': { en: 'Not found.', es: 'No lo hemos encontrado.' },
  'http.methodNotAllowed': {
    en: 'This method is not allowed here.',
    es: 'Este método no está permitido aquí.',
  },
  'http.requestTimeout': {
    en: 'The request took too long to arrive.',
    es: 'La solicitud ha tardado demasiado en llegar.',
  },
  'http.conflict': {
    en: 'The request conflicts with the current state.',
    es: 'La solicitud no es compatible con el estado actual.',
  },
  'http.gone': {
    en: 'This is no longer available.',
    es: 'Esto ya no está disponible.',
  },
  'http.preconditionRequired': {
    en: 'Something must be done first.',
    es: 'Antes tienes que completar otro paso.',
  },
  'http.payloadTooLarge': {
    en: 'The request body is too large.',
    es: 'El cuerpo de la solicitud es demasiado grande.',
  },
  'http.uriTooLong': {
    en: 'The request URL is too long.',
    es: 'La URL de la solicitud es demasiado larga.',
  },
  'http.unsupportedMediaType': {
    en: 'Send the body as application/json.',
    es: 'Envía el cuerpo como application/json.',
  },
  'http.validationFailed': {
    en: 'The given data was invalid.',
    es: 'Los datos enviados no son válidos.',
  },
  'http.tooManyRequests': {
    en: 'Too many attempts. Please try again later.',
    es: 'Demasiados intentos. Vuelve a intentarlo más tarde.',
  },
  'http.headersTooLarge': {
    en: 'The request headers are too large.',
    es: 'Las cabeceras de la solicitud son demasiado grandes.',
  },
  'http.serverError': { en: 'Server error', es: 'Error del servidor' },
  'http.serviceUnavailable': {
    en: 'The service is temporarily unavailable.',
    es: 'El servicio no está disponible en este momento.',
  },
  'http.serverBusy': {
    en: 'The server is busy. Please try again in a moment.',
    es: 'El servidor está ocupado. Vuelve a intentarlo en unos instantes.',
  },
  'http.malformedUrl': {
    en: 'The request URL is malformed.',
    es: 'La URL de la solicitud no es válida.',
  },
  'http.emptyJsonBody': {
    en: 'The request body is empty but declared as JSON.',
    es: 'El cuerpo de la solicitud está vacío, pero se ha declarado como JSON.',
  },
  'http.wrongContentLength': {
    en: 'The Content-Length header is wrong.',
    es: 'La cabecera Content-Length no es correcta.',
  },
  'http.invalidJson': {
    en: 'The request body is not valid JSON.',
    es: 'El cuerpo de la solicitud no es un JSON válido.',
  },
  'http.invalidValue': { en: 'This value is invalid.', es: 'Este valor no es válido.' },
  'http.tryAgainInSeconds': {
    en: 'Too many attempts. Please try again in {seconds} seconds.',
    es: 'Demasiados intentos. Vuelve a intentarlo dentro de {seconds} segundos.',
  },
  // lib/failure-limits.ts waitPhrase: the end of "Please try again …".
  'http.wait.second': { en: 'in {count} second', es: 'dentro de {count} segundo' },
  'http.wait.seconds': { en: 'in {count} seconds', es: 'dentro de {count} segundos' },
  'http.wait.minutes': { en: 'in {count} minutes', es: 'dentro de {count} minutos' },
  'http.wait.hours': { en: 'in {count} hours', es: 'dentro de {count} horas' },
  // AppError.validation: the first message and how many more there are.
  'http.andOneMoreError': {
    en: '{first} (and {count} more error)',
    es: '{first} (y {count} error más)',
  },
  'http.andMoreErrors': {
    en: '{first} (and {count} more errors)',
    es: '{first} (y {count} errores más)',
  },
  'http.idempotencyKeyFormat': {
    en: 'The idempotency key must be 1 to 255 printable ASCII characters without spaces.',
    es: 'La clave de idempotencia debe tener entre 1 y 255 caracteres ASCII imprimibles, sin espacios.',
  },
  'http.idempotencyKeyInUse': {
    en: 'A request with this idempotency key is still being processed. Try again shortly.',
    es: 'Todavía estamos procesando una solicitud con esta clave de idempotencia. Vuelve a intentarlo en unos instantes.',
  },
  'http.idempotencyKeyReused': {
    en: 'This idempotency key was already used for a different request.',
    es: 'Esta clave de idempotencia ya se usó para otra solicitud.',
  },
} as const satisfies TextTable;
