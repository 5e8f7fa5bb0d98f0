import type { TextTable } from '../text-table.ts';

/** Exchange rates: unavailable or stale rates (issue 15). */
export const fxTexts = {
  'fx.ratesUnavailable': {
    en: 'Exchange rates are unavailable right now. Please try again in a few minutes.',
    es: 'Los tipos de cambio no están disponibles en este momento. Vuelve a intentarlo en unos minutos.',
  },
  'fx.rateUnavailable': {
    en: 'We cannot get a {source} to {target} exchange rate right now. Please try again in a few minutes.',
    es: 'Ahora mismo no podemos obtener el tipo de cambio de {source} a {target}. Vuelve a intentarlo en unos minutos.',
  },
  // The contracts' currency code messages (currencyCodeSchema).
  'fx.currencyCode': {
    en: 'A currency is a three-letter ISO 4217 code.',
    es: 'Una moneda se indica con su código ISO 4217 de tres letras.',
  },
  'fx.currencyNotSupported': {
    en: 'This currency is not supported.',
    es: 'No trabajamos con esta moneda.',
  },
} as const satisfies TextTable;
