import { apiPaths, transactionSchema, type Transaction } from '@corridor/contracts';
import { beforeAll, describe, expect, it } from 'vitest';
import type { TestBrowser } from '../../test/test-browser.ts';
import { channelOf, indianBank } from '../recipients/recipients-test-kit.ts';
import {
  confirm,
  confirmBody,
  freshRate,
  indianRecipient,
  quoteTo,
  readySender,
  transfersTestFile,
} from './transfers-test-kit.ts';

// Issue 29, done when: every id route of quotes, recipients, transactions and payments answers
// 404 to another customer (security checklist D1–D4: never 403, never told apart from missing).
const { clock, testApp, db } = transfersTestFile();

let owner: TestBrowser;
let stranger: TestBrowser;
let recipientId = '';
let quoteId = '';
let openQuoteId = '';
let transaction: Transaction;

beforeAll(async () => {
  await freshRate(db(), clock);
  owner = (await readySender(testApp.app, db(), clock)).browser;
  stranger = (await readySender(testApp.app, db(), clock)).browser;
  const recipient = await indianRecipient(owner, db());
  recipientId = recipient.id;
  const quote = await quoteTo(owner, recipient);
  quoteId = quote.id;
  const response = await confirm(owner, quote.id, confirmBody(quote));
  expect(response.statusCode, response.body).toBe(201);
  transaction = transactionSchema.parse(response.json());
  openQuoteId = (await quoteTo(owner, recipient, '150')).id;
});

type Attempt = [what: string, send: (browser: TestBrowser) => ReturnType<TestBrowser['get']>];

const attempts = (): Attempt[] => [
  ['GET a quote', (b) => b.get(apiPaths.quoteById(quoteId))],
  [
    "choose a quote's recipient",
    (b) => b.post(apiPaths.quoteRecipient(openQuoteId), { recipient_id: recipientId }),
  ],
  [
    'confirm a quote',
    async (b) => {
      // The stranger's own body: a purpose and method they could send.
      const quote = await owner.get(apiPaths.quoteById(openQuoteId));
      return confirm(b, openQuoteId, confirmBody(quote.json()));
    },
  ],
  ['GET a recipient', (b) => b.get(apiPaths.recipient(recipientId))],
  ['edit a recipient', (b) => b.post(apiPaths.editRecipient(recipientId), { name: 'Mallory' })],
  ['remove a recipient', (b) => b.request('DELETE', apiPaths.recipient(recipientId))],
  [
    'send money to a recipient',
    (b) => b.post(apiPaths.recipientSendMoney(recipientId), { amount: '10' }),
  ],
  [
    "add a recipient to another's quote",
    async (b) => {
      const channel = await channelOf(b, db(), 'IN', 'BANK-ACCOUNT');
      return b.post(
        `${apiPaths.addRecipient}?payout_channel_id=${channel.id}&quote_id=${openQuoteId}`,
        indianBank(channel, 'Mallory'),
      );
    },
  ],
  ['GET a transaction', (b) => b.get(apiPaths.transaction(transaction.id))],
  ['say a payment was paid', (b) => b.post(apiPaths.paymentSent(transaction.payment.id), {})],
  ['retry a payment', (b) => b.post(apiPaths.paymentRetry(transaction.id), {})],
  ['cancel a payment', (b) => b.post(apiPaths.paymentCancel(transaction.id), {})],
];

describe('IDOR: another customer’s ids are not found', () => {
  it.each(attempts().map(([what], index) => [what, index] as const))(
    '%s answers 404',
    async (_what, index) => {
      const send = attempts()[index]?.[1];
      if (!send) throw new Error('no attempt');
      const response = await send(stranger);
      expect(response.statusCode, response.body).toBe(404);
      expect(response.json<{ message: string }>().message).toBe('Not found.');
    },
  );

  it('left everything of the owner as it was', async () => {
    expect((await owner.get(apiPaths.quoteById(quoteId))).statusCode).toBe(200);
    const recipient = await owner.get(apiPaths.recipient(recipientId));
    expect(recipient.statusCode).toBe(200);
    expect(recipient.json()).toMatchObject({ name: 'Asha' });
    const read = await owner.get(apiPaths.transaction(transaction.id));
    expect(transactionSchema.parse(read.json()).state.code).toBe('PENDING-PAYMENT');
    const open = await owner.get(apiPaths.quoteById(openQuoteId));
    expect(open.json()).toMatchObject({ recipient: { id: recipientId } });
    expect((await owner.get(apiPaths.transactions)).json<{ data: unknown[] }>().data).toHaveLength(
      1,
    );
  });
});
