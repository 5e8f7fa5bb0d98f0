import type { Locale } from '@corridor/contracts';
import type { Money } from '../../lib/money.ts';
import { compose, type Block, type ComposeOptions } from './mail-layout.ts';
import type { MailMessage } from './mail-port.ts';
import { formatMailTime } from './mail-time.ts';
import { transferMailTexts } from './transfer-mail-texts.ts';

/**
 * The transfer emails (issue 29, docs/product/sending-money.md#emails): pure functions of a small
 * view of the transfer, in the customer's language. The caller (the transfers module) writes
 * them to the outbox in the transaction of the state change they tell of.
 */

/** What every transfer email says about its transfer. */
export interface TransferMailView extends ComposeOptions {
  to: string;
  locale?: Locale;
  /** "TP" and ten digits: no secret, so it may be in the subject. */
  transactionNumber: string;
  /** The recipient's name as the customer saved it. */
  recipientName: string;
  /** What the customer paid: the amount sent and the fee. */
  paid: Money;
  /** What the recipient gets, in the payout currency. */
  receives: Money;
  /** The transfer's page in the app (/transaction/{id}). */
  transferUrl: string;
}

/** An amount as the reader's language writes it, exactly: "GBP 1,000.50", "1000,50 GBP". */
export function formatMailAmount(amount: Money, locale: Locale = 'en'): string {
  // A decimal string, not a number: Intl formats it digit for digit, at any size.
  return amountFormat(locale, amount.currency, amount.exponent).format(
    amount.toDecimalString() as Intl.StringNumericLiteral,
  );
}

/** Made once per language, currency and exponent: making one costs more than formatting. */
const amountFormats = new Map<string, Intl.NumberFormat>();

function amountFormat(locale: Locale, currency: string, exponent: number): Intl.NumberFormat {
  const key = `${locale} ${currency} ${exponent}`;
  let format = amountFormats.get(key);
  if (!format) {
    format = new Intl.NumberFormat(locale, {
      style: 'currency',
      currency,
      currencyDisplay: 'code',
      minimumFractionDigits: exponent,
      maximumFractionDigits: exponent,
    });
    amountFormats.set(key, format);
  }
  return format;
}

/** Only web links: a javascript: or data: URL must never become a button. */
function checkedUrl(url: string): string {
  const protocol = URL.canParse(url) ? new URL(url).protocol : '';
  if (protocol !== 'https:' && protocol !== 'http:') {
    throw new Error('a mail link must be an http(s) URL');
  }
  return url;
}

function transferFacts(
  view: TransferMailView,
  locale: Locale,
  more: [label: string, value: string][] = [],
): Block {
  const words = transferMailTexts[locale].facts;
  return {
    kind: 'facts',
    facts: [
      [words.transfer, view.transactionNumber],
      [words.recipient, view.recipientName],
      [words.youPaid, formatMailAmount(view.paid, locale)],
      [words.theyGet, formatMailAmount(view.receives, locale)],
      ...more,
    ],
  };
}

function seeTransfer(view: TransferMailView, locale: Locale): Block {
  const label = transferMailTexts[locale].seeTransfer;
  return { kind: 'link', label, url: checkedUrl(view.transferUrl) };
}

/** The payment arrived (PAYMENT-CLEARED); `cancelUntil`: the end of the free cancellation. */
export function transferPaymentReceived(
  view: TransferMailView & { cancelUntil: Date | null },
): MailMessage {
  const locale = view.locale ?? 'en';
  const words = transferMailTexts[locale].paymentReceived;
  const cancel: Block[] =
    view.cancelUntil === null
      ? []
      : [{ kind: 'text', text: words.cancelUntil(formatMailTime(view.cancelUntil, locale)) }];
  return compose(
    locale,
    view.to,
    words.subject(view.transactionNumber),
    words.heading,
    [
      { kind: 'text', text: words.intro(view.recipientName) },
      transferFacts(view, locale),
      ...cancel,
      seeTransfer(view, locale),
    ],
    view,
  );
}

/**
 * The transfer is held (DOCUMENT-REQUIRED, UNDER-REVIEW, ON-HOLD): why and what clears it, both
 * already in the reader's language (the hold's catalogue texts). `uploadUrl`, for a hold a
 * document clears, is where to hand it in; otherwise the button opens the transfer.
 */
export function transferOnHold(
  view: TransferMailView & { reason: string; action: string; uploadUrl?: string },
): MailMessage {
  const locale = view.locale ?? 'en';
  const words = transferMailTexts[locale].onHold;
  const button: Block =
    view.uploadUrl === undefined
      ? seeTransfer(view, locale)
      : { kind: 'link', label: words.upload, url: checkedUrl(view.uploadUrl) };
  return compose(
    locale,
    view.to,
    words.subject(view.transactionNumber),
    words.heading,
    [
      { kind: 'text', text: words.intro },
      {
        kind: 'facts',
        facts: [
          [words.reason, view.reason],
          [words.whatToDo, view.action],
        ],
      },
      transferFacts(view, locale),
      button,
    ],
    view,
  );
}

/**
 * The recipient is paid (PAYOUT-SUCCESS). For cash pickup the email says where the collection
 * PIN is and never carries it: a mailbox is read by more than its owner, and the PIN is the money.
 */
export function transferPaidOut(view: TransferMailView & { cashPickup: boolean }): MailMessage {
  const locale = view.locale ?? 'en';
  const words = transferMailTexts[locale].paidOut;
  const amount = formatMailAmount(view.receives, locale);
  const pickup: Block[] = view.cashPickup
    ? [
        { kind: 'text', text: words.collect(view.recipientName) },
        { kind: 'link', label: words.seePin, url: checkedUrl(view.transferUrl) },
      ]
    : [seeTransfer(view, locale)];
  return compose(
    locale,
    view.to,
    words.subject(view.transactionNumber),
    words.heading,
    [
      { kind: 'text', text: words.intro(view.recipientName, amount) },
      transferFacts(view, locale),
      ...pickup,
    ],
    view,
  );
}

/** The partner could not pay (PAYOUT-FAILED): the money is safe, retried or refunded. */
export function transferPayoutFailed(view: TransferMailView): MailMessage {
  const locale = view.locale ?? 'en';
  const words = transferMailTexts[locale].payoutFailed;
  return compose(
    locale,
    view.to,
    words.subject(view.transactionNumber),
    words.heading,
    [
      { kind: 'text', text: words.intro(view.recipientName) },
      { kind: 'text', text: words.safe },
      transferFacts(view, locale),
      seeTransfer(view, locale),
    ],
    view,
  );
}

/** The customer's money is returned (a paid transfer cancelled, failed or reversed). */
export function transferRefunded(view: TransferMailView & { refunded: Money }): MailMessage {
  const locale = view.locale ?? 'en';
  const words = transferMailTexts[locale].refunded;
  const refunded = formatMailAmount(view.refunded, locale);
  return compose(
    locale,
    view.to,
    words.subject(view.transactionNumber),
    words.heading,
    [
      { kind: 'text', text: words.intro(refunded) },
      { kind: 'text', text: words.where },
      transferFacts(view, locale, [[words.refunded, refunded]]),
      seeTransfer(view, locale),
    ],
    view,
  );
}
