import crypto from 'node:crypto';
import {
  apiPaths,
  paymentChannel,
  transactionChannel,
  transactionListSchema,
  transactionSchema,
  type Transaction,
} from '@corridor/contracts';
import { beforeAll, describe, expect, it } from 'vitest';
import type { TestBrowser } from '../../test/test-browser.ts';
import { outboxKinds } from '../../outbox/index.ts';
import { writtenPayloads } from '../../outbox/outbox-test-kit.ts';
import {
  confirmedTo,
  freshRate,
  indianRecipient,
  readySender,
  transfersTestFile,
} from './transfers-test-kit.ts';

// docs/product/sending-money.md#transactions: the list (paginated in SQL, filtered), one
// transfer, its events, and who may listen to its channels.
const { clock, testApp, db } = transfersTestFile();

let owner: { browser: TestBrowser; customerId: string };
let stranger: { browser: TestBrowser; customerId: string };
/** The owner's three transfers, oldest first: two to Asha, one to Ravi. */
const made: Transaction[] = [];
let asha = '';
let ravi = '';

async function send(browser: TestBrowser, recipient: string, amount: string) {
  await freshRate(db(), clock);
  const read = await browser.get(apiPaths.recipient(recipient));
  return confirmedTo(browser, read.json(), amount);
}

beforeAll(async () => {
  await freshRate(db(), clock);
  owner = await readySender(testApp.app, db(), clock);
  stranger = await readySender(testApp.app, db(), clock);
  asha = (await indianRecipient(owner.browser, db(), 'Asha')).id;
  ravi = (await indianRecipient(owner.browser, db(), 'Ravi')).id;
  made.push(await send(owner.browser, asha, '100'));
  made.push(await send(owner.browser, ravi, '200'));
  made.push(await send(owner.browser, asha, '300'));
});

async function list(browser: TestBrowser, query: Record<string, string> = {}) {
  const search = new URLSearchParams(query).toString();
  const response = await browser.get(`${apiPaths.transactions}${search ? `?${search}` : ''}`);
  expect(response.statusCode, response.body).toBe(200);
  return transactionListSchema.parse(response.json());
}
const idsOf = (page: { data: Transaction[] }) => page.data.map((transaction) => transaction.id);
const newestFirst = () => [...made].reverse().map((transaction) => transaction.id);

describe('GET /client/v1/transactions', () => {
  it('lists the customer’s transfers newest first, each as GET /transaction/{id} answers it', async () => {
    const page = await list(owner.browser);
    expect(idsOf(page)).toEqual(newestFirst());
    expect(page.pagination).toMatchObject({ total: 3, count: 3, per_page: 10, current_page: 1 });
    const one = await owner.browser.get(apiPaths.transaction(made[0]?.id ?? ''));
    expect(page.data[2]).toEqual(transactionSchema.parse(one.json()));
    expect((await list(stranger.browser)).data).toEqual([]);
  });

  it('pages by `limit` in SQL, with links', async () => {
    const first = await list(owner.browser, { limit: '2' });
    const second = await list(owner.browser, { limit: '2', page: '2' });
    expect([...idsOf(first), ...idsOf(second)]).toEqual(newestFirst());
    expect(first.pagination).toMatchObject({ total: 3, per_page: 2, total_pages: 2 });
    expect(first.pagination.links.next).toBe(`${apiPaths.transactions}?page=2`);
    expect((await list(owner.browser, { page: '3', limit: '2' })).data).toEqual([]);
  });

  it('filters by state, recipient and whole UTC days', async () => {
    expect(idsOf(await list(owner.browser, { state: 'PENDING-PAYMENT' }))).toEqual(newestFirst());
    expect((await list(owner.browser, { state: 'CANCELLED' })).data).toEqual([]);
    expect(idsOf(await list(owner.browser, { recipient_id: ravi }))).toEqual([made[1]?.id]);
    expect(idsOf(await list(owner.browser, { recipient_id: asha }))).toEqual([
      made[2]?.id,
      made[0]?.id,
    ]);
    const today = clock.now().toISOString().slice(0, 10);
    const tomorrow = new Date(clock.now().getTime() + 86_400_000).toISOString().slice(0, 10);
    expect(idsOf(await list(owner.browser, { start_date: today, end_date: today }))).toEqual(
      newestFirst(),
    );
    expect((await list(owner.browser, { start_date: tomorrow })).data).toEqual([]);
    expect(idsOf(await list(owner.browser, { end_date: today }))).toEqual(newestFirst());
    const refused = await owner.browser.get(
      `${apiPaths.transactions}?start_date=${tomorrow}&end_date=${today}`,
    );
    expect(refused.statusCode).toBe(422);
  });

  it('shows the recipient’s first and latest transfer, and the to-do done', async () => {
    const recipient = await owner.browser.get(apiPaths.recipient(asha));
    expect(recipient.json()).toMatchObject({
      transaction_summary: {
        first_transaction_at: made[0]?.created_at,
        recent_transaction_at: made[2]?.created_at,
      },
    });
    const tasks = await owner.browser.get(apiPaths.tasks);
    expect(tasks.json<{ id: string; status: string }[]>()).toContainEqual(
      expect.objectContaining({ id: 'transaction_sent', status: 'completed' }),
    );
  });
});

describe('the realtime side of a transfer', () => {
  it('writes TransactionStateUpdated to the outbox on the transfer’s channel', async () => {
    const transaction = made[0];
    if (!transaction) throw new Error('no transfer');
    const events = await writtenPayloads(db(), outboxKinds.realtime);
    expect(events).toContainEqual(
      expect.objectContaining({
        channel: transactionChannel(transaction.id),
        event: 'TransactionStateUpdated',
        data: { transaction_id: transaction.id, state: 'PENDING-PAYMENT' },
      }),
    );
  });

  it('lets a customer join only its own transfers’ and payments’ channels', async () => {
    const transaction = made[1];
    if (!transaction) throw new Error('no transfer');
    const channels = [transactionChannel(transaction.id), paymentChannel(transaction.payment.id)];
    const auth = (browser: TestBrowser, channel: string) =>
      browser.post(apiPaths.broadcastingAuth, { socket_id: '123.456', channel_name: channel });
    for (const channel of channels) {
      expect((await auth(owner.browser, channel)).statusCode, channel).toBe(200);
      expect((await auth(stranger.browser, channel)).statusCode, channel).toBe(403);
    }
    for (const channel of [
      transactionChannel(crypto.randomUUID()),
      paymentChannel(crypto.randomUUID()),
      transactionChannel('not-a-uuid'),
    ]) {
      expect((await auth(owner.browser, channel)).statusCode, channel).toBe(403);
    }
  });
});
