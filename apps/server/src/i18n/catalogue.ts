import { accountTexts } from './texts/account-texts.ts';
import { cardTexts } from './texts/card-texts.ts';
import { confirmTexts } from './texts/confirm-texts.ts';
import { documentReviewTexts } from './texts/document-review-texts.ts';
import { documentTexts } from './texts/document-texts.ts';
import { fieldTexts } from './texts/field-texts.ts';
import { fxTexts } from './texts/fx-texts.ts';
import { httpTexts } from './texts/http-texts.ts';
import { onboardingTexts } from './texts/onboarding-texts.ts';
import { pricingTexts } from './texts/pricing-texts.ts';
import { profileTexts } from './texts/profile-texts.ts';
import { recipientTexts } from './texts/recipient-texts.ts';
import { referenceTexts } from './texts/reference-texts.ts';
import { statementTexts } from './texts/statement-texts.ts';
import { storageTexts } from './texts/storage-texts.ts';
import { transferTexts } from './texts/transfer-texts.ts';
import { fill, type PlaceholderNames, type TextParams, type TextTable } from './text-table.ts';

/**
 * Every text the API sends to customers, in English (the source) and Spanish, by key: one place
 * (issue 14). The code writes a text through `apiText(key)`; an answer is translated into the
 * request's language on its way out (`translate`, i18n/translate.ts), by its English text, so
 * the contracts' own messages are translated the same way.
 */
export const apiCatalogue = {
  ...httpTexts,
  ...accountTexts,
  ...fieldTexts,
  ...profileTexts,
  ...onboardingTexts,
  ...referenceTexts,
  ...fxTexts,
  ...pricingTexts,
  ...recipientTexts,
  ...documentReviewTexts,
  ...documentTexts,
  ...storageTexts,
  ...transferTexts,
  ...confirmTexts,
  ...cardTexts,
  ...statementTexts,
} as const satisfies TextTable;

export type ApiTextKey = keyof typeof apiCatalogue;
type EnglishOf<K extends ApiTextKey> = (typeof apiCatalogue)[K]['en'];
/** The keys of texts without placeholders: `apiText(key)` needs nothing else. */
export type PlainTextKey = {
  [K in ApiTextKey]: [PlaceholderNames<EnglishOf<K>>] extends [never] ? K : never;
}[ApiTextKey];

/** The English text of `key`, its placeholders filled in: what the code sends. */
export function apiText<K extends ApiTextKey>(key: K, ...params: TextParams<EnglishOf<K>>): string {
  const template: string = apiCatalogue[key].en;
  return params[0] === undefined ? template : fill(template, params[0]);
}
