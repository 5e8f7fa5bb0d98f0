import { defineCatalogue } from '@/i18n';
import type en from './en.json';

/** Account verification: the documents, what is owed, the category view and the upload dialog. */
export const accountVerificationMessages = defineCatalogue<typeof en>({
  en: () => import('./en.json'),
  es: () => import('./es.json'),
});

export type AccountVerificationMessageKey = Extract<keyof typeof en, string>;
