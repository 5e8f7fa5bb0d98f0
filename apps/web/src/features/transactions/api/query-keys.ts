import type { Locale } from '@corridor/contracts/wire/locales';
import type { TransactionFilters } from '../lib/transaction-filters';

/**
 * The query keys of this feature. The server writes state labels and descriptions in the
 * request's language, so every key carries the locale: switching language asks again.
 */
export const transactionKeys = {
  all: ['transactions'] as const,
  lists: () => [...transactionKeys.all, 'list'] as const,
  list: (locale: Locale, filters: TransactionFilters) =>
    [...transactionKeys.lists(), locale, filters] as const,
  details: () => [...transactionKeys.all, 'detail'] as const,
  detail: (locale: Locale, id: string) => [...transactionKeys.details(), id, locale] as const,
  recipientSearch: (locale: Locale, search: string) =>
    [...transactionKeys.all, 'recipient-search', locale, search] as const,
};
