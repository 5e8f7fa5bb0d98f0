import type { Locale } from '@corridor/contracts/wire/locales';

/**
 * The query keys of this feature. The server writes labels, titles and messages in the
 * request's language, so every key of server words carries the locale: switching language
 * asks again instead of showing the other language's answers.
 */
export const recipientKeys = {
  all: ['recipients'] as const,
  lists: () => [...recipientKeys.all, 'list'] as const,
  list: (locale: Locale, page: number, search: string) =>
    [...recipientKeys.lists(), locale, page, search] as const,
  details: () => [...recipientKeys.all, 'detail'] as const,
  detail: (locale: Locale, id: string) => [...recipientKeys.details(), id, locale] as const,
};

export const payoutKeys = {
  targets: (locale: Locale) => ['payout', 'targets', locale] as const,
  methods: (locale: Locale, countryId: string, currencyId: string) =>
    ['payout', 'methods', locale, countryId, currencyId] as const,
  channel: (locale: Locale, countryId: string, currencyId: string, methodId: string) =>
    ['payout', 'channel', locale, countryId, currencyId, methodId] as const,
  subDeliveryOptions: (locale: Locale, optionId: string) =>
    ['payout', 'sub-delivery-options', locale, optionId] as const,
  relationships: (locale: Locale) => ['resources', 'relationships', locale] as const,
};
