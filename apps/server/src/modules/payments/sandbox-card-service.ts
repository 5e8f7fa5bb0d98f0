import type { FastifyBaseLogger } from 'fastify';
import { SANDBOX_CARD_PROVIDER_CODE } from '@corridor/contracts';
import type { Database } from '../../db/database.ts';
import type { Tx } from '../../db/executor.ts';
import { defineJob, type Jobs } from '../../jobs/index.ts';
import type { Clock } from '../../lib/clock.ts';
import type { RandomSource } from '../../lib/random.ts';
import type { UnitOfWork } from '../../lib/unit-of-work.ts';
import type { PaymentRow, PaymentsRepository } from './payments.repository.ts';
import {
  signCallback,
  SIGNATURE_HEADER,
  unixSeconds,
  type CardEvent,
} from './provider-callbacks.ts';
import {
  brandOf,
  cardDigits,
  expiryCheck,
  outcomeOf,
  passesLuhn,
  SLOW_APPROVAL_MS,
} from './sandbox-card.ts';
import type { CardChargeRow, CardChargesRepository } from './sandbox-card-charges.ts';

/**
 * What the sandbox card provider does (docs/sandbox-providers.md#payments): it takes the card from
 * its page, decides by the test card number (3-D Secure first for the card that asks), commits
 * its decision with the callback's job, and the job delivers the signed callback to the product.
 * Nothing of the card but its brand and last four is kept or logged.
 */

/** Delivers the provider's signed callback of one charge (retried until the product says 2xx). */
export const sandboxCardCallbackJob = defineJob<{ charge_id: string }>(
  'payments.sandbox-card-callback',
);

/** Where the product takes the card provider's callbacks. */
export const cardCallbackPath = (providerCode: string) =>
  `/webhooks/payments/${encodeURIComponent(providerCode)}`;

/** How a callback reaches the product: HTTP to APP_URL, or the same server's routes. */
export type CallbackTransport = (request: {
  path: string;
  headers: Record<string, string>;
  body: string;
}) => Promise<{ statusCode: number }>;

/** The card form as posted: every field text, none trusted. */
export interface CardForm {
  number?: string | undefined;
  expiry?: string | undefined;
  cvc?: string | undefined;
  holder?: string | undefined;
}

export type CardFormErrors = Partial<Record<'number' | 'expiry' | 'cvc' | 'holder', string>>;

export type SubmitResult =
  | { kind: 'invalid'; errors: CardFormErrors }
  | { kind: 'closed' }
  | { kind: 'challenge' }
  | { kind: 'decided'; transactionId: string };

export interface SandboxCardDeps {
  db: Database;
  uow: UnitOfWork;
  clock: Clock;
  random: RandomSource;
  jobs: Pick<Jobs, 'send' | 'kick'>;
  log: FastifyBaseLogger;
  payments: PaymentsRepository;
  charges: CardChargesRepository;
  /** The secret the callbacks are signed with (the first of CARD_CALLBACK_SECRET). */
  secret: string;
  appUrl: string;
}

/** The form's checks: Luhn, expiry on the clock, CVC, holder. Each error is a text key's field. */
export function checkCardForm(form: CardForm, now: Date): CardFormErrors | string {
  const errors: CardFormErrors = {};
  const digits = cardDigits(form.number ?? '');
  if (!digits || !passesLuhn(digits)) errors.number = 'number';
  const expiry = expiryCheck(form.expiry ?? '', now);
  if (expiry !== 'ok') errors.expiry = expiry;
  if (!/^\d{3,4}$/.test((form.cvc ?? '').trim())) errors.cvc = 'cvc';
  const holder = (form.holder ?? '').trim();
  if (holder.length < 2 || holder.length > 100) errors.holder = 'holder';
  return Object.keys(errors).length > 0 || !digits ? errors : digits;
}

export function createSandboxCardService(deps: SandboxCardDeps) {
  let transport: CallbackTransport = async ({ path, headers, body }) => {
    const response = await fetch(new URL(path, deps.appUrl), {
      method: 'POST',
      headers,
      body,
      signal: AbortSignal.timeout(10_000),
    });
    return { statusCode: response.status };
  };

  /** The callback of a decided charge goes out once this transaction commits. */
  async function scheduleCallback(tx: Tx, charge: CardChargeRow, delayMs: number) {
    const runAt = new Date(deps.clock.now().getTime() + delayMs);
    await deps.jobs.send(
      sandboxCardCallbackJob,
      { charge_id: charge.id },
      { runAt, singletonKey: charge.id },
      tx,
    );
    deps.uow.afterCommit(tx, async () => deps.jobs.kick());
  }

  /** The event a decided charge's callback carries. */
  function eventOf(charge: CardChargeRow, payment: PaymentRow): CardEvent {
    const approved = charge.outcome === 'approved';
    return {
      // One event per charge, whatever the retries: the product accepts it once.
      id: `evt_${charge.id.replaceAll('-', '')}`,
      type: approved ? 'charge.succeeded' : 'charge.failed',
      created: unixSeconds(deps.clock.now()),
      data: {
        payment_id: payment.id,
        transaction_id: payment.transaction_id,
        amount_minor: payment.amount_minor.toString(),
        currency: payment.currency,
        brand: charge.brand,
        last4: charge.last4,
        decline_code: approved
          ? null
          : charge.outcome === 'insufficient_funds'
            ? 'insufficient_funds'
            : charge.outcome === 'authentication_failed'
              ? 'authentication_failed'
              : 'card_declined',
      },
    };
  }

  return {
    /** The payment the page is for, or undefined. */
    payment: (paymentId: string) => deps.payments.find(deps.db, paymentId),
    charge: (paymentId: string) => deps.charges.ofPayment(deps.db, paymentId),

    /** Sends callbacks through `next` (the server's own routes, when this process has them). */
    useTransport(next: CallbackTransport): void {
      transport = next;
    },

    /** The cardholder submits the card: checked, decided (or challenged), and committed. */
    async submit(paymentId: string, form: CardForm): Promise<SubmitResult> {
      const checked = checkCardForm(form, deps.clock.now());
      if (typeof checked !== 'string') return { kind: 'invalid', errors: checked };
      const outcome = outcomeOf(checked);
      return deps.uow.run(async (tx) => {
        const payment = await deps.payments.lock(tx, paymentId);
        if (payment?.state !== 'PENDING') return { kind: 'closed' };
        const now = deps.clock.now();
        const charge = await deps.charges.insert(tx, {
          id: deps.random.uuid(),
          payment_id: payment.id,
          brand: brandOf(checked),
          last4: checked.slice(-4),
          outcome: outcome === 'slow' ? 'approved' : outcome,
          created_at: now,
          decided_at: outcome === 'challenge' ? null : now,
        });
        // A second submit of the same payment (another tab, a double click) decides nothing.
        if (!charge) return { kind: 'closed' };
        if (outcome === 'challenge') return { kind: 'challenge' };
        await scheduleCallback(tx, charge, outcome === 'slow' ? SLOW_APPROVAL_MS : 0);
        return { kind: 'decided', transactionId: payment.transaction_id };
      });
    },

    /** The 3-D Secure answer: passed approves, failed declines; answered once. */
    async answerChallenge(paymentId: string, passed: boolean): Promise<SubmitResult> {
      return deps.uow.run(async (tx) => {
        const payment = await deps.payments.lock(tx, paymentId);
        if (payment?.state !== 'PENDING') return { kind: 'closed' };
        const outcome = passed ? 'approved' : 'authentication_failed';
        const charge = await deps.charges.decideChallenge(tx, paymentId, outcome, deps.clock.now());
        if (!charge) return { kind: 'closed' };
        await scheduleCallback(tx, charge, 0);
        return { kind: 'decided', transactionId: payment.transaction_id };
      });
    },

    /**
     * The job: signs the charge's event on the clock and delivers it. A 5xx or no answer throws,
     * so the job is retried; a 4xx is the product refusing it, logged and not sent again.
     */
    async deliver(chargeId: string): Promise<void> {
      const charge = await deps.charges.find(deps.db, chargeId);
      if (!charge || charge.outcome === 'challenge') return;
      const payment = await deps.payments.find(deps.db, charge.payment_id);
      if (!payment) return;
      const body = JSON.stringify(eventOf(charge, payment));
      const { statusCode } = await transport({
        path: cardCallbackPath(SANDBOX_CARD_PROVIDER_CODE),
        headers: {
          'content-type': 'application/json',
          [SIGNATURE_HEADER]: signCallback(body, deps.secret, deps.clock.now()),
        },
        body,
      });
      if (statusCode >= 500) throw new Error(`card callback answered ${statusCode}`);
      if (statusCode >= 400) {
        deps.log.error(
          { chargeId, paymentId: payment.id, statusCode },
          'sandbox card: the product refused the callback',
        );
      }
    },
  };
}

export type SandboxCardService = ReturnType<typeof createSandboxCardService>;
