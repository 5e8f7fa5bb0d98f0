import type { Locale } from '@corridor/contracts';
import { apiText, translate, type PlainTextKey } from '../../i18n/index.ts';
import type { CardFormErrors } from './sandbox-card-service.ts';

/**
 * The sandbox card provider's pages (docs/sandbox-providers.md#payments): plain server-rendered
 * HTML, no script and no app bundle, styles inline (the pages' CSP allows inline styles and forms
 * posting to this origin only). A card number or CVC is never written back into a page.
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
  'body{margin:0;padding:16px;background:#f4f5f7;font-family:Arial,Helvetica,sans-serif;color:#1a1a1a}',
  'main{max-width:440px;margin:32px auto;background:#fff;border-radius:8px;padding:24px}',
  'h1{margin:0 0 16px;font-size:22px;line-height:1.3}',
  'p{margin:0 0 12px;font-size:16px;line-height:1.5}',
  'label{display:block;margin:12px 0 4px;font-weight:bold}',
  'input{box-sizing:border-box;width:100%;padding:10px;font-size:16px;border:1px solid #767676;border-radius:4px}',
  'button{margin-top:16px;width:100%;padding:12px;font-size:16px;border:0;border-radius:4px;background:#0b3d91;color:#fff;cursor:pointer}',
  'button.secondary{background:#b00020}',
  '.error{color:#b00020;margin:4px 0 0}',
  '.note{background:#fff4ce;padding:8px;border-radius:4px}',
  '.brand{font-weight:bold;color:#0b3d91}',
].join('');

function page(locale: Locale, title: string, body: readonly string[]): string {
  return [
    '<!doctype html>',
    `<html lang="${locale}">`,
    '<head>',
    '<meta charset="utf-8">',
    '<meta name="viewport" content="width=device-width, initial-scale=1">',
    '<meta name="robots" content="noindex">',
    '<meta name="referrer" content="no-referrer">',
    `<title>${title}</title>`,
    `<style>${STYLE}</style>`,
    '</head>',
    '<body>',
    '<main>',
    '<p class="brand">Corridor Sandbox Card</p>',
    `<h1>${title}</h1>`,
    ...body,
    '</main>',
    '</body>',
    '</html>',
    '',
  ].join('\n');
}

/** What the customer is paying, as the page shows it. */
export interface CardPageFacts {
  /** "GBP 102.00" */
  amount: string;
  reference: string;
  /** Where the form posts: the provider's own endpoint with the page's token. */
  action: string;
}

const ERROR_KEYS: Record<string, PlainTextKey> = {
  number: 'card.error.number',
  invalid: 'card.error.expiryInvalid',
  expired: 'card.error.expired',
  cvc: 'card.error.cvc',
  holder: 'card.error.holder',
};

function field(
  locale: Locale,
  name: 'number' | 'expiry' | 'cvc' | 'holder',
  options: { label: PlainTextKey; autocomplete: string; inputmode?: string; value?: string },
  errors: CardFormErrors,
): string[] {
  const error = errors[name];
  const errorKey = error === undefined ? undefined : ERROR_KEYS[error];
  const describedBy = errorKey ? ` aria-invalid="true" aria-describedby="${name}-error"` : '';
  const inputmode = options.inputmode ? ` inputmode="${options.inputmode}"` : '';
  const value = options.value ? ` value="${escapeHtml(options.value)}"` : '';
  return [
    `<label for="${name}">${words(options.label, locale)}</label>`,
    `<input id="${name}" name="${name}" autocomplete="${options.autocomplete}"${inputmode}${value} required${describedBy}>`,
    ...(errorKey ? [`<p class="error" id="${name}-error">${words(errorKey, locale)}</p>`] : []),
  ];
}

/** The card form; after a refused submit, its errors (the holder and expiry kept, nothing else). */
export function cardFormPage(
  locale: Locale,
  facts: CardPageFacts,
  options: { errors?: CardFormErrors; kept?: { holder?: string; expiry?: string } } = {},
): string {
  const errors = options.errors ?? {};
  const t = (text: string) => escapeHtml(translate(text, locale));
  return page(locale, words('card.page.title', locale), [
    `<p class="note">${words('card.page.sandbox', locale)}</p>`,
    `<p>${t(apiText('card.page.amount', { amount: facts.amount }))}</p>`,
    `<p>${t(apiText('card.page.reference', { reference: facts.reference }))}</p>`,
    `<form method="post" action="${escapeHtml(facts.action)}" novalidate>`,
    ...field(
      locale,
      'number',
      { label: 'card.page.number', autocomplete: 'cc-number', inputmode: 'numeric' },
      errors,
    ),
    ...field(
      locale,
      'expiry',
      {
        label: 'card.page.expiry',
        autocomplete: 'cc-exp',
        inputmode: 'numeric',
        ...(options.kept?.expiry ? { value: options.kept.expiry } : {}),
      },
      errors,
    ),
    ...field(
      locale,
      'cvc',
      { label: 'card.page.cvc', autocomplete: 'cc-csc', inputmode: 'numeric' },
      errors,
    ),
    ...field(
      locale,
      'holder',
      {
        label: 'card.page.holder',
        autocomplete: 'cc-name',
        ...(options.kept?.holder ? { value: options.kept.holder } : {}),
      },
      errors,
    ),
    `<button type="submit">${t(apiText('card.page.pay', { amount: facts.amount }))}</button>`,
    '</form>',
  ]);
}

/** The 3-D Secure challenge: pass or fail, as a tester chooses. */
export function challengePage(locale: Locale, facts: CardPageFacts & { last4: string }): string {
  const intro = translate(
    apiText('card.challenge.intro', { amount: facts.amount, last4: facts.last4 }),
    locale,
  );
  const action = escapeHtml(facts.action);
  return page(locale, words('card.challenge.title', locale), [
    `<p>${escapeHtml(intro)}</p>`,
    `<form method="post" action="${action}">`,
    '<input type="hidden" name="result" value="pass">',
    `<button type="submit">${words('card.challenge.pass', locale)}</button>`,
    '</form>',
    `<form method="post" action="${action}">`,
    '<input type="hidden" name="result" value="fail">',
    `<button type="submit" class="secondary">${words('card.challenge.fail', locale)}</button>`,
    '</form>',
  ]);
}

/** A payment no longer payable here (paid, failed, expired, cancelled, or submitted already). */
export function closedPage(locale: Locale, backTo: string): string {
  return page(locale, words('card.closed.title', locale), [
    `<p>${words('card.closed.body', locale)}</p>`,
    `<p><a href="${escapeHtml(backTo)}">${words('card.closed.back', locale)}</a></p>`,
  ]);
}

/** A link whose token does not match its payment (403). */
export function invalidLinkPage(locale: Locale): string {
  return page(locale, words('card.invalid.title', locale), [
    `<p>${words('card.invalid.body', locale)}</p>`,
  ]);
}
