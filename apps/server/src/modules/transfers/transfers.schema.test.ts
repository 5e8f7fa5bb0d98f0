import crypto from 'node:crypto';
import { count } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { Database } from '../../db/database.ts';
import { appPerFile } from '../../test/app-per-file.ts';
import { signedInCustomer } from '../../test/factories.ts';
import { operatorActions } from '../operator-actions/operator-actions.schema.ts';
import { payments } from '../payments/payments.schema.ts';
import { payoutCompanyId, purposeId } from '../payouts/payout-reference-data.ts';
import { payouts } from '../payouts/transfer-payouts.schema.ts';
import { recipients } from '../recipients/recipients.schema.ts';
import { corridorOf, insertQuote, SIBLING } from '../recipients/recipients-test-kit.ts';
import { transactions, transactionStates } from './transfers.schema.ts';

/**
 * The transfers' tables as migration 0012 makes them (docs/product/sending-money.md#the-transfers-tables),
 * on the real database: what the constraints refuse, so no code path can store it.
 */
const testApp = appPerFile();
const db = (): Database => testApp.database.db;
const now = new Date('2026-11-28T12:00:00Z');

/** The database's refusal of `work`: the constraint it names (PGlite and PostgreSQL alike). */
async function refusedBy(work: Promise<unknown>): Promise<string> {
  const error = await work.then(
    () => undefined,
    (caught: unknown) => caught,
  );
  expect(error, 'the database accepted it').toBeInstanceOf(Error);
  const causes: unknown[] = [error, (error as { cause?: unknown }).cause];
  for (const cause of causes) {
    const constraint = (cause as { constraint?: unknown } | undefined)?.constraint;
    if (typeof constraint === 'string') return constraint;
  }
  throw error;
}

/** A customer, a recipient in Nigeria and a saved quote for it. */
async function quoted() {
  const { customerId } = await signedInCustomer(testApp.app, db());
  const { targetId, methodId } = corridorOf('NG', 'BANK-ACCOUNT');
  const recipientId = crypto.randomUUID();
  await db().insert(recipients).values({
    id: recipientId,
    customer_id: customerId,
    channel_id: crypto.randomUUID(),
    payout_target_id: targetId,
    payout_method_id: methodId,
    recipient_type: 'individual',
    relationship_id: SIBLING,
    name: 'Chidi',
    whole_name: 'Chidi',
    values: {},
    created_at: now,
    updated_at: now,
  });
  const quoteId = await insertQuote(db(), {
    customerId,
    iso2: 'NG',
    method: 'BANK-ACCOUNT',
    now,
    expiresAt: new Date(now.getTime() + 30 * 60_000),
  });
  return { customerId, recipientId, quoteId };
}

let numbers = 0;
const transactionNumber = () => `TP${String(7_402_166_000 + ++numbers)}`;

function transactionRow(
  parties: Awaited<ReturnType<typeof quoted>>,
  overrides: Partial<typeof transactions.$inferInsert> = {},
): typeof transactions.$inferInsert {
  return {
    id: crypto.randomUUID(),
    quote_id: parties.quoteId,
    transaction_number: transactionNumber(),
    customer_id: parties.customerId,
    recipient_id: parties.recipientId,
    purpose_id: purposeId('EDUCATION'),
    payout_company_id: payoutCompanyId('TERRA_PAY'),
    send_currency: 'GBP',
    send_minor: 10_000n,
    fee_minor: 199n,
    total_minor: 10_199n,
    receive_currency: 'NGN',
    receive_minor: 19_502_000n,
    receive_at_mid_market_minor: 19_600_000n,
    mid_market_rate: '1960.00',
    our_rate: '1950.20',
    pricing_version: 'test',
    available_by: now,
    state: 'CREATED',
    created_at: now,
    updated_at: now,
    ...overrides,
  };
}

async function aTransaction() {
  const parties = await quoted();
  const row = transactionRow(parties);
  await db().insert(transactions).values(row);
  return { ...parties, transactionId: row.id ?? '' };
}

function paymentRow(
  transactionId: string,
  overrides: Partial<typeof payments.$inferInsert> = {},
): typeof payments.$inferInsert {
  return {
    id: crypto.randomUUID(),
    transaction_id: transactionId,
    number: 1,
    state: 'CREATED',
    method_code: 'BANK-TRANSFER',
    provider_code: 'MANUAL-PAYMENT',
    reference: 'TP7402166',
    currency: 'GBP',
    amount_minor: 10_199n,
    ...overrides,
  };
}

describe('migration 0012', () => {
  it('makes the transfers, payments, payouts and operator actions tables, empty', async () => {
    for (const table of [transactions, transactionStates, payments, payouts, operatorActions]) {
      const [row] = await db().select({ n: count() }).from(table);
      expect(row?.n).toBe(0);
    }
  });
});

describe('transactions', () => {
  it('refuses a second transaction of one quote', async () => {
    const parties = await quoted();
    await db().insert(transactions).values(transactionRow(parties));
    expect(await refusedBy(db().insert(transactions).values(transactionRow(parties)))).toBe(
      'transactions_quote_unique',
    );
  });

  it('refuses a transaction number used before, or not "TP" and ten digits', async () => {
    const first = await quoted();
    const row = transactionRow(first);
    await db().insert(transactions).values(row);
    const second = await quoted();
    expect(
      await refusedBy(
        db()
          .insert(transactions)
          .values(transactionRow(second, { transaction_number: row.transaction_number })),
      ),
    ).toBe('transactions_number_unique');
    expect(
      await refusedBy(
        db()
          .insert(transactions)
          .values(transactionRow(second, { transaction_number: 'TP123' })),
      ),
    ).toBe('transactions_number_check');
  });

  it('takes only the state machine’s codes, and a total that is send plus fee', async () => {
    const parties = await quoted();
    expect(
      await refusedBy(
        db()
          .insert(transactions)
          .values(transactionRow(parties, { state: 'PAID' })),
      ),
    ).toBe('transactions_state_check');
    expect(
      await refusedBy(
        db()
          .insert(transactions)
          .values(transactionRow(parties, { total_minor: 10_000n })),
      ),
    ).toBe('transactions_amounts_check');
    await db()
      .insert(transactions)
      .values(transactionRow(parties, { state: 'PAYOUT-REVERSED' }));
  });

  it('keeps a timeline of known states, causes, hold reasons and actions', async () => {
    const { transactionId } = await aTransaction();
    const state = (overrides: Partial<typeof transactionStates.$inferInsert>) =>
      db()
        .insert(transactionStates)
        .values({
          id: crypto.randomUUID(),
          transaction_id: transactionId,
          state: 'CREATED',
          at: now,
          ...overrides,
        });
    await state({});
    await state({
      state: 'ON-HOLD',
      cause: 'held-by-operator',
      hold_reason: 'OPERATOR-HOLD',
      hold_action: 'CONTACT-SUPPORT',
    });
    expect(await refusedBy(state({ state: 'ON_HOLD' }))).toBe('transaction_states_state_check');
    expect(await refusedBy(state({ cause: 'whim' }))).toBe('transaction_states_cause_check');
    expect(await refusedBy(state({ hold_reason: 'NONE' }))).toBe(
      'transaction_states_hold_reason_check',
    );
    expect(await refusedBy(state({ hold_action: 'WAIT' }))).toBe(
      'transaction_states_hold_action_check',
    );
  });
});

describe('payments', () => {
  it('numbers a transfer’s payments 1 to 3, each number once', async () => {
    const { transactionId } = await aTransaction();
    await db().insert(payments).values(paymentRow(transactionId));
    expect(await refusedBy(db().insert(payments).values(paymentRow(transactionId)))).toBe(
      'payments_transaction_number_unique',
    );
    await db()
      .insert(payments)
      .values(paymentRow(transactionId, { number: 2 }));
    await db()
      .insert(payments)
      .values(paymentRow(transactionId, { number: 3 }));
    expect(
      await refusedBy(
        db()
          .insert(payments)
          .values(paymentRow(transactionId, { number: 4 })),
      ),
    ).toBe('payments_number_check');
  });

  it('takes only the payment state machine’s codes', async () => {
    const { transactionId } = await aTransaction();
    expect(
      await refusedBy(
        db()
          .insert(payments)
          .values(paymentRow(transactionId, { state: 'TIMED_OUT' })),
      ),
    ).toBe('payments_state_check');
    await db()
      .insert(payments)
      .values(paymentRow(transactionId, { state: 'TIMED-OUT' }));
  });
});

describe('payouts', () => {
  it('has one payout per transfer, in a known state', async () => {
    const { transactionId } = await aTransaction();
    const payout = (overrides: Partial<typeof payouts.$inferInsert> = {}) =>
      db()
        .insert(payouts)
        .values({
          id: crypto.randomUUID(),
          transaction_id: transactionId,
          partner_code: 'TERRA_PAY',
          state: 'pending',
          ...overrides,
        });
    expect(await refusedBy(payout({ state: 'PAID' }))).toBe('payouts_state_check');
    await payout({ collection_pin: '4821' });
    expect(await refusedBy(payout())).toBe('payouts_transaction_unique');
  });
});

describe('operator_actions', () => {
  it('records only known actions, with a name and a reason', async () => {
    const action = (overrides: Partial<typeof operatorActions.$inferInsert> = {}) =>
      db()
        .insert(operatorActions)
        .values({
          id: crypto.randomUUID(),
          operator: 'ada',
          action: 'customer-blocked',
          subject_type: 'customer',
          subject_id: crypto.randomUUID(),
          reason: 'Chargeback',
          at: now,
          ...overrides,
        });
    await action();
    expect(await refusedBy(action({ action: 'customer-deleted' }))).toBe(
      'operator_actions_action_check',
    );
    expect(await refusedBy(action({ operator: ' ' }))).toBe('operator_actions_operator_check');
    expect(await refusedBy(action({ reason: '' }))).toBe('operator_actions_reason_check');
  });
});
