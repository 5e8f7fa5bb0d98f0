import { defineCatalogue } from '../catalogue';
import type en from './en.json';

/** Words every screen shares: actions, waits, failures. */
export const commonMessages = defineCatalogue<typeof en>({
  en: () => import('./en.json'),
  es: () => import('./es.json'),
});
