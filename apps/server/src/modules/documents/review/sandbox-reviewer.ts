import { apiText, type PlainTextKey } from '../../../i18n/index.ts';
import type { Clock } from '../../../lib/clock.ts';
import {
  BIRTH_DATE_MESSAGES,
  birthDateProblem,
  identityValueProblems,
  type AttributeKey,
} from '../../customers/index.ts';
import { readIdentityDetails, type IdentityDetails } from './identity-details.ts';
import type { IdentityReviewer, ReviewOutcome, ReviewRequest } from './identity-reviewer.ts';
import { checkDocument } from './page-checks.ts';

/**
 * The sandbox identity reviewer (docs/sandbox-providers.md#identity-review): the
 * real checks of page-checks.ts, then what a person would see, driven by words in the customer's
 * file names like a payment provider's test cards. Anything else that passes is approved.
 */

/** A word in a file name and the refusal it stands for. */
export const SANDBOX_REJECTIONS: readonly (readonly [word: string, reason: PlainTextKey])[] = [
  ['reject-blurry', 'documentReview.reject.blurry'],
  ['reject-expired', 'documentReview.reject.expired'],
  ['reject-cropped', 'documentReview.reject.cropped'],
  ['reject-glare', 'documentReview.reject.glare'],
  ['reject-screen', 'documentReview.reject.screen'],
  ['reject-old', 'documentReview.reject.tooOld'],
  ['reject-name', 'documentReview.reject.nameMismatch'],
];

/** A file name with this word goes to an operator (`npm run ops -- documents:list`). */
export const SANDBOX_REVIEW_WORD = 'review';

/**
 * Whether `word` stands alone in `fileName`: between the start or end and anything but a letter
 * or digit, so `passport-review.jpg` has it and `preview.jpg` does not.
 */
export function hasWord(fileName: string, word: string): boolean {
  const name = fileName.toLowerCase();
  let from = 0;
  for (;;) {
    const at = name.indexOf(word, from);
    if (at < 0) return false;
    const before = name.charAt(at - 1);
    const after = name.charAt(at + word.length);
    if (!/[\p{L}\p{N}]/u.test(before) && !/[\p{L}\p{N}]/u.test(after)) return true;
    from = at + 1;
  }
}

/** Why a date of birth the profile refuses refuses the ID too, for its holder to read. */
const BIRTH_DATE_REJECTIONS = new Map<string, PlainTextKey>([
  [BIRTH_DATE_MESSAGES.future, 'documentReview.reject.bornInFuture'],
  [BIRTH_DATE_MESSAGES.tooYoung, 'documentReview.reject.underAge'],
  [BIRTH_DATE_MESSAGES.tooEarly, 'documentReview.reject.bornTooEarly'],
]);

/**
 * An ID whose details the profile could not take is not approved (issue 28): an unborn or
 * under-age holder is rejected with the reason; a name the identity form refuses (over 100
 * characters) goes to a person.
 */
function detailsOutcome(details: IdentityDetails, now: Date): ReviewOutcome | null {
  if (details.birthDate !== null) {
    const problem = birthDateProblem(details.birthDate, now);
    const reason = problem === null ? undefined : BIRTH_DATE_REJECTIONS.get(problem);
    if (reason) return { status: 'rejected', reason: apiText(reason) };
    if (problem) return { status: 'review-required', note: `the date of birth: ${problem}` };
  }
  const names = new Map<AttributeKey, string | null>([
    ['name', details.name],
    ['second_name', details.secondName],
    ['third_name', details.thirdName],
  ]);
  const problems = Object.entries(identityValueProblems(names, now));
  if (problems.length === 0) return null;
  return {
    status: 'review-required',
    note: `the name on the ID is not one the profile takes: ${problems.map(([key, [problem]]) => `${key}: ${problem}`).join('; ')}`,
  };
}

function decide(request: ReviewRequest, now: Date): ReviewOutcome {
  const names = request.pages.map((page) => page.fileName);
  for (const [word, reason] of SANDBOX_REJECTIONS) {
    if (names.some((name) => hasWord(name, word))) {
      return { status: 'rejected', reason: apiText(reason) };
    }
  }
  if (names.some((name) => hasWord(name, SANDBOX_REVIEW_WORD))) {
    return { status: 'review-required', note: `a file name asks for a person ("review")` };
  }
  const details = request.category === 'POI' ? readIdentityDetails(names, request.profile) : null;
  return (details && detailsOutcome(details, now)) ?? { status: 'approved', details };
}

/** `clock`: the day a holder's age is counted on. */
export function createSandboxReviewer(deps: { clock: Clock }): IdentityReviewer {
  return {
    name: 'sandbox',
    async review(request) {
      return checkDocument(request) ?? decide(request, deps.clock.now());
    },
  };
}
