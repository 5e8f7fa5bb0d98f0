import { defineCatalogue } from '@/i18n';
import type en from './en.json';

/** The words of the profile forms (onboarding's steps and settings share them). */
export const customersMessages = defineCatalogue<typeof en>({
  en: () => import('./en.json'),
  es: () => import('./es.json'),
});
