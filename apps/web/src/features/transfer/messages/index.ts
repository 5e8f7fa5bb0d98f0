import { defineCatalogue } from '@/i18n';
import type en from './en.json';

/** The transfer wizard: its steps, the review, the rate lock, refusals and the re-quote. */
export const transferMessages = defineCatalogue<typeof en>({
  en: () => import('./en.json'),
  es: () => import('./es.json'),
});

export type TransferMessageKey = Extract<keyof typeof en, string>;
