import { defineCatalogue } from '@/i18n';
import type en from './en.json';

/** Cancelling a paid transfer and its refunds: loaded with their chunk (money-back/index.ts). */
export const moneyBackMessages = defineCatalogue<typeof en>({
  en: () => import('./en.json'),
  es: () => import('./es.json'),
});
