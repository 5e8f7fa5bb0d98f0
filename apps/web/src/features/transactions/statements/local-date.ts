/** A date as `YYYY-MM-DD`, the day it is in the browser's time zone. */
export function localIsoDate(date: Date): string {
  const month = String(date.getMonth() + 1).padStart(2, '0');
  const day = String(date.getDate()).padStart(2, '0');
  return `${date.getFullYear()}-${month}-${day}`;
}

/** The first day of the month `date` is in, as `YYYY-MM-DD`. */
export function firstOfMonth(date: Date): string {
  return `${localIsoDate(date).slice(0, 8)}01`;
}
