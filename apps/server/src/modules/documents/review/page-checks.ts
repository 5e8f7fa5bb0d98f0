import { DOCUMENT_MAX_BYTES } from '@corridor/contracts';
import { apiText } from '../../../i18n/index.ts';
import type { ReviewedPage, ReviewOutcome, ReviewRequest } from './identity-reviewer.ts';

/**
 * The checks every reviewer applies before looking at what a document says
 * (docs/sandbox-providers.md, "Identity review"). The first that fails decides.
 */

/**
 * A photo must show an ID's words at a readable size: 600 × 400 pixels is about what a phone
 * gives of a card filling a quarter of the frame, and what vendors ask as a floor.
 */
export const MIN_PHOTO = { longSide: 600, shortSide: 400 } as const;
/** A statement or bill of more pages is not one document (or needs a person to look). */
export const MAX_PDF_PAGES = 30;

const rejected = (reason: string): ReviewOutcome => ({ status: 'rejected', reason });

function checkImage(width: number | undefined, height: number | undefined): ReviewOutcome | null {
  if (width === undefined || height === undefined) {
    return rejected(apiText('documentReview.check.unreadable'));
  }
  const long = width > height ? width : height;
  const short = width > height ? height : width;
  if (long < MIN_PHOTO.longSide || short < MIN_PHOTO.shortSide) {
    return rejected(apiText('documentReview.check.photoTooSmall', { width, height }));
  }
  return null;
}

function checkPage(page: ReviewedPage, request: ReviewRequest): ReviewOutcome | null {
  const { file } = page;
  if (file.status === 'missing') {
    return { status: 'review-required', note: `page ${page.number} is missing from storage` };
  }
  if (file.status === 'changed') {
    return {
      status: 'review-required',
      note: `page ${page.number} is not the file that was handed in`,
    };
  }
  const { inspection } = file;
  if (!inspection.ok) {
    if (inspection.reason === 'type') return rejected(apiText('documentReview.check.fileType'));
    if (inspection.reason === 'image-too-large') {
      return rejected(apiText('documentReview.check.photoTooLarge'));
    }
    if (inspection.reason === 'too-complex') {
      return rejected(apiText('documentReview.check.pdfTooComplex'));
    }
    return rejected(apiText('documentReview.check.unreadable'));
  }
  if (!request.rules.fileTypes.includes(inspection.type)) {
    return rejected(apiText('documentReview.check.fileType'));
  }
  if (file.sizeBytes > DOCUMENT_MAX_BYTES)
    return rejected(apiText('documentReview.check.fileSize'));
  if (inspection.type !== 'application/pdf') {
    return checkImage(inspection.width, inspection.height);
  }
  if (inspection.pages === undefined || inspection.pages < 1) {
    return rejected(apiText('documentReview.check.unreadable'));
  }
  if (inspection.pages > MAX_PDF_PAGES) {
    return rejected(apiText('documentReview.check.pdfPages', { max: MAX_PDF_PAGES }));
  }
  return null;
}

/** The first check the document fails, or null when every page passes. */
export function checkDocument(request: ReviewRequest): ReviewOutcome | null {
  const { minPages, maxPages } = request.rules;
  if (request.pages.length < minPages || request.pages.length > maxPages) {
    return rejected(apiText('documentReview.check.pageCount', { min: minPages, max: maxPages }));
  }
  for (const page of request.pages) {
    const outcome = checkPage(page, request);
    if (outcome) return outcome;
  }
  return null;
}
