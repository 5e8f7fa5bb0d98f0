import { defineCatalogue } from '@/i18n';
import type en from './en.json';

/** The words of country pickers, the served countries and the waiting list. */
export const countriesMessages = defineCatalogue<typeof en>({
  en: () => import('./en.json'),
  es: () => import('./es.json'),
});
