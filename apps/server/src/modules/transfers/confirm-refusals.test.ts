import crypto from 'node:crypto';
import { apiPaths, preconditionTypes, transactionSchema } from '@corridor/contracts';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { forgetCachedCustomer } from '../../test/cached-reads.ts';
import { signedInCustomer } from '../../test/factories.ts';
import type { TestBrowser } from '../../test/test-browser.ts';
import { accounts } from '../accounts/accounts.schema.ts';
import { countries } from '../countries/countries.schema.ts';
import { customers } from '../customers/customers.schema.ts';
import { quotes } from '../quotes/quotes.schema.ts';
import {
  confirm,
  confirmBody,
  indianRecipient,
  quoteTo,
  readySender,
  transfersTestFile,
} from './transfers-test-kit.ts';

// docs/product/sending-money.md#refusals: 412 in the order of preconditionTypes, the first that
// applies, each with a message that says what clears it.
const { clock, testApp, db } = transfersTestFile({ rateBeforeEach: true });

/** The quote's rate lock ends now (the session would idle out if the clock moved 30 minutes). */
const expireQuote = (quoteId: string) =>
  db().update(quotes).set({ expires_at: clock.now() }).where(eq(quotes.id, quoteId));

async function refusalOf(browser: TestBrowser, quoteId: string, body: unknown) {
  const response = await confirm(browser, quoteId, body);
  expect(response.statusCode, response.body).toBe(412);
  const answer = response.json<{ type: string; message: string } & Record<string, unknown>>();
  expect(preconditionTypes).toContain(answer.type);
  expect(answer.message.length).toBeGreaterThan(10);
  return answer;
}

/** A customer who chose GB and nothing else (identity still owed), with a quote to a recipient. */
async function newcomerWithQuote() {
  const { browser, customerId } = await signedInCustomer(testApp.app, db(), clock);
  const email = `newcomer-${crypto.randomUUID()}@example.com`;
  await db()
    .insert(accounts)
    .values({ customer_id: customerId, email, email_normalized: email, password_hash: 'x' });
  const [gb] = await db().select().from(countries).where(eq(countries.iso2_alpha, 'GB'));
  await db()
    .update(customers)
    .set({ country_id: gb?.id ?? null })
    .where(eq(customers.id, customerId));
  const recipient = await indianRecipient(browser, db());
  return { browser, customerId, quote: await quoteTo(browser, recipient) };
}

async function senderWithQuote(options: Parameters<typeof readySender>[3] = {}, amount = '100') {
  const { browser, customerId } = await readySender(testApp.app, db(), clock, options);
  const recipient = await indianRecipient(browser, db());
  return { browser, customerId, recipient, quote: await quoteTo(browser, recipient, amount) };
}

/** An ID, a proof of address and a source of funds approved: the enhanced limits. */
const ENHANCED = { documents: ['POI', 'POA', 'SOF'] } as const;

describe('the refusals of confirm, in order', () => {
  it('1 blocked_for_sending comes before everything else', async () => {
    const { browser, customerId, recipient, quote } = await senderWithQuote({ documents: [] });
    await db()
      .update(customers)
      .set({ is_blocked_for_sending: true })
      .where(eq(customers.id, customerId));
    await forgetCachedCustomer(testApp.app, customerId);
    expect((await browser.request('DELETE', apiPaths.recipient(recipient.id))).statusCode).toBe(
      204,
    );
    await expireQuote(quote.id);
    const answer = await refusalOf(browser, quote.id, confirmBody(quote));
    expect(answer.type).toBe('blocked_for_sending');
  });

  it('2 incomplete_customer_identity, before the recipient, documents and expiry', async () => {
    const { browser, quote } = await newcomerWithQuote();
    await expireQuote(quote.id);
    expect((await refusalOf(browser, quote.id, confirmBody(quote))).type).toBe(
      'incomplete_customer_identity',
    );
  });

  it('3 incomplete_customer_address, before the documents', async () => {
    const { browser, quote } = await senderWithQuote({ skip: 'address', documents: [] });
    const answer = await refusalOf(browser, quote.id, confirmBody(quote));
    expect(answer.type).toBe('incomplete_customer_address');
  });

  it('5 missing_recipient when the quote’s recipient was removed, before the documents', async () => {
    const { browser, recipient, quote } = await senderWithQuote({ documents: [] });
    expect((await browser.request('DELETE', apiPaths.recipient(recipient.id))).statusCode).toBe(
      204,
    );
    const answer = await refusalOf(browser, quote.id, confirmBody(quote));
    expect(answer.type).toBe('missing_recipient');
  });

  it('6 account_verification_required names the documents owed, before the expiry', async () => {
    const { browser, quote } = await senderWithQuote({ documents: ['POI'] });
    await expireQuote(quote.id);
    const answer = await refusalOf(browser, quote.id, confirmBody(quote));
    expect(answer.type).toBe('account_verification_required');
    expect((answer.pending_documents as { code: string }[]).map((d) => d.code)).toEqual(['POA']);
    // In Spanish too.
    const spanish = await browser.request(
      'POST',
      apiPaths.quoteConfirm(quote.id),
      confirmBody(quote),
      {
        'accept-language': 'es',
      },
    );
    expect(spanish.json<{ message: string }>().message).toMatch(/^Sube los documentos/);
  });

  it('6 account_verification_required owes a source of funds once this transfer passes its threshold', async () => {
    // SOF_THRESHOLDS: GBP 5,000 over 30 days by default; nothing sent yet, so 5,001 passes it.
    const { browser, quote } = await senderWithQuote({}, '5001');
    const answer = await refusalOf(browser, quote.id, confirmBody(quote));
    expect(answer.type).toBe('account_verification_required');
    expect((answer.pending_documents as { code: string }[]).map((d) => d.code)).toEqual(['SOF']);
  });

  it('7 poi_info_check_failed when the ID’s name is not the profile’s, before the expiry', async () => {
    const { browser, quote } = await senderWithQuote({ idName: 'Grace' });
    await expireQuote(quote.id);
    const answer = await refusalOf(browser, quote.id, confirmBody(quote));
    expect(answer.type).toBe('poi_info_check_failed');
  });

  it('8 quote_expired, before the limits', async () => {
    const { browser, quote } = await senderWithQuote(ENHANCED, '9000');
    await expireQuote(quote.id);
    expect((await refusalOf(browser, quote.id, confirmBody(quote))).type).toBe('quote_expired');
  });

  it('9 limit_exceeded says the limit, its period and what is left', async () => {
    // Enhanced (an ID and a source of funds): GBP 50,000 in 24 hours (decision 20).
    const { browser, recipient, quote } = await senderWithQuote(ENHANCED, '20000');
    for (const next of [quote, await quoteTo(browser, recipient, '20001')]) {
      const made = await confirm(browser, next.id, confirmBody(next));
      expect(made.statusCode, made.body).toBe(201);
    }
    const third = await quoteTo(browser, recipient, '15000');
    const answer = await refusalOf(browser, third.id, confirmBody(third));
    expect(answer).toMatchObject({
      type: 'limit_exceeded',
      period: 'last_24_hours',
      limit: '50000.00',
      limit_currency_prefixed: 'GBP 50,000.00',
      remaining: '9999.00',
    });
    expect(answer.message).toContain('GBP 9,999.00');
  });

  it('10 duplicate_transaction: the quote is already a transfer, and names it', async () => {
    const { browser, quote } = await senderWithQuote();
    const first = await confirm(browser, quote.id, confirmBody(quote));
    expect(first.statusCode, first.body).toBe(201);
    const transaction = transactionSchema.parse(first.json());
    // Even once the quote has expired: the client goes on to pay the transfer it made.
    await expireQuote(quote.id);
    const answer = await refusalOf(browser, quote.id, confirmBody(quote));
    expect(answer).toMatchObject({
      type: 'duplicate_transaction',
      transaction_id: transaction.id,
    });
  });

  it('10 duplicate_transaction: the same amount to the same recipient, unpaid, just made', async () => {
    const { browser, recipient, quote } = await senderWithQuote();
    const first = await confirm(browser, quote.id, confirmBody(quote));
    expect(first.statusCode, first.body).toBe(201);
    const again = await quoteTo(browser, recipient);
    const answer = await refusalOf(browser, again.id, confirmBody(again));
    expect(answer).toMatchObject({
      type: 'duplicate_transaction',
      transaction_id: transactionSchema.parse(first.json()).id,
    });
    // Another amount is another transfer.
    const other = await quoteTo(browser, recipient, '101');
    expect((await confirm(browser, other.id, confirmBody(other))).statusCode).toBe(201);
  });
});
