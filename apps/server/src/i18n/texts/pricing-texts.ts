import type { TextTable } from '../text-table.ts';

/**
 * Pricing and quotes: limits, alerts, why a transfer cannot be sent (issue 15). Amounts are
 * filled in as the API's `_currency_prefixed` strings ("GBP 1,234.00"); `{next_step}` is one of
 * the `limitNextStep` texts, translated on its own.
 */
export const pricingTexts = {
  'pricing.amountNotPositive': {
    en: 'Enter an amount greater than zero.',
    es: 'Introduce un importe mayor que cero.',
  },
  'pricing.belowMinimumSend': {
    en: 'The minimum you can send is {amount}.',
    es: 'El importe mínimo que puedes enviar es {amount}.',
  },
  'pricing.aboveMaximumSend': {
    en: 'The maximum you can send in one transfer is {amount}.',
    es: 'El importe máximo que puedes enviar en una transferencia es {amount}.',
  },
  'pricing.belowMinimumPayout': {
    en: 'The minimum the recipient can get is {amount}.',
    es: 'El importe mínimo que puede recibir el destinatario es {amount}.',
  },
  'pricing.aboveMaximumPayout': {
    en: 'The maximum the recipient can get in one transfer is {amount}.',
    es: 'El importe máximo que puede recibir el destinatario en una transferencia es {amount}.',
  },
  'pricing.limitLeft24Hours': {
    en: 'You can send up to {amount} more in the next 24 hours. {next_step}',
    es: 'Puedes enviar hasta {amount} más en las próximas 24 horas. {next_step}',
  },
  'pricing.limitLeft30Days': {
    en: 'You can send up to {amount} more in the next 30 days. {next_step}',
    es: 'Puedes enviar hasta {amount} más en los próximos 30 días. {next_step}',
  },
  'pricing.limitLeft180Days': {
    en: 'You can send up to {amount} more in the next 180 days. {next_step}',
    es: 'Puedes enviar hasta {amount} más en los próximos 180 días. {next_step}',
  },
  'pricing.limitReached24Hours': {
    en: 'You have reached your limit of {limit} in 24 hours. {next_step}',
    es: 'Has alcanzado tu límite de {limit} en 24 horas. {next_step}',
  },
  'pricing.limitReached30Days': {
    en: 'You have reached your limit of {limit} in 30 days. {next_step}',
    es: 'Has alcanzado tu límite de {limit} en 30 días. {next_step}',
  },
  'pricing.limitReached180Days': {
    en: 'You have reached your limit of {limit} in 180 days. {next_step}',
    es: 'Has alcanzado tu límite de {limit} en 180 días. {next_step}',
  },
  'pricing.limitNextStep.unverified': {
    en: 'Verify your identity to send more.',
    es: 'Verifica tu identidad para enviar más.',
  },
  'pricing.limitNextStep.verified': {
    en: 'Tell us where your money comes from to send more.',
    es: 'Indícanos de dónde procede tu dinero para enviar más.',
  },
  'pricing.limitNextStep.enhanced': {
    en: 'Contact us if you need to send more.',
    es: 'Contacta con nosotros si necesitas enviar más.',
  },
} as const satisfies TextTable;
