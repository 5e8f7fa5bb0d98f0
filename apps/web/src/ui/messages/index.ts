import { defineCatalogue } from '@/i18n';
import type en from './en.json';

/** The words of the design system's parts (ui/): loaded with the signed-in frame. */
export const uiMessages = defineCatalogue<typeof en>({
  en: () => import('./en.json'),
  es: () => import('./es.json'),
});

export type UiMessageKey = Extract<keyof typeof en, string>;
