import type { Locale } from '@corridor/contracts';
import { compose, type Block, type ComposeOptions } from './mail-layout.ts';
import type { MailMessage } from './mail-port.ts';
import { mailTexts } from './mail-texts.ts';
import { formatMailTime } from './mail-time.ts';

/**
 * Every email the product sends, as pure functions of their inputs, each in the recipient's
 * language (`locale`, English when not given). Codes and links appear in the bodies only, never
 * in a subject, since subjects are logged and shown in notifications.
 */

export { formatMailTime } from './mail-time.ts';

/** docs/product/accounts-and-sessions.md#one-time-codes: codes live 10 minutes, reset links 60; the auth module can import these. */
export const CODE_VALID_MINUTES = 10;
export const RESET_LINK_VALID_MINUTES = 60;

/** Who a message goes to and the language it is written in. */
interface Addressed extends ComposeOptions {
  to: string;
  locale?: Locale;
}

function assertCode(code: string): void {
  if (!/^\d{6}$/.test(code)) throw new Error('a mail code must be 6 digits');
}

/** Only web links: a javascript: or data: URL must never become a clickable button. */
function assertWebUrl(url: string): void {
  const protocol = URL.canParse(url) ? new URL(url).protocol : '';
  if (protocol !== 'https:' && protocol !== 'http:') {
    throw new Error('a mail link must be an http(s) URL');
  }
}

function checkedUrl(url: string): string {
  assertWebUrl(url);
  return url;
}

/** Where a "wasn't you?" paragraph sends the reader, when the caller knows the URLs. */
export interface RecoveryLinks {
  /** The SPA's forgot-password screen, e.g. https://app.example.com/forgot-password. */
  forgotPasswordUrl?: string;
}

function resetAdvice(links: RecoveryLinks, locale: Locale, advice: string): Block[] {
  const texts = mailTexts[locale];
  if (links.forgotPasswordUrl === undefined) {
    return [{ kind: 'text', text: texts.forgotOnSignIn(advice) }];
  }
  assertWebUrl(links.forgotPasswordUrl);
  return [
    { kind: 'text', text: advice },
    { kind: 'link', label: texts.resetYourPassword, url: links.forgotPasswordUrl },
  ];
}

export function emailVerificationCode(input: Addressed & { code: string }): MailMessage {
  assertCode(input.code);
  const locale = input.locale ?? 'en';
  const texts = mailTexts[locale];
  const { subject, heading, intro, ignore } = texts.verification;
  return compose(
    locale,
    input.to,
    subject,
    heading,
    [
      { kind: 'text', text: intro },
      { kind: 'code', code: input.code },
      { kind: 'text', text: texts.codeValidFor(CODE_VALID_MINUTES) },
      { kind: 'text', text: ignore },
    ],
    input,
  );
}

export function signInCode(input: Addressed & { code: string } & RecoveryLinks): MailMessage {
  assertCode(input.code);
  const locale = input.locale ?? 'en';
  const texts = mailTexts[locale];
  const { subject, heading, intro, notYou } = texts.signInCode;
  return compose(
    locale,
    input.to,
    subject,
    heading,
    [
      { kind: 'text', text: intro },
      { kind: 'code', code: input.code },
      { kind: 'text', text: texts.codeValidFor(CODE_VALID_MINUTES) },
      ...resetAdvice(input, locale, notYou),
    ],
    input,
  );
}

export function passwordResetLink(input: Addressed & { url: string }): MailMessage {
  assertWebUrl(input.url);
  const locale = input.locale ?? 'en';
  const texts = mailTexts[locale].passwordReset;
  return compose(
    locale,
    input.to,
    texts.subject,
    texts.heading,
    [
      { kind: 'text', text: texts.intro },
      { kind: 'link', label: texts.button, url: input.url },
      { kind: 'text', text: texts.validity(RESET_LINK_VALID_MINUTES) },
      { kind: 'text', text: texts.ignore },
    ],
    input,
  );
}

export function newSignIn(
  input: Addressed & {
    /** The device as every screen names it: `describeDevice(userAgent).name` (contracts). */
    device: string;
    ip: string | null;
    at: Date;
  } & RecoveryLinks,
): MailMessage {
  const locale = input.locale ?? 'en';
  const texts = mailTexts[locale];
  const words = texts.newSignIn;
  return compose(
    locale,
    input.to,
    words.subject,
    words.heading,
    [
      { kind: 'text', text: words.intro },
      {
        kind: 'facts',
        facts: [
          [words.device, input.device || words.unknown],
          [words.ipAddress, input.ip ?? words.unknown],
          [words.time, formatMailTime(input.at, locale)],
        ],
      },
      { kind: 'text', text: texts.ifThisWasYou },
      ...resetAdvice(input, locale, texts.ifThisWasntYou),
    ],
    input,
  );
}

export function passwordChanged(input: Addressed & { at: Date } & RecoveryLinks): MailMessage {
  const locale = input.locale ?? 'en';
  const texts = mailTexts[locale];
  const { subject, heading, changedOn } = texts.passwordChanged;
  return compose(
    locale,
    input.to,
    subject,
    heading,
    [
      { kind: 'text', text: changedOn(formatMailTime(input.at, locale)) },
      { kind: 'text', text: texts.ifThisWasYou },
      ...resetAdvice(input, locale, texts.ifThisWasntYou),
    ],
    input,
  );
}

/**
 * Sent instead of a verification code when someone signs up with an address that already has a
 * verified account: the sign-up answer stays identical (no enumeration), and the owner learns of it.
 */
export function signUpAttempt(
  input: Addressed & { signInUrl?: string } & RecoveryLinks,
): MailMessage {
  const locale = input.locale ?? 'en';
  const texts = mailTexts[locale].signUpAttempt;
  const signIn: Block[] =
    input.signInUrl === undefined
      ? [{ kind: 'text', text: texts.signInInstead }]
      : [
          { kind: 'text', text: texts.signInBelow },
          { kind: 'link', label: texts.signIn, url: checkedUrl(input.signInUrl) },
        ];
  return compose(
    locale,
    input.to,
    texts.subject,
    texts.heading,
    [
      { kind: 'text', text: texts.intro },
      ...signIn,
      ...resetAdvice(input, locale, texts.forgot),
      { kind: 'text', text: texts.ignore },
    ],
    input,
  );
}

/**
 * Sent once when wrong codes fill an account's hourly limit (issue 11, defect 1): codes are only
 * sent after the right password, so whoever is guessing them probably knows it.
 */
export function codeGuessing(input: Addressed & RecoveryLinks): MailMessage {
  const locale = input.locale ?? 'en';
  const texts = mailTexts[locale].codeGuessing;
  return compose(
    locale,
    input.to,
    texts.subject,
    texts.heading,
    [{ kind: 'text', text: texts.intro }, ...resetAdvice(input, locale, texts.notYou)],
    input,
  );
}

/** A title inside a sentence: "your passport", "tu pasaporte" (the catalogue's are capitalised). */
const inSentence = (title: string) => title.charAt(0).toLocaleLowerCase() + title.slice(1);

/** An identity document passed review (issue 16). `document`: the type's title in `locale`. */
export function documentApproved(
  input: Addressed & {
    document: string;
    /** The account-verification screen. */
    url: string;
  },
): MailMessage {
  assertWebUrl(input.url);
  const locale = input.locale ?? 'en';
  const texts = mailTexts[locale].documentApproved;
  return compose(
    locale,
    input.to,
    texts.subject,
    texts.heading,
    [
      { kind: 'text', text: texts.intro(inSentence(input.document)) },
      { kind: 'text', text: texts.nothingToDo },
      { kind: 'link', label: texts.button, url: input.url },
    ],
    input,
  );
}

/**
 * An identity document was refused (issue 16): why, in the reader's language (`reason`, already
 * translated; an operator's own words as written), and where to hand it in again.
 */
export function documentRejected(
  input: Addressed & {
    document: string;
    reason: string;
    /** The upload screen of the document's category. */
    url: string;
  },
): MailMessage {
  assertWebUrl(input.url);
  const locale = input.locale ?? 'en';
  const texts = mailTexts[locale].documentRejected;
  return compose(
    locale,
    input.to,
    texts.subject,
    texts.heading,
    [
      { kind: 'text', text: texts.intro(inSentence(input.document)) },
      {
        kind: 'facts',
        facts: [
          [texts.document, input.document],
          [texts.reason, input.reason],
        ],
      },
      { kind: 'text', text: texts.whatToDo },
      { kind: 'link', label: texts.button, url: input.url },
    ],
    input,
  );
}

export {
  transferOnHold,
  transferPaidOut,
  transferPaymentReceived,
  transferPayoutFailed,
  transferRefunded,
  type TransferMailView,
} from './transfer-messages.ts';
export { paymentRefunded, type RefundMailKind } from './refund-messages.ts';
export { statementReady, type StatementReadyView } from './statement-messages.ts';
