import type { Database } from '../../db/database.ts';
import type { Clock } from '../../lib/clock.ts';
import { Money } from '../../lib/money.ts';
import type { SendsPort } from '../documents/index.ts';
import type { FinishedTransfersPort } from '../ledger/index.ts';
import type { SentTotals } from '../pricing/index.ts';
import type { ChannelOwnership } from '../realtime/index.ts';
import { createTransfersRepository } from './transfers.repository.ts';
import { paymentTransactionOf } from '../payments/index.ts';

/**
 * What modules built before transfers read of them, each port built from the database alone
 * (as the documents module's port of the customer resource is), so no module imports the
 * transfers' repository and the assembly stays in dependency order.
 */

// The rolling windows of docs/product/sending-money.md#limits, in milliseconds.
const DAY_MS = 86_400_000;
const THIRTY_DAYS_MS = 2_592_000_000;
const HUNDRED_EIGHTY_DAYS_MS = 15_552_000_000;
const repository = createTransfersRepository();

/** The ledger's check: which of these transfers are finished (PAYOUT-SUCCESS, PAYOUT-REVERSED, CANCELLED). */
export const finishedTransfersPort: FinishedTransfersPort = {
  finishedOf: (ex, transactionIds) => repository.finishedAmong(ex, transactionIds),
};

/** The documents module's 30-day sends (source of funds): transfers that count toward limits. */
export const transferSendsPort: SendsPort = {
  sentByCurrencySince: (customerId, since) => ({
    sql: repository.sentByCurrencyJson(customerId, since),
    decode: (value) =>
      new Map(
        Object.entries((value ?? {}) as Record<string, string>).map(([currency, total]) => [
          currency,
          BigInt(total),
        ]),
      ),
  }),
};

/** What the customer sent in each rolling window, for the quotes' limits (and confirm's). */
export interface SendingHistoryPort {
  sentTotals(customerId: string, currency: string): Promise<SentTotals>;
  /** Whether the customer has confirmed any transfer (the dashboard's `transaction_sent`). */
  hasAny(customerId: string): Promise<boolean>;
}

/** Where each rolling window of the limits starts, seen at `now`. */
export function rollingWindows(now: Date) {
  const at = now.getTime();
  return {
    last_24_hours: new Date(at - DAY_MS),
    last_30_days: new Date(at - THIRTY_DAYS_MS),
    last_180_days: new Date(at - HUNDRED_EIGHTY_DAYS_MS),
  };
}

export function createSendingHistoryPort(deps: { db: Database; clock: Clock }): SendingHistoryPort {
  return {
    async sentTotals(customerId, currency) {
      const sent = await repository.sentSince(
        deps.db,
        customerId,
        currency,
        rollingWindows(deps.clock.now()),
      );
      return {
        last_24_hours: Money.fromMinor(sent.last_24_hours, currency),
        last_30_days: Money.fromMinor(sent.last_30_days, currency),
        last_180_days: Money.fromMinor(sent.last_180_days, currency),
      };
    },
    hasAny: (customerId) => repository.hasAny(deps.db, customerId),
  };
}

/** The realtime authoriser's answer: a customer joins only its own transfers' and payments' channels. */
export function createTransferChannelOwnership(deps: { db: Database }): ChannelOwnership {
  const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
  return {
    ownsTransaction: async (customerId, transactionId) =>
      UUID.test(transactionId) && repository.owns(deps.db, customerId, transactionId),
    async ownsPayment(customerId, paymentId) {
      if (!UUID.test(paymentId)) return false;
      const transactionId = await paymentTransactionOf(deps.db, paymentId);
      return transactionId !== undefined && repository.owns(deps.db, customerId, transactionId);
    },
  };
}
