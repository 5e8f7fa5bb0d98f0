import { defineCatalogue } from '@/i18n';
import type en from './en.json';

/** The calculator: its rows, the full-cost disclosure and the rate history. */
export const quotesMessages = defineCatalogue<typeof en>({
  en: () => import('./en.json'),
  es: () => import('./es.json'),
});

export type QuotesMessageKey = Extract<keyof typeof en, string>;
