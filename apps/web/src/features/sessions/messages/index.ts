import { defineCatalogue } from '@/i18n';
import type en from './en.json';

/** The devices screen and panel. */
export const sessionsMessages = defineCatalogue<typeof en>({
  en: () => import('./en.json'),
  es: () => import('./es.json'),
});

export type SessionsMessageKey = Extract<keyof typeof en, string>;
