import type { Locale } from './locales.ts';

/**
 * Answers that come inside a page (decision 29). A signed-in browser's page of a route carries
 * the answers to the API GETs the route's first render waits for (the customer, the dashboard's
 * tasks and first quote), as JSON in this element: the screen then need not ask for them once
 * its code has run, one round trip after another.
 */
export const PAGE_ANSWERS_ELEMENT_ID = 'page-answers';

/** What the element holds. */
export interface PageAnswers {
  /** The language the answers speak: the page's own (`<html lang>`). */
  locale: Locale;
  /** The JSON body of each GET that answered 200, by its path. */
  answers: Record<string, unknown>;
}
