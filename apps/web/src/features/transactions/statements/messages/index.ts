import { defineCatalogue } from '@/i18n';
import type en from './en.json';

/** The statement dialog and the statements list: loaded with their chunk (statements/index.ts). */
export const statementsMessages = defineCatalogue<typeof en>({
  en: () => import('./en.json'),
  es: () => import('./es.json'),
});
