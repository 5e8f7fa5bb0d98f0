import type { Locale } from '@corridor/contracts';

/**
 * When something happened, as an email says it: in UTC, with the month as a word, so every
 * reader reads the same instant whatever their time zone or the server's locale.
 */
const months: Record<Locale, readonly string[]> = {
  en: [
    'January',
    'February',
    'March',
    'April',
    'May',
    'June',
    'July',
    'August',
    'September',
    'October',
    'November',
    'December',
  ],
  es: [
    'enero',
    'febrero',
    'marzo',
    'abril',
    'mayo',
    'junio',
    'julio',
    'agosto',
    'septiembre',
    'octubre',
    'noviembre',
    'diciembre',
  ],
};

/** "5 March 2026, 09:07 UTC"; in Spanish "5 de marzo de 2026, 09:07 UTC". */
export function formatMailTime(at: Date, locale: Locale = 'en'): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  const day = at.getUTCDate();
  const month = months[locale][at.getUTCMonth()];
  const year = at.getUTCFullYear();
  const time = `${pad(at.getUTCHours())}:${pad(at.getUTCMinutes())} UTC`;
  return locale === 'es'
    ? `${day} de ${month} de ${year}, ${time}`
    : `${day} ${month} ${year}, ${time}`;
}
