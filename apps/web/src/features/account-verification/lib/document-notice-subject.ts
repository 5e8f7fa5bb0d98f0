/**
 * What a document notice is about: the document type (issue 28). Every notice of a type takes
 * the place of the one before it, so a rejection goes once the type is handed in again, checked
 * or verified, on every tab the event reaches, and the same event said twice never stacks.
 */
export const documentNoticeSubject = (categoryCode: string, typeCode: string): string =>
  `document:${categoryCode}:${typeCode}`;
