import type { Locale } from '@corridor/contracts/wire/locales';

/**
 * The query keys of this feature. Categories carry the server's words (titles, what is
 * accepted), so their key carries the locale: switching language asks again.
 */
export const documentKeys = {
  categories: (locale: Locale) => ['document-categories', locale] as const,
};
