import crypto from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../config/index.ts';
import { configuredProviders } from '../../app/providers.ts';
import type { RandomSource } from '../../lib/random.ts';
import { ManualClock, SECOND } from '../../test/clock.ts';
import type {
  AcceptedReceipt,
  PartnerReceipt,
  PartnerState,
  PayoutPartner,
  PayoutRequest,
} from './payout-partner.ts';
import {
  createSandboxPayoutPartner,
  SANDBOX_PAYOUT_TEST_ACCOUNTS,
} from './sandbox-payout-partner.ts';

/**
 * The sandbox payout partner's documented behaviour (docs/sandbox-providers.md#payouts): what it
 * refuses at hand-over, each test account's steps on the test clock, and the cash-pickup PIN.
 */

/** A random source replayed from a seed: the same seed draws the same bytes. */
function seededRandom(seed: string): RandomSource {
  let counter = 0;
  const draw = (size: number) => {
    const out: Buffer[] = [];
    let length = 0;
    while (length < size) {
      const block = crypto.createHash('sha256').update(`${seed}:${counter++}`).digest();
      out.push(block);
      length += block.length;
    }
    return Buffer.concat(out).subarray(0, size);
  };
  return { bytes: draw, uuid: () => crypto.randomUUID() };
}

const STEP = 5;

function sandbox(seed = 'payouts') {
  const clock = new ManualClock();
  const partner = createSandboxPayoutPartner({
    clock,
    random: seededRandom(seed),
    stepMs: STEP * SECOND,
  });
  return { clock, partner };
}

const bankPayout = (account: string, overrides: Partial<PayoutRequest> = {}): PayoutRequest => ({
  transactionId: '7f1c0d2e-0000-4000-8000-000000000001',
  payoutId: '9a2b0c4d-0000-4000-8000-000000000001',
  attempt: 1,
  partnerCode: 'LODESTAR_BANK_NETWORK',
  methodCode: 'BANK-ACCOUNT',
  amountMinor: 1_050_000n,
  currency: 'INR',
  recipient: { name: 'Asha Patel', attributes: { account_number: account, ifsc: 'SBIN0001234' } },
  ...overrides,
});

const walletPayout = (number: string): PayoutRequest => ({
  transactionId: '7f1c0d2e-0000-4000-8000-000000000002',
  payoutId: '9a2b0c4d-0000-4000-8000-000000000002',
  attempt: 1,
  partnerCode: 'BAOBAB_MOBILE_MONEY',
  methodCode: 'MOBILE-WALLET',
  amountMinor: 250_000n,
  currency: 'KES',
  recipient: {
    name: 'Wanjiku Kamau',
    attributes: { mobile_number: { country: 'KE', number }, wallet_provider: 'MPESA' },
  },
});

const cashPayout: PayoutRequest = {
  transactionId: '7f1c0d2e-0000-4000-8000-000000000003',
  payoutId: '9a2b0c4d-0000-4000-8000-000000000003',
  attempt: 1,
  partnerCode: 'HARBOR_CASH',
  methodCode: 'CASH-PICKUP',
  amountMinor: 500_000n,
  currency: 'MXN',
  recipient: { name: 'María López', attributes: {} },
};

function accepted(receipt: PartnerReceipt): AcceptedReceipt {
  if (receipt.outcome !== 'accepted') throw new Error(`refused: ${receipt.reason}`);
  return receipt;
}

/** The partner's state after each step on the test clock, until nothing more is expected. */
async function journey(partner: PayoutPartner, clock: ManualClock, request: PayoutRequest) {
  const receipt = accepted(await partner.submit(request));
  const seen: (PartnerState | string)[] = [];
  for (;;) {
    const status = await partner.status({ request, receipt }, clock.now());
    seen.push(
      status.state === 'failed' || status.state === 'reversed'
        ? `${status.state}: ${status.reason}`
        : status.state,
    );
    if (!status.checkAgainAt) return seen;
    // A job runs again at checkAgainAt: move the clock there.
    clock.advance(Math.max(0, status.checkAgainAt.getTime() - clock.now().getTime()));
  }
}

describe('the sandbox payout partner', () => {
  it('accepts, sends, then pays an ordinary account, one step every few seconds', async () => {
    const { clock, partner } = sandbox();
    expect(await journey(partner, clock, bankPayout('12345678'))).toEqual([
      'accepted',
      'sent',
      'paid',
    ]);
    expect(await journey(partner, clock, walletPayout('712345678'))).toEqual([
      'accepted',
      'sent',
      'paid',
    ]);
    expect(await journey(partner, clock, cashPayout)).toEqual(['accepted', 'sent', 'paid']);
  });

  it.each([
    ['0001', 'failed: Account closed: the recipient’s account is closed.'],
    ['0002', 'failed: Name mismatch: the account holder’s name is not the recipient’s name.'],
  ])('fails the payout to a bank account or wallet ending in %s', async (ending, outcome) => {
    const { clock, partner } = sandbox();
    expect(await journey(partner, clock, bankPayout(`5550${ending}`))).toEqual([
      'accepted',
      'sent',
      outcome,
    ]);
    expect(await journey(partner, clock, walletPayout(`71234${ending}`))).toEqual([
      'accepted',
      'sent',
      outcome,
    ]);
  });

  it('pays, then reverses, the payout to an account ending in 0003', async () => {
    const { clock, partner } = sandbox();
    const iban = 'DE89370400440532010003';
    expect(
      await journey(
        partner,
        clock,
        bankPayout('', { recipient: { name: 'Jan', attributes: { iban } } }),
      ),
    ).toEqual([
      'accepted',
      'sent',
      'paid',
      'reversed: Reversed: the recipient’s bank returned the payout.',
    ]);
  });

  it('moves at the configured step, and answers the same whenever it is asked', async () => {
    const { partner } = sandbox();
    const request = bankPayout('99990003');
    const receipt = accepted(await partner.submit(request));
    const after = (ms: number) => new Date(receipt.acceptedAt.getTime() + ms);
    const stateAt = async (ms: number) =>
      (await partner.status({ request, receipt }, after(ms))).state;
    // Its receipt names the first step, before which asking is in vain.
    expect(receipt.checkAgainAt).toEqual(after(STEP * SECOND));
    expect(await stateAt(0)).toBe('accepted');
    expect(await stateAt(STEP * SECOND - 1)).toBe('accepted');
    expect(await stateAt(STEP * SECOND)).toBe('sent');
    expect(await stateAt(2 * STEP * SECOND - 1)).toBe('sent');
    expect(await stateAt(2 * STEP * SECOND)).toBe('paid');
    expect(await stateAt(3 * STEP * SECOND)).toBe('reversed');
    // Asked late, it answers where the payout stands then, dated when it got there.
    expect(await partner.status({ request, receipt }, after(60 * SECOND))).toEqual({
      state: 'reversed',
      since: after(3 * STEP * SECOND),
      reason: 'Reversed: the recipient’s bank returned the payout.',
      checkAgainAt: null,
    });
  });

  it.each<[string, PayoutRequest, string]>([
    [
      'a zero amount',
      bankPayout('12345678', { amountMinor: 0n }),
      'The amount must be more than zero.',
    ],
    [
      'a negative amount',
      bankPayout('12345678', { amountMinor: -1n }),
      'The amount must be more than zero.',
    ],
    [
      'an unknown method',
      bankPayout('12345678', { methodCode: 'CHEQUE' }),
      'Unknown payout method: CHEQUE.',
    ],
    [
      'a method the partner does not pay out',
      { ...cashPayout, partnerCode: 'LODESTAR_BANK_NETWORK' },
      'LODESTAR_BANK_NETWORK does not pay out CASH-PICKUP.',
    ],
    [
      'an unknown partner',
      bankPayout('12345678', { partnerCode: 'ACME' }),
      'Unknown payout partner: ACME.',
    ],
    [
      'a currency that is no code',
      bankPayout('12345678', { currency: 'rupees' }),
      'The currency must be an ISO 4217 code: rupees.',
    ],
    [
      'no transaction id',
      bankPayout('12345678', { transactionId: ' ' }),
      'The payout has no transaction id.',
    ],
    ['a bank account without its number', bankPayout('  '), 'The bank account number is missing.'],
    [
      'a wallet without its mobile number',
      {
        ...walletPayout('1'),
        recipient: { name: 'Wanjiku Kamau', attributes: { wallet_provider: 'MPESA' } },
      },
      'The wallet’s mobile number is missing.',
    ],
    [
      'a recipient without a name',
      { ...cashPayout, recipient: { name: '', attributes: {} } },
      'The recipient’s name is missing.',
    ],
  ])('refuses %s', async (_case, request, reason) => {
    const { partner } = sandbox();
    expect(await partner.submit(request)).toEqual({ outcome: 'refused', reason });
  });

  it('gives a 10-digit collection PIN for cash pickup only, drawn from the random source', async () => {
    const first = sandbox('seed-a').partner;
    const again = sandbox('seed-a').partner;
    const other = sandbox('seed-b').partner;
    const pickup = accepted(await first.submit(cashPayout));
    expect(pickup.collectionPin).toMatch(/^\d{10}$/);
    expect(pickup.reference).toMatch(/^SBX-[0-9A-F]{12}$/);
    // The same seed replays the same reference and PIN; another seed draws others.
    const replayed = accepted(await again.submit(cashPayout));
    expect([replayed.reference, replayed.collectionPin]).toEqual([
      pickup.reference,
      pickup.collectionPin,
    ]);
    expect(accepted(await other.submit(cashPayout)).collectionPin).not.toBe(pickup.collectionPin);
    expect(accepted(await first.submit(bankPayout('12345678'))).collectionPin).toBeNull();
    expect(accepted(await first.submit(walletPayout('712345678'))).collectionPin).toBeNull();
  });

  it('answers a repeated hand-over of one payout attempt with its first receipt', async () => {
    const { clock, partner } = sandbox();
    const pickup = accepted(await partner.submit(cashPayout));
    clock.advance(SECOND);
    // Asked again (a job run again after a crash, a failed batch): the same reference, PIN and
    // acceptance, so the payout is neither paid twice nor its steps restarted.
    expect(await partner.submit(cashPayout)).toEqual(pickup);
    // The payout's next attempt is a new hand-over.
    const retried = accepted(await partner.submit({ ...cashPayout, attempt: 2 }));
    expect(retried.reference).not.toBe(pickup.reference);
    expect(retried.acceptedAt).toEqual(clock.now());
    // A refusal is an answer too: given again.
    const refused = bankPayout('  ', { payoutId: '9a2b0c4d-0000-4000-8000-000000000009' });
    const first = await partner.submit(refused);
    expect(first.outcome).toBe('refused');
    expect(await partner.submit(refused)).toEqual(first);
  });

  it('draws PIN digits without bias: bytes of 250 and over are drawn again', async () => {
    // 250–255 would favour 0–5; the source answers 255 first, then 7s.
    let calls = 0;
    const random: RandomSource = {
      bytes: (size) => Buffer.alloc(size, calls++ === 1 ? 255 : 7),
      uuid: () => crypto.randomUUID(),
    };
    const partner = createSandboxPayoutPartner({
      clock: new ManualClock(),
      random,
      stepMs: SECOND,
    });
    expect(accepted(await partner.submit(cashPayout)).collectionPin).toBe('7777777777');
  });

  it('is the partner the configuration names, at the configured step', async () => {
    const clock = new ManualClock();
    const config = loadConfig({ PAYOUT_SANDBOX_STEP_SECONDS: '2' });
    const { payoutPartner } = configuredProviders(config, { clock, random: seededRandom('x') });
    const request = bankPayout('12345678');
    const receipt = accepted(await payoutPartner.submit(request));
    const status = await payoutPartner.status({ request, receipt }, receipt.acceptedAt);
    expect(status.checkAgainAt).toEqual(new Date(receipt.acceptedAt.getTime() + 2 * SECOND));
  });

  it('documents every test account in docs/sandbox-providers.md', async () => {
    const doc = await readFile(
      new URL('../../../../../docs/sandbox-providers.md', import.meta.url),
      'utf8',
    );
    const payouts = doc.slice(
      doc.indexOf('## Payouts'),
      doc.indexOf('\n## ', doc.indexOf('## Payouts') + 1),
    );
    for (const [ending, { reason }] of Object.entries(SANDBOX_PAYOUT_TEST_ACCOUNTS)) {
      expect(payouts).toContain(`\`${ending}\``);
      expect(payouts).toContain(reason);
    }
    expect(payouts).toContain('PAYOUT_SANDBOX_STEP_SECONDS');
  });
});
