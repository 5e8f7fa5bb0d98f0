import type { Locale } from '@corridor/contracts';
import { apiText, translate, type PlainTextKey } from '../../../i18n/index.ts';

/**
 * The sandbox liveness provider's page (issue 16): static HTML, no script, styles inline (the
 * pages' CSP allows inline styles and nothing from elsewhere). It stands where a vendor's hosted
 * check would be; the sandbox checks nothing.
 */

const escapeHtml = (text: string) =>
  text
    .replaceAll('&', '&amp;')
    .replaceAll('<', '&lt;')
    .replaceAll('>', '&gt;')
    .replaceAll('"', '&quot;')
    .replaceAll("'", '&#39;');

const words = (key: PlainTextKey, locale: Locale) => escapeHtml(translate(apiText(key), locale));

const STYLE = [
  'body{margin:0;padding:24px;background:#f4f5f7;font-family:Arial,Helvetica,sans-serif;color:#1a1a1a}',
  'main{max-width:560px;margin:48px auto;background:#fff;border-radius:8px;padding:32px}',
  'h1{margin:0 0 16px;font-size:22px;line-height:1.3}',
  'p{margin:0 0 16px;font-size:16px;line-height:1.5}',
  '.brand{font-weight:bold;color:#0b3d91}',
].join('');

function page(locale: Locale, title: string, paragraphs: readonly string[]): string {
  return [
    '<!doctype html>',
    `<html lang="${locale}">`,
    '<head>',
    '<meta charset="utf-8">',
    '<meta name="viewport" content="width=device-width, initial-scale=1">',
    '<meta name="robots" content="noindex">',
    `<title>${title}</title>`,
    `<style>${STYLE}</style>`,
    '</head>',
    '<body>',
    '<main>',
    '<p class="brand">Corridor</p>',
    `<h1>${title}</h1>`,
    ...paragraphs.map((text) => `<p>${text}</p>`),
    '</main>',
    '</body>',
    '</html>',
    '',
  ].join('\n');
}

/** "14:05 UTC": the expiry, the same instant for every reader. */
const utcTime = (at: Date) =>
  `${String(at.getUTCHours()).padStart(2, '0')}:${String(at.getUTCMinutes()).padStart(2, '0')} UTC`;

/** The page a valid token opens. */
export function livenessPage(locale: Locale, expiresAt: Date): string {
  const validUntil = translate(
    apiText('documentReview.liveness.validUntil', { time: utcTime(expiresAt) }),
    locale,
  );
  return page(locale, words('documentReview.liveness.title', locale), [
    words('documentReview.liveness.intro', locale),
    escapeHtml(validUntil),
    words('documentReview.liveness.close', locale),
  ]);
}

/** What an expired or forged token shows (403). */
export function invalidLivenessPage(locale: Locale): string {
  return page(locale, words('documentReview.liveness.invalidTitle', locale), [
    words('documentReview.liveness.invalid', locale),
  ]);
}
