/**
 * The languages Corridor speaks (docs/product/web-app.md#languages): English is the source, Spanish the second. The web
 * app picks one for its screens, the server for a customer's emails.
 */
export const supportedLocales = ['en', 'es'] as const;
export type Locale = (typeof supportedLocales)[number];
export const defaultLocale: Locale = 'en';

export function isLocale(value: unknown): value is Locale {
  return typeof value === 'string' && (supportedLocales as readonly string[]).includes(value);
}

/**
 * The first supported language among `tags` (BCP 47, most preferred first: `navigator.languages`
 * or a parsed `Accept-Language`), by primary subtag ("es-MX" is Spanish); else English.
 */
export function pickLocale(tags: readonly string[]): Locale {
  for (const tag of tags) {
    const primary = tag.trim().split(/[-_]/)[0]?.toLowerCase();
    if (isLocale(primary)) return primary;
  }
  return defaultLocale;
}

/** The languages of an `Accept-Language` header, most preferred first (RFC 9110 §12.5.4). */
export function acceptedLanguages(header: string | undefined): string[] {
  if (!header) return [];
  return header
    .split(',')
    .map((part, index) => {
      const [tag = '', ...params] = part.trim().split(';');
      const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
      const weight = q === undefined ? 1 : Number(q.slice(2));
      return { tag: tag.trim(), weight: Number.isFinite(weight) ? weight : 0, index };
    })
    .filter((entry) => entry.tag !== '' && entry.tag !== '*' && entry.weight > 0)
    .sort((a, b) => b.weight - a.weight || a.index - b.index)
    .map((entry) => entry.tag);
}
