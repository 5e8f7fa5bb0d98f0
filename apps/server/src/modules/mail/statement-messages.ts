import type { Locale } from '@corridor/contracts';
import { compose, type ComposeOptions } from './mail-layout.ts';
import type { MailMessage } from './mail-port.ts';
import { PRODUCT } from './mail-texts.ts';
import { formatMailTime } from './mail-time.ts';

/**
 * The statement email (docs/product/sending-money.md#receipts-and-statements): the statement a
 * customer asked for is ready, with a download link that stops working at `expiresAt`. The link
 * opens a signed-in route, so the email carries no secret.
 */

interface StatementMailTexts {
  subject: string;
  heading: string;
  intro: (start: string, end: string) => string;
  download: string;
  expires: (when: string) => string;
}

const texts: Record<Locale, StatementMailTexts> = {
  en: {
    subject: `Your ${PRODUCT} statement is ready`,
    heading: 'Your statement is ready',
    intro: (start, end) => `The statement of your transfers from ${start} to ${end} is ready.`,
    download: 'Download your statement',
    expires: (when) => `The link works until ${when}; you need to be signed in to use it.`,
  },
  es: {
    subject: `Tu extracto de ${PRODUCT} está listo`,
    heading: 'Tu extracto está listo',
    intro: (start, end) => `El extracto de tus transferencias del ${start} al ${end} está listo.`,
    download: 'Descargar tu extracto',
    expires: (when) =>
      `El enlace funciona hasta el ${when}; tienes que iniciar sesión para usarlo.`,
  },
};

export interface StatementReadyView extends ComposeOptions {
  to: string;
  locale: Locale;
  /** The range's whole UTC days, as YYYY-MM-DD. */
  startDate: string;
  endDate: string;
  downloadUrl: string;
  expiresAt: Date;
}

export function statementReady(view: StatementReadyView): MailMessage {
  const words = texts[view.locale];
  const protocol = URL.canParse(view.downloadUrl) ? new URL(view.downloadUrl).protocol : '';
  if (protocol !== 'https:' && protocol !== 'http:') {
    throw new Error('a mail link must be an http(s) URL');
  }
  return compose(
    view.locale,
    view.to,
    words.subject,
    words.heading,
    [
      { kind: 'text', text: words.intro(view.startDate, view.endDate) },
      { kind: 'link', label: words.download, url: view.downloadUrl },
      { kind: 'text', text: words.expires(formatMailTime(view.expiresAt, view.locale)) },
    ],
    view,
  );
}
