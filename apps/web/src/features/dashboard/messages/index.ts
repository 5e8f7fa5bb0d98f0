import { defineCatalogue } from '@/i18n';
import type en from './en.json';

/** The words of the dashboard. */
export const dashboardMessages = defineCatalogue<typeof en>({
  en: () => import('./en.json'),
  es: () => import('./es.json'),
});
