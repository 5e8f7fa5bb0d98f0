import crypto from 'node:crypto';
import {
  paymentTransactionStateUpdatedSchema,
  type PaymentTransactionStateUpdated,
  type Transaction,
  type TransactionStateUpdated,
} from '@corridor/contracts';
import { eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Executor } from '../../db/executor.ts';
import { IllegalPaymentTransitionError } from '../payments/payment-states.ts';
import { createPaymentTransitions } from '../payments/payment-transitions.ts';
import { createSandboxBank } from '../payments/sandbox-bank.ts';
import { createPaymentsRepository } from '../payments/payments.repository.ts';
import { payments } from '../payments/payments.schema.ts';
import { IllegalTransitionError } from './transaction-states.ts';
import { createTransferReads } from './transfer-reads.ts';
import { createTransferTransitions } from './transfer-transitions.ts';
import { createTransfersRepository } from './transfers.repository.ts';
import { transactions } from './transfers.schema.ts';
import {
  confirmedTo,
  freshRate,
  indianRecipient,
  readySender,
  transfersTestFile,
} from './transfers-test-kit.ts';

// The one way a transfer, and a payment, changes state (docs/product/sending-money.md#transaction-states):
// what the money path's other use cases call inside their own transaction.
const { clock, testApp, db } = transfersTestFile();

const transferEvents: TransactionStateUpdated[] = [];
const paymentEvents: PaymentTransactionStateUpdated[] = [];
const evicted: string[] = [];
const transitionTransfer = createTransferTransitions({
  repository: createTransfersRepository(),
  clock,
  random: { uuid: () => crypto.randomUUID(), bytes: (size) => crypto.randomBytes(size) },
  events: { transactionStateUpdated: async (_tx, data) => void transferEvents.push(data) },
  customers: {
    profileChanged: (_tx: Executor, customerId: string) => void evicted.push(customerId),
  },
  // The emails a change writes are transfer-mail's (tested through the app in document-holds).
  mail: async () => {},
});
const transitionPayment = createPaymentTransitions({
  repository: createPaymentsRepository(),
  clock,
  events: {
    paymentStateUpdated: async (_tx, data) => void paymentEvents.push(data),
  },
  customers: { localeOf: async () => 'es' },
  providerOf: () => createSandboxBank({ deadlineMs: 3_600_000 }),
});

let transaction: Transaction;
let customerId = '';

beforeAll(async () => {
  await freshRate(db(), clock);
  const sender = await readySender(testApp.app, db(), clock);
  customerId = sender.customerId;
  transaction = await confirmedTo(sender.browser, await indianRecipient(sender.browser, db()));
});

describe('transitionTransfer', () => {
  it('guards, writes the state and its timeline row, tells the channel and evicts the customer', async () => {
    const changed = await db().transaction((tx) =>
      transitionTransfer(tx, {
        transactionId: transaction.id,
        to: 'ON-HOLD',
        cause: 'held-by-operator',
        holdReason: 'OPERATOR-HOLD',
      }),
    );
    expect(changed.previous.state).toBe('PENDING-PAYMENT');
    expect(changed.record).toMatchObject({
      state: 'ON-HOLD',
      cause: 'held-by-operator',
      hold: { reason: 'OPERATOR-HOLD', action: 'CONTACT-SUPPORT' },
    });
    expect(changed.transaction.state).toBe('ON-HOLD');
    expect(changed.history.map((record) => record.state)).toEqual([
      'CREATED',
      'PENDING-PAYMENT',
      'ON-HOLD',
    ]);
    expect(transferEvents.at(-1)).toEqual({ transaction_id: transaction.id, state: 'ON-HOLD' });
    expect(evicted.at(-1)).toBe(customerId);
    // A release returns to the state it left; the timeline's times strictly increase.
    const released = await db().transaction((tx) =>
      transitionTransfer(tx, {
        transactionId: transaction.id,
        to: 'PENDING-PAYMENT',
        cause: 'released-by-operator',
      }),
    );
    const times = released.history.map((record) => record.at.getTime());
    expect(times).toEqual([...times].sort((a, b) => a - b));
    expect(new Set(times).size).toBe(times.length);
  });

  it("changes the transfer's row as a HOT update: no index is touched (migration 0021)", async () => {
    // The transaction's own statistics: how many of its updates of `transactions` were HOT.
    const updates = async (tx: Executor) => {
      const { rows } = (await tx.execute(
        sql`select pg_stat_get_xact_tuples_updated('transactions'::regclass) as updated,
          pg_stat_get_xact_tuples_hot_updated('transactions'::regclass) as hot`,
      )) as unknown as { rows: { updated: string; hot: string }[] };
      return { updated: Number(rows[0]?.updated), hot: Number(rows[0]?.hot) };
    };
    const counted = await db().transaction(async (tx) => {
      const before = await updates(tx);
      await transitionTransfer(tx, {
        transactionId: transaction.id,
        to: 'ON-HOLD',
        cause: 'held-by-operator',
        holdReason: 'OPERATOR-HOLD',
      });
      await transitionTransfer(tx, {
        transactionId: transaction.id,
        to: 'PENDING-PAYMENT',
        cause: 'released-by-operator',
      });
      const after = await updates(tx);
      return { updated: after.updated - before.updated, hot: after.hot - before.hot };
    });
    expect(counted).toEqual({ updated: 2, hot: 2 });
  });

  it('refuses what the machine does not allow, writing nothing', async () => {
    const attempt = db().transaction((tx) =>
      transitionTransfer(tx, {
        transactionId: transaction.id,
        to: 'PAYOUT-SUCCESS',
        cause: 'partner-confirmed',
      }),
    );
    await expect(attempt).rejects.toBeInstanceOf(IllegalTransitionError);
    const [row] = await db().select().from(transactions).where(eq(transactions.id, transaction.id));
    expect(row?.state).toBe('PENDING-PAYMENT');
    const read = await transitionTransfer(db(), {
      transactionId: crypto.randomUUID(),
      to: 'CANCELLED',
      cause: 'cancelled-by-operator',
    }).catch((error: unknown) => error);
    expect(read).toBeInstanceOf(Error);
  });
});

describe('findPayment', () => {
  it("finds the customer's payment with its transfer, and another's or an unknown one not", async () => {
    const reads = createTransferReads({
      db: db(),
      repository: createTransfersRepository(),
      customers: { view: async () => Promise.reject(new Error('not read')) },
      quotes: { transferParts: async () => new Map() },
      recipients: { forTransfers: async () => new Map() },
      payouts: { purposes: async () => [] },
      payments: {
        currentOf: async () => new Map(),
        resource: () => transaction.payment,
        find: (ex, id) => createPaymentsRepository().find(ex, id),
        refunds: { ofTransactions: async () => new Map() },
      },
    });
    const found = await reads.findPayment(db(), customerId, transaction.payment.id);
    expect([found.payment.id, found.transaction.id]).toEqual([
      transaction.payment.id,
      transaction.id,
    ]);
    for (const [customer, payment] of [
      [crypto.randomUUID(), transaction.payment.id],
      [customerId, crypto.randomUUID()],
      [customerId, 'not-a-uuid'],
    ] as const) {
      await expect(reads.findPayment(db(), customer, payment)).rejects.toMatchObject({
        code: 'not_found',
      });
    }
  });
});

describe('transitionPayment', () => {
  it("records \"I've paid\" and tells the payment's channel in the customer's language", async () => {
    const row = await db().transaction((tx) =>
      transitionPayment(tx, {
        paymentId: transaction.payment.id,
        to: 'REDIRECTED',
        cause: 'customer-confirmed',
        customerId,
        customerConfirmed: true,
      }),
    );
    expect([row.state, row.customer_confirmed_payment]).toEqual(['REDIRECTED', true]);
    const event = paymentTransactionStateUpdatedSchema.parse(paymentEvents.at(-1));
    expect(event).toMatchObject({
      id: transaction.payment.id,
      shared_reference: transaction.transaction_number,
      awaiting_confirmation: true,
      state: { code: 'REDIRECTED', label: expect.any(String) },
    });
  });

  it("refuses a customer's cancel once they said they paid, writing nothing", async () => {
    const attempt = db().transaction((tx) =>
      transitionPayment(tx, {
        paymentId: transaction.payment.id,
        to: 'CANCELLED',
        cause: 'cancelled-by-customer',
        customerId,
      }),
    );
    await expect(attempt).rejects.toBeInstanceOf(IllegalPaymentTransitionError);
    const [row] = await db().select().from(payments).where(eq(payments.id, transaction.payment.id));
    expect(row?.state).toBe('REDIRECTED');
  });
});
