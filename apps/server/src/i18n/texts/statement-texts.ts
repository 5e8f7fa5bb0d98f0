import type { TextTable } from '../text-table.ts';

/**
 * Receipts and statements (issue 30, docs/product/sending-money.md#receipts-and-statements): the
 * API's answers to a statement request, in the request's language.
 */
export const statementTexts = {
  'statements.requested': {
    en: 'We are preparing your statement and will email you a link to download it.',
    es: 'Estamos preparando tu extracto y te enviaremos por correo un enlace para descargarlo.',
  },
  'statements.verificationRequired': {
    en: 'Verify your account before asking for a statement: hand in the documents it still needs.',
    es: 'Verifica tu cuenta antes de pedir un extracto: entrega los documentos que aún faltan.',
  },
  'statements.startInFuture': {
    en: 'The start date must not be in the future.',
    es: 'La fecha de inicio no puede ser futura.',
  },
  'statements.rangeTooLong': {
    en: 'A statement covers at most 366 days.',
    es: 'Un extracto abarca como máximo 366 días.',
  },
  'statements.expired': {
    en: 'This statement has expired. Ask for a new one.',
    es: 'Este extracto ha caducado. Pide uno nuevo.',
  },
} as const satisfies TextTable;
