import { PAGE_ANSWERS_ELEMENT_ID, type PageAnswers } from '@corridor/contracts/wire/page-answers';

/**
 * Past this age (from the page's navigation) an answer the page came with is no longer taken:
 * the app asks the server instead. A page whose code takes this long to arrive is on a network
 * where one more round trip matters less than showing what is true now.
 */
export const PAGE_ANSWER_MAX_AGE_MS = 30_000;

/** The answers no request has taken yet, by URL, in the page's language. */
interface Untaken {
  locale: string;
  answers: Map<string, unknown>;
}
/** Undefined until the page is read; null once there are none (it had none, or they went). */
let untaken: Untaken | null | undefined;
/** When the page began, on `performance.now()`'s clock: its navigation (0), or a test's start. */
let pageStartedAt = 0;

/**
 * Reads the answers the server put in the page (decision 29) once, and takes them out of it. A
 * broken element is no answers; each answer is still checked against its schema by its caller.
 */
function readPageAnswers(): Untaken | null {
  const element = document.getElementById(PAGE_ANSWERS_ELEMENT_ID);
  if (element === null) return null;
  element.remove();
  try {
    const { locale, answers } = JSON.parse(element.textContent) as PageAnswers;
    return { locale, answers: new Map(Object.entries(answers)) };
  } catch {
    return null;
  }
}

/**
 * The answer the page came with to a GET of `url` in `locale`, given once: the first request
 * for it takes it and later ones go to the server. None in another language than the page's
 * (the customer chose another on this browser), and none once the page is older than
 * PAGE_ANSWER_MAX_AGE_MS.
 */
export function takePageAnswer(url: string, locale: string | null): { data: unknown } | undefined {
  if (untaken === undefined) untaken = readPageAnswers();
  if (untaken === null || performance.now() - pageStartedAt > PAGE_ANSWER_MAX_AGE_MS) {
    untaken = null;
    return undefined;
  }
  if (locale !== untaken.locale || !untaken.answers.has(url)) return undefined;
  const data = untaken.answers.get(url);
  untaken.answers.delete(url);
  return { data };
}

/** Forgets the page's answers, read or not: a write may have changed what they say. */
export function forgetPageAnswers(): void {
  untaken = null;
  document.getElementById(PAGE_ANSWERS_ELEMENT_ID)?.remove();
}

/**
 * For tests: the page begins now, as a navigation would begin it, and the next take reads it
 * again (a test runner's page lives for many tests, and longer than the answers may).
 */
export function resetPageAnswers(): void {
  untaken = undefined;
  pageStartedAt = performance.now();
}
