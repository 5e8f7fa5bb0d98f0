import { defineCatalogue } from '@/i18n';
import type en from './en.json';

/** The transactions list, a transaction's page, and the parts the payment screens borrow. */
export const transactionsMessages = defineCatalogue<typeof en>({
  en: () => import('./en.json'),
  es: () => import('./es.json'),
});

export type TransactionsMessageKey = Extract<keyof typeof en, string>;
