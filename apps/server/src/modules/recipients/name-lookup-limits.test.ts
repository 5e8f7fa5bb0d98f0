import crypto from 'node:crypto';
import { apiPaths, type PayoutChannel } from '@corridor/contracts';
import { eq } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import { nubanCheckDigit } from './formats/index.ts';
import { recipients } from './recipients.schema.ts';
import { appPerFile } from '../../test/app-per-file.ts';
import { fromAddress } from '../../test/client-address.ts';
import { MINUTE, TestClock } from '../../test/clock.ts';
import { signedInCustomer } from '../../test/factories.ts';
import type { TestBrowser } from '../../test/test-browser.ts';
import { NAME_LOOKUPS_PER_ADDRESS, NAME_LOOKUPS_PER_CUSTOMER } from './name-lookup-limits.ts';
import { channelOf, nigerianBank, NUBAN, optionOf } from './recipients-test-kit.ts';

// Issue 28, S2: 300 name lookups in a second, 64 distinct names, nothing in the way.
const clock = new TestClock();
const testApp = appPerFile({ clock });
const db = () => testApp.database.db;

let nigeria: PayoutChannel;
beforeAll(async () => {
  const { browser } = await customerAt('192.0.2.1');
  nigeria = await channelOf(browser, db(), 'NG', 'BANK-ACCOUNT');
});

/** A signed-in customer whose requests come from `ip` (each test its own address). */
const customerAt = (ip: string) => signedInCustomer(fromAddress(testApp.app, ip), db(), clock);

/**
 * A distinct GTBank NUBAN for each serial (the enumeration the limit stops), named by the
 * sandbox: it never ends in one of the sandbox's refused endings.
 */
const account = (serial: number) => {
  const nine = `7${String(serial).padStart(5, '0')}123`;
  return `${nine}${nubanCheckDigit('058', nine)}`;
};

const lookUp = (browser: TestBrowser, serial: number, locale = 'en') =>
  browser.request(
    'GET',
    `${apiPaths.nameLookup(nigeria.id)}?${new URLSearchParams({
      bank: optionOf(nigeria, 'bank', '058'),
      account_number: account(serial),
    })}`,
    undefined,
    { 'accept-language': locale },
  );

async function lookUpTimes(browser: TestBrowser, times: number): Promise<void> {
  for (let serial = 0; serial < times; serial += 1) {
    const response = await lookUp(browser, serial);
    expect(response.statusCode, response.body).toBe(200);
  }
}

const addUrl = () => `${apiPaths.addRecipient}?payout_channel_id=${nigeria.id}`;

function expectLimited(response: LightMyRequestResponse, wait = 'in 60 minutes') {
  expect(response.statusCode, response.body).toBe(429);
  expect(Number(response.headers['retry-after'])).toBeGreaterThan(59 * 60);
  expect(Number(response.headers['retry-after'])).toBeLessThanOrEqual(60 * 60);
  expect(response.json()).toEqual({
    message: `You have looked up too many account holders' names for now. Please try again ${wait}.`,
  });
}

/** An hour on the test clock, the browsers kept signed in (a session idles out in 30 minutes). */
async function anHourLater(...browsers: TestBrowser[]) {
  for (let step = 0; step < 3; step += 1) {
    clock.advance(20 * MINUTE);
    for (const browser of browsers) await browser.get(apiPaths.recipients);
  }
}

describe('the account-name lookup limit per customer', () => {
  it('answers 429 with Retry-After past the hourly lookups, in the reader language', async () => {
    const { browser } = await customerAt('192.0.2.10');
    await lookUpTimes(browser, NAME_LOOKUPS_PER_CUSTOMER.limit);
    expectLimited(await lookUp(browser, 999));
    const spanish = await lookUp(browser, 998, 'es');
    expect(spanish.statusCode).toBe(429);
    expect(spanish.json()).toEqual({
      message:
        'Has consultado demasiados nombres de titulares de cuenta por ahora. Vuelve a intentarlo dentro de 60 minutos.',
    });
  });

  it('leaves another customer at the same address free', async () => {
    const limited = await customerAt('192.0.2.11');
    await lookUpTimes(limited.browser, NAME_LOOKUPS_PER_CUSTOMER.limit);
    expectLimited(await lookUp(limited.browser, 999));
    const other = await customerAt('192.0.2.11');
    expect((await lookUp(other.browser, 1)).statusCode).toBe(200);
  });

  it('frees the customer once the hour has passed', async () => {
    const { browser } = await customerAt('192.0.2.12');
    await lookUpTimes(browser, NAME_LOOKUPS_PER_CUSTOMER.limit);
    expectLimited(await lookUp(browser, 999));
    await anHourLater(browser);
    expect((await lookUp(browser, 999)).statusCode).toBe(200);
  });

  it('counts the lookups of adding and editing a recipient, and refuses them past it', async () => {
    const { browser, customerId } = await customerAt('192.0.2.13');
    await lookUpTimes(browser, NAME_LOOKUPS_PER_CUSTOMER.limit - 2);
    const added = await browser.post(addUrl(), nigerianBank(nigeria));
    expect(added.statusCode, added.body).toBe(201);
    const id = added.json<{ id: string }>().id;
    const edited = await browser.post(apiPaths.editRecipient(id), nigerianBank(nigeria));
    expect(edited.statusCode, edited.body).toBe(200);
    expectLimited(await browser.post(addUrl(), nigerianBank(nigeria, account(600))));
    expectLimited(await browser.post(apiPaths.editRecipient(id), nigerianBank(nigeria)));
    const rows = await db().select().from(recipients).where(eq(recipients.customer_id, customerId));
    expect(rows).toHaveLength(1);
  });

  it('does not count a replayed add (same Idempotency-Key)', async () => {
    const { browser } = await customerAt('192.0.2.14');
    await lookUpTimes(browser, NAME_LOOKUPS_PER_CUSTOMER.limit - 2);
    const key = crypto.randomUUID();
    const add = () =>
      browser.request('POST', addUrl(), nigerianBank(nigeria), { 'idempotency-key': key });
    expect((await add()).statusCode).toBe(201);
    for (let replay = 0; replay < 3; replay += 1) {
      const again = await add();
      expect(again.statusCode).toBe(201);
      expect(again.headers['idempotent-replayed']).toBe('true');
    }
    // The add was the limit's 29th lookup; its replays took none, so the 30th is still free.
    expect((await lookUp(browser, 500)).statusCode).toBe(200);
    expectLimited(await lookUp(browser, 501));
  });

  it('counts only the lookups that reach the bank: a refused account counts, bad input not', async () => {
    const { browser } = await customerAt('192.0.2.15');
    const bank = optionOf(nigeria, 'bank', '058');
    for (let attempt = 0; attempt < NAME_LOOKUPS_PER_CUSTOMER.limit + 5; attempt += 1) {
      const malformed = await browser.get(
        `${apiPaths.nameLookup(nigeria.id)}?bank=${bank}&account_number=12`,
      );
      expect(malformed.statusCode).toBe(422);
    }
    const refused = await browser.get(
      `${apiPaths.nameLookup(nigeria.id)}?bank=${bank}&account_number=${NUBAN.notFound}`,
    );
    expect(refused.statusCode).toBe(422);
    await lookUpTimes(browser, NAME_LOOKUPS_PER_CUSTOMER.limit - 1);
    expectLimited(await lookUp(browser, 999));
  });
});

describe('the account-name lookup limit per client address', () => {
  it('answers 429 past the address limit, to any customer there, and frees it after the hour', async () => {
    const ip = '198.51.100.7';
    const perCustomer = NAME_LOOKUPS_PER_CUSTOMER.limit;
    const customers: TestBrowser[] = [];
    for (let used = 0; used < NAME_LOOKUPS_PER_ADDRESS.limit; used += perCustomer) {
      const { browser } = await customerAt(ip);
      await lookUpTimes(browser, perCustomer);
      customers.push(browser);
    }
    const fresh = await customerAt(ip);
    expectLimited(await lookUp(fresh.browser, 1));
    expectLimited(await fresh.browser.post(addUrl(), nigerianBank(nigeria)));
    const elsewhere = await customerAt('198.51.100.8');
    expect((await lookUp(elsewhere.browser, 1)).statusCode).toBe(200);
    await anHourLater(fresh.browser);
    expect((await lookUp(fresh.browser, 1)).statusCode).toBe(200);
  });
});
