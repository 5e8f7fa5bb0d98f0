import { acceptedLanguages, pickLocale, type Locale } from '@corridor/contracts';

/**
 * The language of a request's answer: the first one Corridor speaks among its
 * `Accept-Language` (the web app sends the language on screen with every request), else English.
 */
export function requestLocale(request: {
  headers: { 'accept-language'?: string | undefined };
}): Locale {
  const header = request.headers['accept-language'];
  // Nearly every request says "en" or "es" exactly; anything longer is parsed.
  if (header === undefined || header === 'en') return 'en';
  if (header === 'es') return 'es';
  return pickLocale(acceptedLanguages(header));
}
