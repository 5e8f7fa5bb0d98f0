import crypto from 'node:crypto';
import {
  apiPaths,
  recipientListSchema,
  recipientSchema,
  recipientWhisperSchema,
  taskListSchema,
  type PayoutChannel,
  type Recipient,
} from '@corridor/contracts';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { accounts } from '../accounts/accounts.schema.ts';
import { quotes } from '../quotes/quotes.schema.ts';
import { recipients } from './recipients.schema.ts';
import { createMemoryRateLimiter } from '../../lib/rate-limiter.ts';
import { createUnitOfWork } from '../../lib/unit-of-work.ts';
import { appPerFile } from '../../test/app-per-file.ts';
import { MINUTE, SECOND, TestClock } from '../../test/clock.ts';
import type { TestBrowser } from '../../test/test-browser.ts';
import { createCountriesRepository } from '../countries/countries.repository.ts';
import { createCountriesService } from '../countries/countries.service.ts';
import { createPayoutsRepository } from '../payouts/payouts.repository.ts';
import { createPayoutsService } from '../payouts/payouts.service.ts';
import { attachRecipientToQuote } from '../quotes/quote-attachment.ts';
import {
  createRecipientsModule,
  createSandboxNameLookup,
  type RecipientsService,
} from './index.ts';
import {
  channelOf,
  corridorOf,
  countryIdOf,
  indianBank,
  insertQuote,
  kenyanWallet,
  newCustomer,
  nigerianBank,
  polishIban,
} from './recipients-test-kit.ts';

const clock = new TestClock();
const testApp = appPerFile({ clock });
const db = () => testApp.database.db;

let alice: { browser: TestBrowser; customerId: string };
let mallory: { browser: TestBrowser; customerId: string };
let india: PayoutChannel;
let nigeria: PayoutChannel;
let poland: PayoutChannel;
let kenyaWallet: PayoutChannel;
let kenyaId: string;
/** Alice's recipients, oldest first. */
const added: Recipient[] = [];

const addUrl = (channel: PayoutChannel, quoteId?: string) =>
  `${apiPaths.addRecipient}?payout_channel_id=${channel.id}${quoteId ? `&quote_id=${quoteId}` : ''}`;

async function add(browser: TestBrowser, channel: PayoutChannel, body: Record<string, unknown>) {
  // A second apart: newest first is the order they were added in.
  clock.advance(SECOND);
  const response = await browser.post(addUrl(channel), body);
  expect(response.statusCode, response.body).toBe(201);
  return recipientSchema.parse(response.json());
}

/** Indian first names without the letters of "Kowalski", "Wanjiku" or "Kenya"'s search tests. */
const NAMES = ['Asha', 'Bhavna', 'Chetan', 'Deepa', 'Esha', 'Farah', 'Gita', 'Hema', 'Indu'];

beforeAll(async () => {
  alice = await newCustomer(testApp.app, db());
  mallory = await newCustomer(testApp.app, db());
  india = await channelOf(alice.browser, db(), 'IN', 'BANK-ACCOUNT');
  nigeria = await channelOf(alice.browser, db(), 'NG', 'BANK-ACCOUNT');
  poland = await channelOf(alice.browser, db(), 'PL', 'BANK-ACCOUNT');
  kenyaWallet = await channelOf(alice.browser, db(), 'KE', 'MOBILE-WALLET');
  kenyaId = await countryIdOf(db(), 'KE');
  for (const name of NAMES) added.push(await add(alice.browser, india, indianBank(india, name)));
  added.push(await add(alice.browser, poland, polishIban(poland)));
  added.push(await add(alice.browser, kenyaWallet, kenyanWallet(kenyaWallet, kenyaId)));
  added.push(await add(alice.browser, nigeria, nigerianBank(nigeria)));
  added.push(await add(alice.browser, india, indianBank(india, 'Jaya')));
});

const list = async (browser: TestBrowser, query = '', locale = 'en') => {
  const response = await browser.request('GET', `${apiPaths.recipients}${query}`, undefined, {
    'accept-language': locale,
  });
  expect(response.statusCode, response.body).toBe(200);
  return recipientListSchema.parse(response.json());
};
const whisper = async (browser: TestBrowser, search?: string) => {
  const query = search === undefined ? '' : `?search=${encodeURIComponent(search)}`;
  const response = await browser.get(`${apiPaths.recipientsWhisper}${query}`);
  expect(response.statusCode, response.body).toBe(200);
  return recipientWhisperSchema.parse(response.json()).data;
};
const namesOf = (recipientsFound: { whole_name: string }[]) =>
  recipientsFound.map((recipient) => recipient.whole_name);

describe('GET /client/v1/recipients', () => {
  it('pages 12 at a time, newest first', async () => {
    const newestFirst = [...added].reverse();
    const first = await list(alice.browser);
    expect(first.data.map((r) => r.id)).toEqual(newestFirst.slice(0, 12).map((r) => r.id));
    expect(first.pagination).toEqual({
      total: 13,
      count: 12,
      per_page: 12,
      current_page: 1,
      total_pages: 2,
      links: {
        self: `${apiPaths.recipients}?page=1`,
        next: `${apiPaths.recipients}?page=2`,
        prev: null,
      },
    });
    const second = await list(alice.browser, '?page=2');
    expect(second.data.map((r) => r.id)).toEqual([newestFirst[12]?.id]);
    expect((await list(alice.browser, '?page=3')).data).toEqual([]);
  });

  it('searches the whole name, the account number and the country, ignoring case', async () => {
    expect(namesOf((await list(alice.browser, '?search=ASHA%20RAO')).data)).toEqual(['Asha Rao']);
    // The IBAN is stored without spaces; typed as printed, it is found all the same.
    const byIban = await list(alice.browser, `?search=${encodeURIComponent('1090 1014')}`);
    expect(namesOf(byIban.data)).toEqual(['Kowalski & Syn Sp. z o.o.']);
    const byMobile = await list(alice.browser, '?search=712345678');
    expect(namesOf(byMobile.data)).toEqual(['Wanjiku Achieng Kamau']);
    expect(namesOf((await list(alice.browser, '?search=kenya')).data)).toEqual([
      'Wanjiku Achieng Kamau',
    ]);
    // Poland in the reader's language.
    expect(namesOf((await list(alice.browser, '?search=polonia', 'es')).data)).toEqual([
      'Kowalski & Syn Sp. z o.o.',
    ]);
    const indians = await list(alice.browser, '?search=india');
    expect(indians.pagination.total).toBe(10);
  });

  it('takes % and _ in a search literally', async () => {
    // No name, account or country holds them: unescaped, either would match everything.
    for (const search of ['%', '_', '%25a', 'a_h']) {
      const found = await list(alice.browser, `?search=${encodeURIComponent(search)}`);
      expect(found.pagination.total, search).toBe(0);
    }
  });

  it('refuses a search over 100 characters, or with control characters', async () => {
    for (const search of ['a'.repeat(101), 'asha\u0000', 'a\u0007']) {
      const url = `${apiPaths.recipients}?search=${encodeURIComponent(search)}`;
      const response = await alice.browser.get(url);
      expect(response.statusCode).toBe(422);
      expect(Object.keys(response.json().errors)).toEqual(['search']);
    }
  });
});

describe('GET /client/v1/recipients/whisper', () => {
  it('suggests at most 10, with what a suggestion shows', async () => {
    const all = await whisper(alice.browser);
    expect(all).toHaveLength(10);
    expect(all[0]?.id).toBe(added.at(-1)?.id);
    const [wallet] = await whisper(alice.browser, 'wanj');
    expect(wallet).toEqual({
      id: added[10]?.id,
      whole_name: 'Wanjiku Achieng Kamau',
      recipient_type: 'individual',
      country: expect.objectContaining({ id: kenyaId, iso2_alpha: 'KE' }),
      currency: 'KES',
      payout_method: {
        id: corridorOf('KE', 'MOBILE-WALLET').methodId,
        code: 'MOBILE-WALLET',
        title: 'Mobile wallet',
      },
      account_hint: '••••5678',
    });
  });

  it('answers 200 with [] when nothing matches', async () => {
    expect(await whisper(alice.browser, 'nobody like this')).toEqual([]);
  });
});

describe('another customer (IDOR)', () => {
  it("never sees the first customer's recipients: 404 on every route, none in lists", async () => {
    const target = added[0];
    if (!target) throw new Error('no recipient');
    const { browser } = mallory;
    expect((await browser.get(apiPaths.recipient(target.id))).statusCode).toBe(404);
    const edit = await browser.post(apiPaths.editRecipient(target.id), indianBank(india, 'Stolen'));
    expect(edit.statusCode).toBe(404);
    expect(edit.json()).toEqual({ message: 'Not found.' });
    expect((await browser.delete(apiPaths.recipient(target.id))).statusCode).toBe(404);
    expect((await list(browser)).pagination.total).toBe(0);
    expect((await list(browser, '?search=asha')).data).toEqual([]);
    const theirs = await browser.get(`${apiPaths.recipientsWhisper}?search=asha`);
    expect(theirs.json()).toEqual({ data: [] });
    const still = await alice.browser.get(apiPaths.recipient(target.id));
    expect(recipientSchema.parse(still.json())).toEqual(target);
  });
});

describe('POST /client/v1/recipients/add?quote_id', () => {
  const aliceRows = async () =>
    db().select().from(recipients).where(eq(recipients.customer_id, alice.customerId));
  const quoteFor = (customerId: string, iso2 = 'NG', expiresIn = 30 * MINUTE) =>
    insertQuote(db(), {
      customerId,
      iso2,
      method: 'BANK-ACCOUNT',
      now: clock.now(),
      expiresAt: new Date(clock.now().getTime() + expiresIn),
    });

  it("makes the new recipient the quote's, in the same transaction", async () => {
    const quoteId = await quoteFor(alice.customerId);
    const response = await alice.browser.post(addUrl(nigeria, quoteId), nigerianBank(nigeria));
    expect(response.statusCode, response.body).toBe(201);
    const [quote] = await db().select().from(quotes).where(eq(quotes.id, quoteId));
    expect(quote?.recipient_id).toBe(response.json().id);
  });

  it("answers 404 for another customer's quote or an unknown one, and writes nothing", async () => {
    const before = (await aliceRows()).length;
    for (const quoteId of [await quoteFor(mallory.customerId), crypto.randomUUID()]) {
      const response = await alice.browser.post(addUrl(nigeria, quoteId), nigerianBank(nigeria));
      expect(response.statusCode).toBe(404);
    }
    expect(await aliceRows()).toHaveLength(before);
  });

  it('answers 412 quote_expired for an expired quote, and writes nothing', async () => {
    // Its rate was locked for a minute; two have passed.
    const quoteId = await quoteFor(alice.customerId, 'NG', MINUTE);
    clock.advance(2 * MINUTE);
    const before = (await aliceRows()).length;
    const response = await alice.browser.post(addUrl(nigeria, quoteId), nigerianBank(nigeria));
    expect(response.statusCode).toBe(412);
    expect(response.json()).toEqual({ type: 'quote_expired', message: expect.any(String) });
    expect(await aliceRows()).toHaveLength(before);
    const [quote] = await db().select().from(quotes).where(eq(quotes.id, quoteId));
    expect(quote?.recipient_id).toBeNull();
  });

  it('answers 422 under payout_channel_id for a recipient the quote cannot pay', async () => {
    const quoteId = await quoteFor(alice.customerId, 'PL');
    const before = (await aliceRows()).length;
    const response = await alice.browser.post(addUrl(nigeria, quoteId), nigerianBank(nigeria));
    expect(response.statusCode).toBe(422);
    expect(Object.keys(response.json().errors)).toEqual(['payout_channel_id']);
    expect(await aliceRows()).toHaveLength(before);
  });
});

describe('what the quotes module and the dashboard use', () => {
  let service: RecipientsService;
  beforeAll(() => {
    const uow = createUnitOfWork(db(), async () => {});
    const countries = createCountriesService({
      repository: createCountriesRepository(db()),
      uow,
      clock,
    });
    const payouts = createPayoutsService({
      repository: createPayoutsRepository(db()),
      countries,
    });
    service = createRecipientsModule({
      db: db(),
      uow,
      clock,
      random: { bytes: (size) => crypto.randomBytes(size), uuid: () => crypto.randomUUID() },
      limiter: createMemoryRateLimiter(clock),
      payouts,
      countries,
      quotes: { attachRecipient: attachRecipientToQuote },
      nameLookup: createSandboxNameLookup(),
    }).service;
  });

  it('lists the recipients of one corridor, and finds a recipient corridor', async () => {
    const { targetId, methodId } = corridorOf('IN', 'BANK-ACCOUNT');
    const indians = await service.listForCorridor(alice.customerId, targetId, methodId, 'en');
    expect(indians.map((r) => r.whole_name)).toEqual([
      'Jaya Rao',
      ...NAMES.map((name) => `${name} Rao`).reverse(),
    ]);
    expect(await service.listForCorridor(mallory.customerId, targetId, methodId, 'en')).toEqual([]);
    const first = added[0];
    if (!first) throw new Error('no recipient');
    expect(await service.findCorridor(db(), alice.customerId, first.id)).toEqual({
      id: first.id,
      payout_target_id: targetId,
      payout_method_id: methodId,
    });
    expect(await service.findCorridor(db(), mallory.customerId, first.id)).toBeNull();
    expect(await service.get(alice.customerId, first.id, 'en')).toEqual(first);
    await expect(service.get(mallory.customerId, first.id, 'en')).rejects.toMatchObject({
      status: 404,
    });
  });

  it('tells whether a customer has a live recipient', async () => {
    expect(await service.hasAny(alice.customerId)).toBe(true);
    expect(await service.hasAny(mallory.customerId)).toBe(false);
    const { customerId, browser } = await newCustomer(testApp.app, db());
    // The dashboard's to-do follows it (the to-dos read the customer's account).
    const email = `tasks-${crypto.randomUUID()}@example.com`;
    await db().insert(accounts).values({
      customer_id: customerId,
      email,
      email_normalized: email,
      password_hash: 'not used',
    });
    const recipientTask = async () => {
      const tasks = taskListSchema.parse((await browser.get(apiPaths.tasks)).json());
      return tasks.find((task) => task.id === 'recipient_created')?.status;
    };
    expect(await recipientTask()).toBe('pending');
    const only = await add(browser, india, indianBank(india));
    expect(await service.hasAny(customerId)).toBe(true);
    expect(await recipientTask()).toBe('completed');
    expect((await browser.delete(apiPaths.recipient(only.id))).statusCode).toBe(204);
    expect(await service.hasAny(customerId)).toBe(false);
    expect(await recipientTask()).toBe('pending');
    expect(await service.findCorridor(db(), customerId, only.id)).toBeNull();
  });
});
