/**
 * What a document notice is about: the document type (issue 28). Every notice of a type takes
 * the place of the one before it, so a rejection goes once the type is handed in again, checked
 * or verified, on every tab the event reaches, and the same event said twice never stacks.
 */
export const documentNoticeSubject = (categoryCode: string, typeCode: string): string =>
  `document:${categoryCode}:${typeCode}`;

// The notices told in this tab, in order: each subject's latest, by its place in that order.
let told = 0;
const latestTold = new Map<string, number>();

/** A notice about `subject` was shown (document-notices.ts). */
export function noteDocumentNotice(subject: string): void {
  told += 1;
  latestTold.set(subject, told);
}

/** Where the notices stand now, for `toldSince`. */
export const documentNoticeMark = (): number => told;

/** Whether a notice about `subject` was shown after `mark` was taken. */
export const toldSince = (subject: string, mark: number): boolean =>
  (latestTold.get(subject) ?? 0) > mark;
