import {
  apiPaths,
  paymentChannel,
  paymentCurrenciesSchema,
  paymentSchema,
  SANDBOX_CARD_PROVIDER_CODE,
  typedErrorSchema,
  type Transaction,
} from '@corridor/contracts';
import { and, count, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
// The sandbox default secret, as a provider's test would know its webhook secret.
import { SANDBOX_CARD_CALLBACK_SECRET } from '../../config/config.ts';
import { outboxKinds } from '../../outbox/index.ts';
import { writtenPayloads } from '../../outbox/outbox-test-kit.ts';
import { appPerFile } from '../../test/app-per-file.ts';
import { SECOND, TestClock } from '../../test/clock.ts';
import type { TestBrowser } from '../../test/test-browser.ts';
// Test code: it reads the payments' and provider's rows, and signs callbacks as the provider.
import { ledgerEntries } from '../ledger/ledger.schema.ts';
import { payments, providerEvents, sandboxCardCharges } from '../payments/payments.schema.ts';
import { signCallback, SIGNATURE_HEADER } from '../payments/provider-callbacks.ts';
import { SLOW_APPROVAL_MS } from '../payments/sandbox-card.ts';
import { cardCallbackPath } from '../payments/sandbox-card-service.ts';
import { pastStates, readyPayer, runJobs, transferOf, type Payer } from './flow-test-kit.ts';
import { CARD_METHOD_ID, confirm, confirmBody, quoteTo } from './transfers-test-kit.ts';

/**
 * Card payments through the real app (docs/sandbox-providers.md#payments,
 * docs/decisions/0046-signed-provider-callbacks.md): each test card on the hosted page, 3-D
 * Secure, the signed callback delivered by the provider's job, and the callback's refusals:
 * replayed late, badly signed, changed, or naming another transfer. Logged at debug, so the
 * test that looks for card numbers in the log sees every line the server writes.
 */
const clock = new TestClock();
const file = appPerFile({ clock, movesMoney: true, env: { LOG_LEVEL: 'debug' } });

const CALLBACK_URL = cardCallbackPath(SANDBOX_CARD_PROVIDER_CODE);
const FORM = { 'content-type': 'application/x-www-form-urlencoded' };

/** A ready payer's transfer of `amount` GBP, confirmed to be paid by card. */
async function cardTransfer(payer?: Payer, amount = '100') {
  const who = payer ?? (await readyPayer(file, clock));
  const quote = await quoteTo(who.browser, who.recipient, amount);
  const response = await confirm(
    who.browser,
    quote.id,
    confirmBody(quote, { payment_method_id: CARD_METHOD_ID }),
  );
  expect(response.statusCode, response.body).toBe(201);
  const transaction = response.json<Transaction>();
  return { ...who, transaction };
}

/** The page's path and query, from a payment's `payment_url`. */
function pagePath(paymentUrl: string | null): string {
  expect(paymentUrl).not.toBeNull();
  const url = new URL(paymentUrl ?? '');
  return `${url.pathname}${url.search}`;
}

/** Submits the card form (no session, no cookie: the provider's own page). */
const submitCard = (path: string, number: string, fields: Record<string, string> = {}) =>
  file.app.inject({
    method: 'POST',
    url: path,
    headers: FORM,
    payload: new URLSearchParams({
      number,
      expiry: '12/40',
      cvc: '123',
      holder: 'Ana Rao',
      ...fields,
    }).toString(),
  });

/** The payment's state, and the transfer's, as the customer reads them. */
async function statesOf(browser: TestBrowser, transactionId: string) {
  const transfer = await transferOf(browser, transactionId);
  return { transfer: transfer.state.code, payment: transfer.payment.state.code, read: transfer };
}

/** Pays the transfer's current payment with `number` and lets the provider's job call back. */
async function payWith(browser: TestBrowser, transaction: Transaction, number: string) {
  const current = await transferOf(browser, transaction.id);
  const submitted = await submitCard(pagePath(current.payment.payment_url), number);
  expect(submitted.statusCode, submitted.body).toBe(303);
  expect(submitted.headers.location).toMatch(new RegExp(`/payment/cb/${transaction.id}$`));
  await runJobs(file, clock, 0);
  return statesOf(browser, transaction.id);
}

/** A signed callback as the provider would send it about `payment`. */
function callbackFor(
  payment: { id: string; transactionId: string; amountMinor: string },
  changes: { type?: string; eventId?: string; transactionId?: string } = {},
) {
  return JSON.stringify({
    id: changes.eventId ?? `evt_test${payment.id.replaceAll('-', '')}`,
    type: changes.type ?? 'charge.succeeded',
    created: Math.floor(clock.now().getTime() / 1000),
    data: {
      payment_id: payment.id,
      transaction_id: changes.transactionId ?? payment.transactionId,
      amount_minor: payment.amountMinor,
      currency: 'GBP',
      brand: 'Visa',
      last4: '4242',
      decline_code: null,
    },
  });
}

const deliver = (body: string, signature: string) =>
  file.app.inject({
    method: 'POST',
    url: CALLBACK_URL,
    headers: { 'content-type': 'application/json', [SIGNATURE_HEADER]: signature },
    payload: body,
  });

/** The amount of a transfer's payment in minor units, as the provider's callback carries it. */
const minorOf = (transaction: Transaction) =>
  String(Math.round(Number(transaction.payment.total_payment_amount) * 100));

async function eventRows(paymentId: string) {
  const [row] = await file.database.db
    .select({ n: count() })
    .from(providerEvents)
    .where(eq(providerEvents.payment_id, paymentId));
  return row?.n ?? 0;
}

describe('the test cards', () => {
  it('4242 4242 4242 4242 approves: the payment CAPTURED, the transfer cleared, brand and last four kept', async () => {
    const { browser, transaction } = await cardTransfer();
    expect(transaction.payment.payment_provider.code).toBe(SANDBOX_CARD_PROVIDER_CODE);
    expect(transaction.payment.state.code).toBe('PENDING');
    // The page: plain HTML, no script, in the payment's language.
    const page = await file.app.inject({ url: pagePath(transaction.payment.payment_url) });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toContain('text/html');
    expect(page.body).toContain('<form method="post"');
    expect(page.body).not.toContain('<script');
    const paid = await payWith(browser, transaction, '4242 4242 4242 4242');
    expect(paid.payment).toBe('CAPTURED');
    expect(paid.transfer).not.toBe('PENDING-PAYMENT');
    expect(paid.read.payment.card).toEqual({ brand: 'Visa', last4: '4242' });
    // No longer payable: the URL is gone and the page says the payment is closed.
    expect(paid.read.payment.payment_url).toBeNull();
    const again = await submitCard(pagePath(transaction.payment.payment_url), '4242424242424242');
    expect(again.statusCode).toBe(409);
    expect(await eventRows(transaction.payment.id)).toBe(1);
  });

  it('4000 0000 0000 0002 declines: FAILED, and the transfer payable again by a new payment', async () => {
    const { browser, transaction } = await cardTransfer();
    const declined = await payWith(browser, transaction, '4000000000000002');
    expect(declined).toMatchObject({ payment: 'FAILED', transfer: 'PENDING-PAYMENT' });
    const retry = await browser.post(apiPaths.paymentRetry(transaction.id), { payment_data: null });
    expect(retry.statusCode, retry.body).toBe(200);
    const second = paymentSchema.parse(retry.json());
    expect(second.shared_reference).toMatch(/-002$/);
    expect(second.state.code).toBe('PENDING');
    expect(second.payment_url).not.toBeNull();
    expect(second.payment_provider.payment_data_requirements).toEqual([]);
    const paid = await payWith(browser, transaction, '4242424242424242');
    expect(paid.payment).toBe('CAPTURED');
  });

  it('4000 0000 0000 9995 declines for insufficient funds', async () => {
    const { browser, transaction } = await cardTransfer();
    const declined = await payWith(browser, transaction, '4000 0000 0000 9995');
    expect(declined).toMatchObject({ payment: 'FAILED', transfer: 'PENDING-PAYMENT' });
    expect(declined.read.payment.card).toEqual({ brand: 'Visa', last4: '9995' });
  });

  it('4000 0000 0000 0077 approves slowly: still pending until the provider decides', async () => {
    const { browser, transaction } = await cardTransfer();
    const pending = await payWith(browser, transaction, '4000000000000077');
    expect(pending.payment).toBe('PENDING');
    await runJobs(file, clock, SLOW_APPROVAL_MS);
    expect((await statesOf(browser, transaction.id)).payment).toBe('CAPTURED');
  });

  it('refuses a number failing Luhn, an expired card, a bad CVC and no name, keeping nothing', async () => {
    const { transaction } = await cardTransfer();
    const path = pagePath(transaction.payment.payment_url);
    const refused = await submitCard(path, '4242424242424241', {
      expiry: '01/20',
      cvc: '12',
      holder: '',
    });
    expect(refused.statusCode).toBe(422);
    for (const id of ['number-error', 'expiry-error', 'cvc-error', 'holder-error']) {
      expect(refused.body).toContain(`id="${id}"`);
    }
    expect(refused.body).not.toContain('4242424242424241');
    const charges = await file.database.db
      .select()
      .from(sandboxCardCharges)
      .where(eq(sandboxCardCharges.payment_id, transaction.payment.id));
    expect(charges).toEqual([]);
  });

  it('speaks Spanish to a Spanish link, and refuses a forged link (403)', async () => {
    const { transaction } = await cardTransfer();
    const url = new URL(transaction.payment.payment_url ?? '');
    url.searchParams.set('lang', 'es');
    const spanish = await file.app.inject({ url: `${url.pathname}${url.search}` });
    expect(spanish.body).toContain('Pagar con tarjeta');
    url.searchParams.set('token', 'A'.repeat(32));
    const forged = await file.app.inject({
      url: `${url.pathname}${url.search}`,
      headers: { accept: 'text/html' },
    });
    expect(forged.statusCode).toBe(403);
    expect(forged.body).toContain('Este enlace de pago no es válido');
    // An API client gets the error envelope instead of a page.
    const api = await file.app.inject({ url: `${url.pathname}${url.search}` });
    expect(api.statusCode).toBe(403);
    expect(api.headers['content-type']).toContain('application/json');
  });
});

describe('3-D Secure (4000 0000 0000 3220)', () => {
  async function challenged() {
    const { browser, transaction } = await cardTransfer();
    const submitted = await submitCard(
      pagePath(transaction.payment.payment_url),
      '4000000000003220',
    );
    expect(submitted.statusCode).toBe(303);
    const challenge = submitted.headers.location ?? '';
    expect(challenge).toContain('/3ds?');
    const page = await file.app.inject({ url: challenge });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('value="pass"');
    // Nothing is decided until the cardholder answers.
    await runJobs(file, clock, 0);
    expect((await statesOf(browser, transaction.id)).payment).toBe('PENDING');
    const answer = (result: string) =>
      file.app.inject({
        method: 'POST',
        url: challenge,
        headers: FORM,
        payload: `result=${result}`,
      });
    return { browser, transaction, answer };
  }

  it('passed: approved and captured', async () => {
    const { browser, transaction, answer } = await challenged();
    const passed = await answer('pass');
    expect(passed.statusCode).toBe(303);
    expect(passed.headers.location).toMatch(new RegExp(`/payment/cb/${transaction.id}$`));
    await runJobs(file, clock, 0);
    expect((await statesOf(browser, transaction.id)).payment).toBe('CAPTURED');
    // Answered once: a second answer decides nothing.
    expect((await answer('fail')).statusCode).toBe(409);
  });

  it('failed: the payment FAILED and the transfer payable again', async () => {
    const { browser, transaction, answer } = await challenged();
    expect((await answer('fail')).statusCode).toBe(303);
    await runJobs(file, clock, 0);
    expect(await statesOf(browser, transaction.id)).toMatchObject({
      payment: 'FAILED',
      transfer: 'PENDING-PAYMENT',
    });
  });
});

describe('the signed callback', () => {
  async function openPayment() {
    const { browser, transaction } = await cardTransfer();
    return {
      browser,
      transaction,
      payment: {
        id: transaction.payment.id,
        transactionId: transaction.id,
        amountMinor: minorOf(transaction),
      },
    };
  }

  it('50 concurrent deliveries of one signed callback capture once', async () => {
    const { browser, transaction, payment } = await openPayment();
    const body = callbackFor(payment);
    const signature = signCallback(body, SANDBOX_CARD_CALLBACK_SECRET, clock.now());
    const answers = await Promise.all(Array.from({ length: 50 }, () => deliver(body, signature)));
    const outcomes = answers.map((answer) => {
      expect(answer.statusCode, answer.body).toBe(200);
      return answer.json<{ outcome: string }>().outcome;
    });
    expect(outcomes.filter((outcome) => outcome === 'applied')).toHaveLength(1);
    expect(outcomes.filter((outcome) => outcome === 'duplicate')).toHaveLength(49);
    const again = await deliver(
      body,
      signCallback(body, SANDBOX_CARD_CALLBACK_SECRET, clock.now()),
    );
    expect(again.json<{ outcome: string }>().outcome).toBe('duplicate');
    const read = await statesOf(browser, transaction.id);
    expect(read.payment).toBe('CAPTURED');
    expect(await eventRows(payment.id)).toBe(1);
    // One capture: one entry for it, one PAYMENT-CLEARED on the timeline, one payment event.
    const captures = await file.database.db
      .select({ n: count() })
      .from(ledgerEntries)
      .where(
        and(
          eq(ledgerEntries.transaction_id, transaction.id),
          eq(ledgerEntries.event, 'payment-captured'),
        ),
      );
    expect(captures[0]?.n).toBe(1);
    expect(pastStates(read.read).filter((state) => state === 'PAYMENT-CLEARED')).toHaveLength(1);
    const events = await writtenPayloads(file.database.db, outboxKinds.realtime);
    const capturedEvents = events.filter(
      (event) =>
        event.channel === paymentChannel(payment.id) &&
        JSON.stringify(event).includes('"code":"CAPTURED"'),
    );
    expect(capturedEvents).toHaveLength(1);
  });

  it('refuses a late replay, a wrong signature, a changed body and another transfer, changing nothing', async () => {
    const { browser, transaction, payment } = await openPayment();
    const other = await openPayment();
    const body = callbackFor(payment);
    const unchanged = async () => {
      const states = await statesOf(browser, transaction.id);
      expect(states).toMatchObject({ payment: 'PENDING', transfer: 'PENDING-PAYMENT' });
      expect(await eventRows(payment.id)).toBe(0);
      const [row] = await file.database.db
        .select({ brand: payments.card_brand })
        .from(payments)
        .where(eq(payments.id, payment.id));
      expect(row?.brand).toBeNull();
    };
    // Signed, then replayed after the 300 s tolerance.
    const signedThen = signCallback(body, SANDBOX_CARD_CALLBACK_SECRET, clock.now());
    clock.advance(301 * SECOND);
    expect((await deliver(body, signedThen)).statusCode).toBe(401);
    await unchanged();
    // Signed with another secret.
    const wrong = signCallback(body, 'someone-elses-secret-of-thirty-two-chars', clock.now());
    expect((await deliver(body, wrong)).statusCode).toBe(401);
    // Signed, then the body changed (the amount).
    const signature = signCallback(body, SANDBOX_CARD_CALLBACK_SECRET, clock.now());
    expect((await deliver(body.replace(payment.amountMinor, '1'), signature)).statusCode).toBe(401);
    // No signature at all.
    expect((await deliver(body, '')).statusCode).toBe(401);
    // Validly signed, but naming another customer's transfer for this payment.
    const foreign = callbackFor(payment, { transactionId: other.transaction.id });
    const foreignAnswer = await deliver(
      foreign,
      signCallback(foreign, SANDBOX_CARD_CALLBACK_SECRET, clock.now()),
    );
    expect(foreignAnswer.statusCode).toBe(422);
    await unchanged();
    expect((await statesOf(other.browser, other.transaction.id)).payment).toBe('PENDING');
    // Nothing was used up: the right callback, signed now, still captures.
    const fresh = await deliver(
      body,
      signCallback(body, SANDBOX_CARD_CALLBACK_SECRET, clock.now()),
    );
    expect(fresh.json<{ outcome: string }>().outcome).toBe('applied');
    expect((await statesOf(browser, transaction.id)).payment).toBe('CAPTURED');
    // A decline arriving after the capture is recorded and ignored: monotonic.
    const late = callbackFor(payment, { type: 'charge.failed', eventId: 'evt_late' });
    const lateAnswer = await deliver(
      late,
      signCallback(late, SANDBOX_CARD_CALLBACK_SECRET, clock.now()),
    );
    expect(lateAnswer.json<{ outcome: string }>().outcome).toBe('ignored');
    expect((await statesOf(browser, transaction.id)).payment).toBe('CAPTURED');
  });
});

describe('retries, currencies and other customers', () => {
  it('refuses the fourth payment, typed, in English and Spanish; another customer gets 404', async () => {
    const payer = await readyPayer(file, clock);
    const { browser, transaction } = await cardTransfer(payer);
    for (let attempt = 1; attempt <= 3; attempt += 1) {
      if (attempt > 1) {
        const retry = await browser.post(apiPaths.paymentRetry(transaction.id), {});
        expect(retry.statusCode, retry.body).toBe(200);
      }
      expect((await payWith(browser, transaction, '4000000000000002')).payment).toBe('FAILED');
    }
    // The third and last payment declined: the transfer is cancelled (decision 38).
    const cancelled = await statesOf(browser, transaction.id);
    expect(cancelled.transfer).toBe('CANCELLED');
    expect(cancelled.read.timeline.at(-1)?.state.code).toBe('CANCELLED');
    const fourth = await browser.post(apiPaths.paymentRetry(transaction.id), {});
    expect(fourth.statusCode).toBe(409);
    expect(typedErrorSchema.parse(fourth.json())).toMatchObject({
      type: 'payment_limit_reached',
      message: 'This transfer already has 3 payments. Start a new transfer to try again.',
    });
    const spanish = await browser.request(
      'POST',
      apiPaths.paymentRetry(transaction.id),
      {},
      { 'accept-language': 'es' },
    );
    expect(typedErrorSchema.parse(spanish.json()).message).toBe(
      'Esta transferencia ya tiene 3 pagos. Empieza una nueva transferencia para volver a intentarlo.',
    );
    const stranger = await readyPayer(file, clock);
    const theirs = await cardTransfer(stranger);
    const idor = await browser.post(apiPaths.paymentRetry(theirs.transaction.id), {});
    expect(idor.statusCode).toBe(404);
    // The currencies the customer paid in (docs/product/sending-money.md#retry-and-cancel).
    const currencies = await browser.get(apiPaths.paymentCurrencies);
    expect(currencies.statusCode, currencies.body).toBe(200);
    const codes = paymentCurrenciesSchema.parse(currencies.json()).data.map((c) => c.iso_alpha);
    expect(codes).toEqual(['GBP']);
  });

  it('times an unpaid card payment out by the deadline sweep', async () => {
    const { browser, transaction } = await cardTransfer();
    expect(transaction.payment.expires_at).not.toBeNull();
    // Its deadline (PAYMENT_DEADLINE_HOURS away) brought to 30 s from now, so the sessions live.
    await file.database.db
      .update(payments)
      .set({ deadline: new Date(clock.now().getTime() + 30 * SECOND) })
      .where(eq(payments.id, transaction.payment.id));
    await runJobs(file, clock, 60 * SECOND);
    const expired = await statesOf(browser, transaction.id);
    expect(expired.payment).toBe('TIMED-OUT');
    expect(expired.read.payment.payment_url).toBeNull();
    // The page no longer takes a card for it.
    const late = await submitCard(pagePath(transaction.payment.payment_url), '4242424242424242');
    expect(late.statusCode).toBe(409);
  });

  it('never writes a card number to the log', () => {
    const log = JSON.stringify(file.logs());
    for (const pan of [
      '4242424242424242',
      '4242 4242 4242 4242',
      '4000000000000002',
      '4000000000003220',
      '4000000000009995',
      '4000000000000077',
    ]) {
      expect(log).not.toContain(pan);
    }
    // The log did see the card page's requests (debug): the check is not vacuous.
    expect(log).toContain('/sandbox/card/');
  });
});
