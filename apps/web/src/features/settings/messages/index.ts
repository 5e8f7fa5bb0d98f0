import { defineCatalogue } from '@/i18n';
import type en from './en.json';

/** The settings screen and its sections. */
export const settingsMessages = defineCatalogue<typeof en>({
  en: () => import('./en.json'),
  es: () => import('./es.json'),
});

export type SettingsMessageKey = Extract<keyof typeof en, string>;
