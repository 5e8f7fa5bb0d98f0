import type { FastifyBaseLogger, FastifyPluginAsync } from 'fastify';
import type { Config } from '../../config/index.ts';
import type { Database } from '../../db/database.ts';
import type { Jobs } from '../../jobs/index.ts';
import type { Clock } from '../../lib/clock.ts';
import type { RandomSource } from '../../lib/random.ts';
import type { UnitOfWork } from '../../lib/unit-of-work.ts';
import type { Outbox } from '../../outbox/index.ts';
import type { CustomerService } from '../customers/index.ts';
import type { LedgerService } from '../ledger/index.ts';
import {
  providerCallbackRoutes,
  SANDBOX_CARD_METHOD,
  type PaymentsService,
} from '../payments/index.ts';
import {
  createTransferPayoutsRepository,
  type PayoutPartner,
  type PayoutsService,
} from '../payouts/index.ts';
import type { QuotesService } from '../quotes/index.ts';
import type { RealtimeEvents } from '../realtime/index.ts';
import type { RecipientsService } from '../recipients/index.ts';
import {
  onIdentityProofChanged,
  type IdentityProofReader,
  type IdentityProofsReader,
} from '../documents/index.ts';
import { createCardCallbacks } from './card-callbacks.ts';
import {
  createDeliveryPromise,
  keepDeliveryPromisesJob,
  PROMISE_SWEEP_MS,
} from './delivery-promise.ts';
import { createRefundMail } from './refund-mail.ts';
import { createDocumentHolds, identityProofClearanceCheck } from './document-holds.ts';
import type { FlowDeps } from './flow-deps.ts';
import { cancelRoutes } from './cancel-routes.ts';
import { flowRoutes } from './flow-routes.ts';
import { createMoneyFlow, SWEEP_EXPIRY_SECONDS } from './money-flow.ts';
import { createOperatorFlow } from './operator-flow.ts';
import { createOperatorOperations } from './operator-operations.ts';
import { createOperatorViews } from './operator-views.ts';
import type { ClearanceCheck } from './payout-progress.ts';
import { createTransferMail } from './transfer-mail.ts';
import { createConfirmTransfer } from './confirm-transfer.ts';
import { createTransferCancellation } from './transfer-cancellation.ts';
import { createTransferReads } from './transfer-reads.ts';
import {
  createTransferTransitions,
  createTransitionMany,
  createTransitionPlanned,
} from './transfer-transitions.ts';
import { paymentCurrenciesRoutes } from './payment-currencies.ts';
import { createTransfersRepository } from './transfers.repository.ts';
import { confirmRoutes, transferReadRoutes } from './transfers.routes.ts';

export interface TransfersModuleDeps {
  config: Pick<Config, 'appUrl' | 'sandbox' | 'sofThresholds' | 'payments'>;
  db: Database;
  outbox: Outbox;
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
  jobs: Pick<Jobs, 'send' | 'sendMany' | 'unschedule' | 'kick'>;
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
  /**
   * Checks that may hold a paid transfer after clearance (payout-progress.ts), after the
   * proof-of-identity check this module always makes (document-holds.ts).
   */
  clearanceChecks?: readonly ClearanceCheck[];
  /** The documents module's read of a customer's proofs of identity (held transfers wait on it). */
  documents: { identityProofOf: IdentityProofReader; identityProofsOf: IdentityProofsReader };
}

/**
 * Transfers (issue 29, docs/product/sending-money.md#transactions): the transactions, their
 * state machine and timeline, and the customer's reads. The service is what the money path's
 * other use cases call (payment-sent, settle, cancel, payouts, holds, the ops CLI).
 */
export function createTransfersModule(deps: TransfersModuleDeps) {
  const repository = createTransfersRepository();
  const transitionDeps = {
    repository,
    clock: deps.clock,
    random: deps.random,
    events: deps.events,
    customers: deps.customers,
    mail: createTransferMail({
      outbox: deps.outbox,
      customers: deps.customers,
      recipients: deps.recipients,
      payouts: deps.payouts,
      config: { appUrl: deps.config.appUrl, sandboxNotice: deps.config.sandbox.notice },
      // A late capture's refund is of another payment: not part of what the transfer gives back.
      refundedBefore: async (ex, transactionId) => {
        const refunds = (await deps.payments.refunds.ofTransactions(ex, [transactionId])).get(
          transactionId,
        );
        return (refunds ?? [])
          .filter((refund) => refund.reason !== 'late-capture')
          .reduce((sum, refund) => sum + refund.amount_minor, 0n);
      },
    }),
  };
  const transition = createTransferTransitions(transitionDeps);
  const reads = createTransferReads({ ...deps, repository });
  const flowDeps: FlowDeps = {
    ...deps,
    transfers: repository,
    transitionTransfer: transition,
    transitionMany: createTransitionMany(transitionDeps),
    payouts: createTransferPayoutsRepository(),
    partner: deps.payoutPartner,
    payoutMethods: deps.payouts,
    clearanceChecks: [
      identityProofClearanceCheck(deps.documents.identityProofOf, deps.documents.identityProofsOf),
      ...(deps.clearanceChecks ?? []),
    ],
  };
  const flow = createMoneyFlow(flowDeps);
  // The customer's free cancel within the window answers the transfer as the reads present it.
  const cancellation = createTransferCancellation({ ...flowDeps, present: reads.present });
  // The refunds no state change tells of (a missed promise's fee, a late capture) email here.
  const mailRefund = createRefundMail({
    outbox: deps.outbox,
    customers: deps.customers,
    recipients: deps.recipients,
    config: { appUrl: deps.config.appUrl, sandboxNotice: deps.config.sandbox.notice },
  });
  // A card provider's signed callbacks settle or fail its payments (card-callbacks.ts).
  const cardCallbacks = createCardCallbacks({
    ...flowDeps,
    settlement: flow.settlement,
    mailRefund,
  });
  const deliveryPromise = createDeliveryPromise({ ...flowDeps, mailRefund });
  const cardProvider = deps.payments.providerFor(SANDBOX_CARD_METHOD);
  const callbackSecrets = new Map(
    cardProvider ? [[cardProvider.code, deps.config.payments.cardCallbackSecrets]] : [],
  );
  // Held transfers move when the documents module says a proof of identity changed (its outbox
  // message: documents does not know transfers).
  const documentHolds = createDocumentHolds({
    db: deps.db,
    uow: deps.uow,
    kickOutbox: () => deps.outbox.kick(),
    repository,
    transitionTransfer: transition,
    identityProofOf: deps.documents.identityProofOf,
    startConversion: flow.runner.startConversion,
  });
  onIdentityProofChanged(deps.outbox, documentHolds.identityProofChanged);
  // What the operator-actions module does to transfers and shows of them (ops CLI, decision 39).
  const operator = {
    operations: createOperatorOperations({
      repository,
      transitionTransfer: transition,
      documentHolds,
      flow: createOperatorFlow(flowDeps, flow),
    }),
    views: createOperatorViews({ ...deps, repository }),
  };
  const confirm = createConfirmTransfer({
    ...deps,
    repository,
    planned: createTransitionPlanned(transitionDeps),
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
    /** The customer's payment with its transfer, or the 404 AppError. */
    findPayment: reads.findPayment,
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
    /** After an operator's release: the transfer's next step scheduled at once (money-flow.ts). */
    resumeFlow: flow.resume,
    /**
     * A paid transfer refunded in full (entries reversed, payment REFUNDED), in the caller's
     * transaction after its change to CANCELLED: pass what `transition` returned.
     */
    refundPaidTransfer: flow.refund,
  };
  return {
    service,
    flow,
    deliveryPromise,
    operator,
    routes: (async (app) => {
      await app.register(transferReadRoutes, { reads });
      await app.register(flowRoutes, { flow });
      await app.register(cancelRoutes, { cancellation });
      await app.register(confirmRoutes, { confirm });
      await app.register(paymentCurrenciesRoutes, { db: deps.db, payouts: deps.payouts });
      await app.register(providerCallbackRoutes, {
        secrets: callbackSecrets,
        clock: deps.clock,
        apply: cardCallbacks.apply,
      });
    }) satisfies FastifyPluginAsync,
    jobs(jobs: Pick<Jobs, 'register'>): void {
      flow.jobs(jobs);
      jobs.register(
        keepDeliveryPromisesJob,
        async () => {
          await deliveryPromise.sweep();
        },
        {
          policy: 'stately',
          retryLimit: 3,
          retryDelaySeconds: 10,
          every: { ms: PROMISE_SWEEP_MS },
          // Up to 200 transfers, a short transaction each, as the payments' deadline sweep.
          expireInSeconds: SWEEP_EXPIRY_SECONDS,
        },
      );
    },
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
export {
  statementRowsPort,
  type StatementRowsPort,
  type StatementTransferRow,
} from './statement-rows.ts';
export { payoutResource, transactionResource } from './transaction-resource.ts';
export type { ClearanceCheck, ClearanceDecision, ClearanceFacts } from './payout-progress.ts';
export type { SettlementCause } from './bank-settlement.ts';
export { IllegalTransitionError } from './transaction-states.ts';
export {
  operatorTransferActions,
  type OperatorTransferAction,
  type OperatorTransferChange,
  type TransferOperations,
} from './operator-operations.ts';
export type {
  OperatorTransferDetail,
  OperatorTransferFilter,
  OperatorTransferSummary,
  OperatorViews,
} from './operator-views.ts';
