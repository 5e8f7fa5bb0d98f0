import { PAGE_ANSWERS_ELEMENT_ID } from '@corridor/contracts/wire/page-answers';

/**
 * Puts in the page the element a signed-in page comes with (decision 29), holding `content` as
 * the server writes it (apps/server/src/plugins/page-answers.ts).
 */
export function pageWithAnswersText(content: string): HTMLElement {
  const element = document.createElement('script');
  element.type = 'application/json';
  element.id = PAGE_ANSWERS_ELEMENT_ID;
  element.textContent = content;
  document.body.append(element);
  return element;
}

/** A page that came with `answers` (each GET path's JSON body) in `locale`. */
export function pageWithAnswers(answers: Record<string, unknown>, locale = 'en'): HTMLElement {
  return pageWithAnswersText(JSON.stringify({ locale, answers }));
}

/** Takes the element out of the page, if a test left it there. */
export function removePageAnswers(): void {
  document.getElementById(PAGE_ANSWERS_ELEMENT_ID)?.remove();
}
