import type { Locale } from '@corridor/contracts/wire/locales';

/**
 * The query keys of this feature. The saved quote carries server words (purposes, payment
 * methods, recipients' labels) in the request's language, so its key carries the locale.
 */
export const transferKeys = {
  all: ['transfer'] as const,
  quotes: () => [...transferKeys.all, 'quote'] as const,
  quote: (id: string, locale: Locale) => [...transferKeys.quotes(), id, locale] as const,
};
