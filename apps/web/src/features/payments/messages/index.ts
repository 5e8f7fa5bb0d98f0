import { defineCatalogue } from '@/i18n';
import type en from './en.json';

/** The payment screen and the payment callback. */
export const paymentsMessages = defineCatalogue<typeof en>({
  en: () => import('./en.json'),
  es: () => import('./es.json'),
});

export type PaymentsMessageKey = Extract<keyof typeof en, string>;
