import { defineCatalogue } from '@/i18n';
import type en from './en.json';

/** The recipients list, a recipient's page and the add-recipient wizard. */
export const recipientsMessages = defineCatalogue<typeof en>({
  en: () => import('./en.json'),
  es: () => import('./es.json'),
});

export type RecipientsMessageKey = Extract<keyof typeof en, string>;
