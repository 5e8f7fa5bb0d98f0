import crypto from 'node:crypto';
import { SANDBOX_CARD_PROVIDER_CODE } from '@corridor/contracts';
import type { PaymentProvider } from './payment-provider.ts';
import { recordCardRefund } from './sandbox-refunds.ts';

export { brandOf, cardDigits, expiryCheck, passesLuhn } from '../../lib/card-numbers.ts';

/**
 * The sandbox card provider, "Corridor Sandbox Card" (docs/sandbox-providers.md#payments): a
 * hosted card page the server serves under /sandbox/card, whose outcome follows the test card
 * number, and which tells the product the outcome by a signed callback. Its card rules (Luhn,
 * expiry, the test cards, the brand) are here, pure.
 */

export const SANDBOX_CARD_TITLE = 'Corridor Sandbox Card';
export const SANDBOX_CARD_METHOD = 'SANDBOX-CARD';
/** Where the provider's page lives (a server path prefix, like the other sandboxes' pages). */
export const SANDBOX_CARD_PATH = '/sandbox/card';

/** How long the slow test card keeps the customer waiting before it approves. */
export const SLOW_APPROVAL_MS = 20_000;

/** What a card attempt leads to. */
export type CardOutcome = 'approved' | 'slow' | 'challenge' | 'declined' | 'insufficient_funds';

/** The test cards, like a payment provider's (docs/sandbox-providers.md#payments). */
export const TEST_CARDS: Readonly<Record<string, CardOutcome>> = {
  '4242424242424242': 'approved',
  '4000000000000002': 'declined',
  '4000000000009995': 'insufficient_funds',
  '4000000000003220': 'challenge',
  '4000000000000077': 'slow',
};

/** Any other number that passes the checks is approved at once. */
export const outcomeOf = (digits: string): CardOutcome => TEST_CARDS[digits] ?? 'approved';

/**
 * The capability in a payment's page URL: whoever holds the payment's URL may pay it, nobody can
 * make one up. Domain-separated from the callbacks' use of the same secret.
 */
export function pageToken(secret: string, paymentId: string): string {
  return crypto
    .createHmac('sha256', secret)
    .update(`sandbox-card-page.${paymentId}`)
    .digest('base64url')
    .slice(0, 32);
}

export function validPageToken(secret: string, paymentId: string, token: string): boolean {
  const expected = Buffer.from(pageToken(secret, paymentId));
  const given = Buffer.from(token);
  return expected.length === given.length && crypto.timingSafeEqual(expected, given);
}

/** The card provider behind SANDBOX-CARD; `deadlineMs` is PAYMENT_DEADLINE_HOURS'. */
export function createSandboxCard(options: {
  deadlineMs: number;
  appUrl: string;
  /** The first callback secret: it also makes the page URLs' tokens. */
  secret: string;
}): PaymentProvider {
  return {
    code: SANDBOX_CARD_PROVIDER_CODE,
    methodCode: SANDBOX_CARD_METHOD,
    title: SANDBOX_CARD_TITLE,
    // The card is typed on the provider's page, never sent to the API.
    requirements: () => [],
    opening: { state: 'PENDING', deadlineMs: options.deadlineMs },
    canWithdraw: true,
    refundDestination: 'card',
    refund: (ex, refund) => recordCardRefund(ex, SANDBOX_CARD_PROVIDER_CODE, refund),
    instructions: () => null,
    terms: () => null,
    // The customer pays on the page: a PENDING card payment without its URL is not healthy.
    awaitingConfirmation: () => false,
    paymentUrl(payment, locale) {
      // Payable only while PENDING (docs/product/sending-money.md#payment-states): then the URL, never after.
      if (payment.state !== 'PENDING') return null;
      const url = new URL(`${SANDBOX_CARD_PATH}/${payment.id}`, options.appUrl);
      url.searchParams.set('token', pageToken(options.secret, payment.id));
      // The page speaks the customer's language (its links carry no session to read it from).
      url.searchParams.set('lang', locale);
      return url.toString();
    },
  };
}
