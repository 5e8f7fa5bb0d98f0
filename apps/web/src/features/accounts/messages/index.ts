import { defineCatalogue } from '@/i18n';
import type en from './en.json';

/** The words of the signed-out journeys: sign-in, sign-up, the second factor, password recovery. */
export const accountsMessages = defineCatalogue<typeof en>({
  en: () => import('./en.json'),
  es: () => import('./es.json'),
});
