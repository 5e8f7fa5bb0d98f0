import { payoutMethodCodes, type PayoutMethodCode } from '@corridor/contracts';
import type { Clock } from '../../lib/clock.ts';
import type { RandomSource } from '../../lib/random.ts';
import { COMPANIES_BY_METHOD, PAYOUT_COMPANIES } from './payout-reference-data.ts';
import type {
  PartnerReceipt,
  PartnerStatus,
  PayoutPartner,
  PayoutRequest,
  SubmittedPayout,
} from './payout-partner.ts';

/**
 * The test accounts (docs/sandbox-providers.md#payouts): a bank account number (or IBAN, or
 * CLABE) or a wallet's mobile number ending in one of these decides the payout's end, like a
 * payment provider's test cards. Anything else is paid.
 */
export const SANDBOX_PAYOUT_TEST_ACCOUNTS = {
  '0001': { ends: 'failed', reason: 'Account closed: the recipient’s account is closed.' },
  '0002': {
    ends: 'failed',
    reason: 'Name mismatch: the account holder’s name is not the recipient’s name.',
  },
  '0003': { ends: 'reversed', reason: 'Reversed: the recipient’s bank returned the payout.' },
} as const;

type Ending = { ends: 'paid' } | { ends: 'failed' | 'reversed'; reason: string };

const PIN_DIGITS = 10;
/** Hand-overs whose receipts the sandbox remembers (the oldest forgotten first). */
export const SANDBOX_REMEMBERED_RECEIPTS = 10_000;
/** Each digit 25 times: a byte below 250 picks one, every digit equally likely. */
const DIGIT_OF_BYTE = '0123456789'.repeat(25);
const partnerCodes: ReadonlySet<string> = new Set(PAYOUT_COMPANIES.map((company) => company.code));
const isMethod = (code: string): code is PayoutMethodCode =>
  (payoutMethodCodes as readonly string[]).includes(code);

const text = (value: unknown): string | undefined =>
  typeof value === 'string' && value.trim() !== '' ? value.trim() : undefined;

/** The account the payout goes to, as the channel's attributes name it; undefined if missing. */
function accountOf(method: PayoutMethodCode, attributes: PayoutRequest['recipient']['attributes']) {
  if (method === 'BANK-ACCOUNT') {
    return text(attributes.account_number) ?? text(attributes.iban) ?? text(attributes.clabe);
  }
  if (method === 'MOBILE-WALLET') {
    const mobile = attributes.mobile_number;
    // Sent as {country, number} by the recipient form; a bare number is taken too.
    if (typeof mobile === 'object' && mobile !== null && 'number' in mobile) {
      return text(mobile.number);
    }
    return text(mobile);
  }
  return undefined;
}

/** What a real partner refuses at hand-over, or undefined when the request is acceptable. */
function refusal(request: PayoutRequest): string | undefined {
  if (!text(request.transactionId)) return 'The payout has no transaction id.';
  if (!partnerCodes.has(request.partnerCode)) {
    return `Unknown payout partner: ${request.partnerCode}.`;
  }
  if (!isMethod(request.methodCode)) return `Unknown payout method: ${request.methodCode}.`;
  const partners: readonly string[] = COMPANIES_BY_METHOD[request.methodCode];
  if (!partners.includes(request.partnerCode)) {
    return `${request.partnerCode} does not pay out ${request.methodCode}.`;
  }
  if (request.amountMinor <= 0n) return 'The amount must be more than zero.';
  if (!/^[A-Z]{3}$/.test(request.currency)) {
    return `The currency must be an ISO 4217 code: ${request.currency}.`;
  }
  if (!text(request.recipient.name)) return 'The recipient’s name is missing.';
  if (
    request.methodCode === 'BANK-ACCOUNT' &&
    !accountOf('BANK-ACCOUNT', request.recipient.attributes)
  ) {
    return 'The bank account number is missing.';
  }
  if (
    request.methodCode === 'MOBILE-WALLET' &&
    !accountOf('MOBILE-WALLET', request.recipient.attributes)
  ) {
    return 'The wallet’s mobile number is missing.';
  }
  return undefined;
}

/** Uniform digits from the random source: bytes of 250 and over are drawn again (no bias). */
function collectionPin(random: RandomSource): string {
  let pin = '';
  while (pin.length < PIN_DIGITS) {
    for (const byte of random.bytes(PIN_DIGITS - pin.length)) {
      if (byte < DIGIT_OF_BYTE.length) pin += DIGIT_OF_BYTE[byte];
    }
  }
  return pin;
}

function endingOf(request: PayoutRequest): Ending {
  if (!isMethod(request.methodCode)) return { ends: 'paid' };
  const account = accountOf(request.methodCode, request.recipient.attributes) ?? '';
  const suffix = account.slice(-4);
  return suffix in SANDBOX_PAYOUT_TEST_ACCOUNTS
    ? SANDBOX_PAYOUT_TEST_ACCOUNTS[suffix as keyof typeof SANDBOX_PAYOUT_TEST_ACCOUNTS]
    : { ends: 'paid' };
}

/**
 * The sandbox partner serving every payout company: it checks what it is handed as a real
 * partner does, then moves the payout one step every `stepMs` after acceptance: sent, then
 * paid or failed, then (test account 0003) reversed. Where a payout stands follows from the
 * request, the acceptance time and the clock, so a restart loses nothing and a job asking twice
 * gets the same answer. A hand-over asked twice (same payout id and attempt) gets its first
 * receipt, as from a real partner's idempotency key: the sandbox remembers the last
 * SANDBOX_REMEMBERED_RECEIPTS of them in memory (a restart forgets them, a real partner does not).
 */
export function createSandboxPayoutPartner(deps: {
  clock: Clock;
  random: RandomSource;
  /** Milliseconds between steps (PAYOUT_SANDBOX_STEP_SECONDS, converted by the assembly). */
  stepMs: number;
}): PayoutPartner {
  const receipts = new Map<string, PartnerReceipt>();
  function answer(request: PayoutRequest): PartnerReceipt {
    const reason = refusal(request);
    if (reason) return { outcome: 'refused', reason };
    const reference = `SBX-${deps.random.bytes(6).toString('hex').toUpperCase()}`;
    const acceptedAt = deps.clock.now();
    return {
      outcome: 'accepted',
      reference,
      acceptedAt,
      // Nothing moves before its first step: sent, one step after acceptance (see `status`).
      checkAgainAt: new Date(acceptedAt.getTime() + deps.stepMs),
      collectionPin: request.methodCode === 'CASH-PICKUP' ? collectionPin(deps.random) : null,
    };
  }
  return {
    async submit(request: PayoutRequest): Promise<PartnerReceipt> {
      const key = `${request.payoutId}:${request.attempt}`;
      const known = receipts.get(key);
      if (known) return known;
      const receipt = answer(request);
      receipts.set(key, receipt);
      // A Map keeps its insertion order: the first key is the oldest.
      if (receipts.size > SANDBOX_REMEMBERED_RECEIPTS) {
        receipts.delete(receipts.keys().next().value as string);
      }
      return receipt;
    },

    async status({ request, receipt }: SubmittedPayout, now: Date): Promise<PartnerStatus> {
      const acceptedAt = receipt.acceptedAt;
      const sentAt = new Date(acceptedAt.getTime() + deps.stepMs);
      const endedAt = new Date(sentAt.getTime() + deps.stepMs);
      const reversedAt = new Date(endedAt.getTime() + deps.stepMs);
      const ending = endingOf(request);
      if (now < sentAt) return { state: 'accepted', since: acceptedAt, checkAgainAt: sentAt };
      if (now < endedAt) return { state: 'sent', since: sentAt, checkAgainAt: endedAt };
      if (ending.ends === 'paid') return { state: 'paid', since: endedAt, checkAgainAt: null };
      if (ending.ends === 'failed') {
        return { state: 'failed', since: endedAt, reason: ending.reason, checkAgainAt: null };
      }
      if (now < reversedAt) return { state: 'paid', since: endedAt, checkAgainAt: reversedAt };
      return { state: 'reversed', since: reversedAt, reason: ending.reason, checkAgainAt: null };
    },
  };
}
