import type { FastifyBaseLogger, FastifyPluginAsync } from 'fastify';
import type { Database } from '../../db/database.ts';
import type { Jobs } from '../../jobs/index.ts';
import type { Clock } from '../../lib/clock.ts';
import type { RandomSource } from '../../lib/random.ts';
import type { UnitOfWork } from '../../lib/unit-of-work.ts';
import type { CustomerService } from '../customers/index.ts';
import type { LedgerService } from '../ledger/index.ts';
import type { PaymentsService } from '../payments/index.ts';
import {
  createTransferPayoutsRepository,
  type PayoutPartner,
  type PayoutsService,
} from '../payouts/index.ts';
import type { QuotesService } from '../quotes/index.ts';
import type { RealtimeEvents } from '../realtime/index.ts';
import type { RecipientsService } from '../recipients/index.ts';
import { flowRoutes } from './flow-routes.ts';
import { createMoneyFlow } from './money-flow.ts';
import type { ClearanceCheck } from './payout-progress.ts';
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
  log: FastifyBaseLogger;
  jobs: Pick<Jobs, 'send' | 'kick'>;
  /**
   * Milliseconds from "I've paid" to the sandbox bank's settlement
   * (BANK_TRANSFER_SANDBOX_SETTLE_SECONDS) and between the payout's own steps
   * (PAYOUT_SANDBOX_STEP_SECONDS), converted by the assembly.
   */
  timing: { settleMs: number; stepMs: number };
  /** Every movement of the transfers' money goes through the ledger's one writer. */
  ledger: LedgerService;
  /** Who pays recipients out (PAYOUT_PROVIDER, app/providers.ts). */
  payoutPartner: PayoutPartner;
  /** Checks that may hold a paid transfer after clearance (payout-progress.ts); none by default. */
  clearanceChecks?: readonly ClearanceCheck[];
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
  const flow = createMoneyFlow({
    ...deps,
    transfers: repository,
    transitionTransfer: transition,
    payouts: createTransferPayoutsRepository(),
    partner: deps.payoutPartner,
    payoutMethods: deps.payouts,
    clearanceChecks: deps.clearanceChecks ?? [],
  });
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
    /** Settles a bank transfer (the sandbox bank's job, or an operator): bank-settlement.ts. */
    settleBankTransfer: flow.settlement.settleBankTransfer,
    /** Settles a transfer's current payment (an operator names the transfer). */
    settleTransfer: flow.settlement.settleTransfer,
    /** Enters CONVERTING-FOREX from a cleared hold, with its entries and next step. */
    startConversion: flow.runner.startConversion,
  };
  return {
    service,
    flow,
    routes: (async (app) => {
      await app.register(transferReadRoutes, { reads });
      await app.register(flowRoutes, { flow });
    }) satisfies FastifyPluginAsync,
    jobs: flow.jobs,
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
export type { ClearanceCheck, ClearanceDecision, ClearanceFacts } from './payout-progress.ts';
export { refundPaidTransfer } from './transfer-refunds.ts';
export type { SettlementCause } from './bank-settlement.ts';
