const units: readonly [Intl.RelativeTimeFormatUnit, number][] = [
  ['year', 365 * 24 * 60 * 60],
  ['month', 30 * 24 * 60 * 60],
  ['week', 7 * 24 * 60 * 60],
  ['day', 24 * 60 * 60],
  ['hour', 60 * 60],
  ['minute', 60],
];

/**
 * "just now", "5 minutes ago", "yesterday", "3 weeks ago": how long ago `date` was, in the
 * largest whole unit. Less than a minute, or a time in the future (a skewed clock), is "just now".
 */
export function formatRelativeTime(date: Date, now: Date = new Date(), locale = 'en'): string {
  const secondsAgo = Math.round((now.getTime() - date.getTime()) / 1000);
  const format = new Intl.RelativeTimeFormat(locale, { numeric: 'auto' });
  for (const [unit, size] of units) {
    if (secondsAgo >= size) return format.format(-Math.floor(secondsAgo / size), unit);
  }
  return 'just now';
}
