import type { FastifyPluginAsync } from 'fastify';
import type { Database } from '../../db/database.ts';
import type { Clock } from '../../lib/clock.ts';
import type { RandomSource } from '../../lib/random.ts';
import type { UnitOfWork } from '../../lib/unit-of-work.ts';
import type { CustomerService } from '../customers/index.ts';
import type { PaymentsService } from '../payments/index.ts';
import type { PayoutsService } from '../payouts/index.ts';
import type { QuotesService } from '../quotes/index.ts';
import type { RealtimeEvents } from '../realtime/index.ts';
import type { RecipientsService } from '../recipients/index.ts';
import { createTransferReads } from './transfer-reads.ts';
import { createTransferTransitions } from './transfer-transitions.ts';
import { createTransfersRepository } from './transfers.repository.ts';
import { transferReadRoutes } from './transfers.routes.ts';

export interface TransfersModuleDeps {
  db: Database;
  uow: UnitOfWork;
  clock: Clock;
  random: RandomSource;
  events: RealtimeEvents;
  customers: CustomerService;
  quotes: QuotesService;
  recipients: RecipientsService;
  payouts: PayoutsService;
  payments: PaymentsService;
}

/**
 * Transfers (issue 29, docs/product/sending-money.md#transactions): the transactions, their
 * state machine and timeline, and the customer's reads. The service is what the money path's
 * other use cases call (payment-sent, settle, cancel, payouts, holds, the ops CLI).
 */
export function createTransfersModule(deps: TransfersModuleDeps) {
  const repository = createTransfersRepository();
  const transition = createTransferTransitions({
    repository,
    clock: deps.clock,
    random: deps.random,
    events: deps.events,
    customers: deps.customers,
  });
  const reads = createTransferReads({ ...deps, repository });
  const service = {
    /** THE way a transfer changes state, in the caller's transaction (transfer-transitions.ts). */
    transition,
    /** Locks a transfer's row for the rest of `tx`; undefined when there is none. */
    lock: repository.lock,
    /** A transfer's timeline, oldest first. */
    historyOf: repository.historyOf,
    /** The customer's transfer, or the 404 AppError. */
    find: reads.find,
    /** Transfers as the wire sends them, read with `ex`. */
    present: reads.present,
    get: reads.get,
    list: reads.list,
  };
  return {
    service,
    routes: (async (app) => {
      await app.register(transferReadRoutes, { reads });
    }) satisfies FastifyPluginAsync,
  };
}

export type TransfersModule = ReturnType<typeof createTransfersModule>;
export type TransfersService = TransfersModule['service'];
export {
  createSendingHistoryPort,
  createTransferChannelOwnership,
  finishedTransfersPort,
  transferSendsPort,
  type SendingHistoryPort,
} from './transfer-ports.ts';
export type {
  TransferChange,
  TransferChanged,
  TransitionTransfer,
} from './transfer-transitions.ts';
export { COUNTING_STATES, FINISHED_STATES, type TransactionRow } from './transfers.repository.ts';
export { payoutResource, transactionResource } from './transaction-resource.ts';
