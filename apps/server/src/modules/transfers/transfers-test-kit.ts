import crypto from 'node:crypto';
import {
  apiPaths,
  recipientSchema,
  savedQuoteSchema,
  transactionSchema,
  type ConfirmQuoteBody,
  type Recipient,
  type SavedQuote,
  type Transaction,
} from '@corridor/contracts';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { beforeEach, expect } from 'vitest';
import type { Database } from '../../db/database.ts';
import { MOBILE_NUMBER_UNAVAILABLE } from '../../errors/constraint-violations.ts';
import { stableId } from '../../lib/stable-id.ts';
import { appPerFile } from '../../test/app-per-file.ts';
import { TestClock } from '../../test/clock.ts';
import { onboardedCustomer } from '../../test/factories.ts';
import type { TestBrowser } from '../../test/test-browser.ts';
// Test code (not run by the app): it arranges rows of other modules' tables, as tests may.
/* eslint-disable no-restricted-imports */
import { countries } from '../countries/countries.schema.ts';
import { approveDocument } from '../documents/documents-test-kit.ts';
import { fxRates } from '../fx/fx.schema.ts';
import { channelOf, indianBank } from '../recipients/recipients-test-kit.ts';
/* eslint-enable no-restricted-imports */

/**
 * What the transfers tests share (test code only): the file's app on a test clock, a customer
 * with nothing in the way of sending, a fresh GBP→INR rate, a saved quote to a recipient in
 * India, confirm's body, a confirmed transfer and reading it back.
 */

/** The payment method ids, as saved quotes list them (quotes' payment-methods.ts). */
export const BANK_TRANSFER_METHOD_ID = stableId('payment-method', 'MANUAL-PAYMENT');
export const CARD_METHOD_ID = stableId('payment-method', 'SANDBOX-CARD');

const RATE_CACHE_PASSED_MS = 6_000;

/**
 * The file's test clock and app (jobs not started) for tests that confirm transfers: after the
 * file, `ledger:check` must find nothing wrong (appPerFile's `movesMoney`). With
 * `rateBeforeEach`, every test starts with a fresh GBP→INR rate.
 */
export function transfersTestFile(options: { rateBeforeEach?: boolean } = {}) {
  const clock = new TestClock();
  const testApp = appPerFile({ clock, startJobs: false, movesMoney: true });
  const db = () => testApp.database.db;
  if (options.rateBeforeEach) beforeEach(() => freshRate(db(), clock));
  return { clock, testApp, db };
}

/** A fresh GBP→INR mid-market rate, then past the rate cache's few seconds. */
export async function freshRate(db: Database, clock: TestClock, rate = '112.5') {
  const asOf = clock.now();
  await db
    .insert(fxRates)
    .values({
      provider: 'sandbox',
      base_currency: 'GBP',
      quote_currency: 'INR',
      rate,
      as_of: asOf,
      fetched_at: asOf,
    })
    .onConflictDoNothing();
  // Past the rate cache's few seconds.
  clock.advance(RATE_CACHE_PASSED_MS);
}

/**
 * A sender's mobile number, GB's 07400 000000 to 07400 999999, drawn at random: a counter read
 * after an await gave two senders made side by side the same number (one customer per number).
 */
const randomMobileNumber = () => `07400 ${String(crypto.randomInt(1_000_000)).padStart(6, '0')}`;
/** Draws before giving up: one clash among a file's senders is rare, five in a row unheard of. */
const MOBILE_NUMBER_DRAWS = 5;

/**
 * A customer of GB who finished onboarding through the API (identity, address, employment,
 * mobile number), with `documents` approved (an ID and a proof of address by default): nothing
 * but the transfer itself stops them from sending. Safe to call side by side: each sender's
 * email and mobile number are its own.
 */
export async function readySender(
  app: FastifyInstance,
  db: Database,
  clock: TestClock,
  options: {
    documents?: readonly ('POI' | 'POA' | 'SOF')[];
    /** An onboarding step left undone. */
    skip?: 'address' | 'employment';
    /** The name the approved ID carries (the profile's is Ada Lovelace, born 1990-12-10). */
    idName?: string;
  } = {},
): Promise<{ browser: TestBrowser; customerId: string }> {
  const { documents = ['POI', 'POA'], skip, idName } = options;
  const email = `sender-${crypto.randomUUID()}@example.com`;
  const { browser, customer } = await onboardedCustomer(app, email);
  const [gb] = await db.select().from(countries).where(eq(countries.iso2_alpha, 'GB'));
  const steps: [string, unknown][] = [
    [
      `${apiPaths.updateAttributes}?category=address`,
      { address: { address_line_1: '12 Analytical Row', city: 'London', postcode: 'SW1A 1AA' } },
    ],
    [
      `${apiPaths.updateAttributes}?category=employment`,
      { employment: { occupation: 'ENGINEER', salary_range: 'GBP_25000_49999' } },
    ],
  ];
  for (const [url, body] of steps) {
    if (skip && url.endsWith(`category=${skip}`)) continue;
    const response = await browser.post(url, body);
    expect(response.statusCode, response.body).toBe(200);
  }
  await saveMobileNumber(browser, gb?.id);
  const types = { POI: 'PASSPORT', POA: 'UTILITY_BILL', SOF: 'BANK_STATEMENT' } as const;
  for (const category of documents) {
    const read =
      category === 'POI' && idName
        ? { name: idName, thirdName: 'Lovelace', birthDate: '1990-12-10' }
        : undefined;
    await approveDocument(app, db, clock, customer.id, category, types[category], read);
  }
  return { browser, customerId: customer.id };
}

/**
 * Saves a random mobile number of `countryId` (GB) for the customer of `browser`, drawing
 * another when a customer made at the same time already has that one.
 */
async function saveMobileNumber(browser: TestBrowser, countryId: string | undefined) {
  for (let draw = 1; ; draw += 1) {
    const response = await browser.post(apiPaths.updateMobileNumber, {
      mobile_number_country_id: countryId,
      mobile_number: randomMobileNumber(),
    });
    const taken =
      response.statusCode === 422 &&
      response.json<{ errors?: { mobile_number?: string[] } }>().errors?.mobile_number?.[0] ===
        MOBILE_NUMBER_UNAVAILABLE;
    if (!taken || draw === MOBILE_NUMBER_DRAWS) {
      expect(response.statusCode, response.body).toBe(200);
      return;
    }
  }
}

/** A recipient in India (bank account) of the customer of `browser`. */
export async function indianRecipient(
  browser: TestBrowser,
  db: Database,
  name = 'Asha',
): Promise<Recipient> {
  const channel = await channelOf(browser, db, 'IN', 'BANK-ACCOUNT');
  const response = await browser.post(
    `${apiPaths.addRecipient}?payout_channel_id=${channel.id}`,
    indianBank(channel, name),
  );
  expect(response.statusCode, response.body).toBe(201);
  return recipientSchema.parse(response.json());
}

/** A quote saved to send `amount` GBP to `recipient`, read back with its purposes. */
export async function quoteTo(
  browser: TestBrowser,
  recipient: Recipient,
  amount = '100',
): Promise<SavedQuote> {
  const saved = await browser.post(apiPaths.recipientSendMoney(recipient.id), { amount });
  expect(saved.statusCode, saved.body).toBe(201);
  const id = savedQuoteSchema.parse(saved.json()).id;
  const read = await browser.get(apiPaths.quoteById(id));
  expect(read.statusCode, read.body).toBe(200);
  return savedQuoteSchema.parse(read.json());
}

/** Confirm's body for a saved quote: its first purpose, a bank transfer, the declaration. */
export function confirmBody(quote: SavedQuote, changes: Partial<ConfirmQuoteBody> = {}) {
  const purpose = quote.purposes?.[0];
  if (!purpose) throw new Error('read the quote with GET to have its purposes');
  return {
    purpose_id: purpose.id,
    payment_method_id: BANK_TRANSFER_METHOD_ID,
    third_party_declaration_accepted: true,
    ...changes,
  };
}

/** POST /client/v1/quote/confirm/{id}, with an Idempotency-Key when given. */
export const confirm = (browser: TestBrowser, quoteId: string, body: unknown, key?: string) =>
  browser.request(
    'POST',
    apiPaths.quoteConfirm(quoteId),
    body,
    key === undefined ? {} : { 'idempotency-key': key },
  );

/** A transfer of `amount` GBP to `recipient`, confirmed (201): awaiting payment. */
export async function confirmedTo(
  browser: TestBrowser,
  recipient: Recipient,
  amount = '100',
): Promise<Transaction> {
  const quote = await quoteTo(browser, recipient, amount);
  const response = await confirm(browser, quote.id, confirmBody(quote));
  expect(response.statusCode, response.body).toBe(201);
  return transactionSchema.parse(response.json());
}

/** The transfer as its customer reads it. */
export async function transferOf(browser: TestBrowser, id: string): Promise<Transaction> {
  const response = await browser.get(apiPaths.transaction(id));
  expect(response.statusCode, response.body).toBe(200);
  return transactionSchema.parse(response.json());
}
