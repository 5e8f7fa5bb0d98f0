import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../../db/database.ts';
import type { Executor, Tx } from '../../db/executor.ts';
import type { JsonObject } from '../../db/columns.ts';
import type { JobType, Jobs } from '../../jobs/index.ts';
import type { Outbox } from '../../outbox/index.ts';
import type { Clock } from '../../lib/clock.ts';
import type { RandomSource } from '../../lib/random.ts';
import type { UnitOfWork } from '../../lib/unit-of-work.ts';
import type { CustomerService } from '../customers/index.ts';
import type { LedgerService } from '../ledger/index.ts';
import type { PaymentsService } from '../payments/index.ts';
import {
  payoutCompanyCodeOf,
  type PayoutPartner,
  type PayoutsService,
  type TransferPayoutsRepository,
} from '../payouts/index.ts';
import type { RecipientsService } from '../recipients/index.ts';
import { windowOpen } from './cancellation-window.ts';
import type { LockedTransfer } from './locked-transfer.ts';
import type { ClearanceCheck } from './payout-progress.ts';
import { applyLedgerOperations } from './ledger-writes.ts';
import type { LedgerOperation, TransferFigures } from './transfer-entries.ts';
import type { TransitionMany, TransitionTransfer } from './transfer-transitions.ts';
import type { TransactionRow, TransfersRepository } from './transfers.repository.ts';

/**
 * What the money's flow after confirm needs (docs/product/sending-money.md#payments, #ledger,
 * docs/sandbox-providers.md#payments, #payouts): settlement, deadlines, cancel, payouts and
 * refunds share it, each a use case of its own that commits its state changes, ledger entries,
 * events and next jobs together.
 */
export interface FlowDeps {
  db: Database;
  uow: UnitOfWork;
  clock: Clock;
  random: RandomSource;
  log: FastifyBaseLogger;
  jobs: Pick<Jobs, 'send' | 'sendMany' | 'unschedule' | 'kick'>;
  ledger: Pick<LedgerService, 'record' | 'post' | 'voidPending' | 'recordMany' | 'lockAccounts'>;
  /** A batched step gathers its events and emails into one statement (decision 43). */
  outbox: Pick<Outbox, 'gather'>;
  transfers: TransfersRepository;
  transitionTransfer: TransitionTransfer;
  /** Several transfers' changes in one statement (a batched step). */
  transitionMany: TransitionMany;
  payments: PaymentsService;
  payouts: TransferPayoutsRepository;
  partner: PayoutPartner;
  recipients: Pick<RecipientsService, 'payoutDetails' | 'payoutDetailsMany'>;
  payoutMethods: Pick<PayoutsService, 'methodById'>;
  customers: Pick<CustomerService, 'localeOf' | 'localesOf' | 'emailsOf'>;
  /** The checks that may hold a cleared transfer (nextAfterClearance); none holds today. */
  clearanceChecks: readonly ClearanceCheck[];
  timing: {
    /** From "I've paid" to the sandbox bank's settlement (BANK_TRANSFER_SANDBOX_SETTLE_SECONDS). */
    settleMs: number;
    /** Between the steps of conversion and hand-over (PAYOUT_SANDBOX_STEP_SECONDS). */
    stepMs: number;
  };
}

/** A transfer's figures as its ledger entries read them. */
export function figuresOf(row: TransactionRow): TransferFigures {
  const partnerCode = payoutCompanyCodeOf(row.payout_company_id);
  if (!partnerCode) throw new Error(`transaction ${row.id}: unknown payout company`);
  return {
    transactionId: row.id,
    customerId: row.customer_id,
    sendCurrency: row.send_currency,
    sendMinor: row.send_minor,
    feeMinor: row.fee_minor,
    totalMinor: row.total_minor,
    receiveCurrency: row.receive_currency,
    receiveMinor: row.receive_minor,
    receiveAtMidMarketMinor: row.receive_at_mid_market_minor,
    partnerCode,
    transferPaidPending: windowOpen(row),
  };
}

/** Records a step's entries in the use case's transaction. */
export const recordEntries = (deps: FlowDeps, tx: Tx, operations: readonly LedgerOperation[]) =>
  applyLedgerOperations(deps.ledger, tx, operations);

/**
 * Sends a job with the use case (it exists only if the use case commits), at most one waiting
 * per key, and wakes the workers once committed.
 */
export async function scheduleJob<T extends JsonObject>(
  deps: FlowDeps,
  tx: Tx,
  job: JobType<T>,
  data: T,
  options: { runAt: Date; key: string },
): Promise<void> {
  await deps.jobs.send(job, data, { runAt: options.runAt, singletonKey: options.key }, tx);
  deps.uow.afterCommit(tx, async () => deps.jobs.kick());
}

/**
 * The transfer, locked for the use case with its timeline (one read, carried through the use
 * case's changes); an Error when it does not exist (a job's bad data).
 */
export async function lockTransfer(
  deps: FlowDeps,
  ex: Executor,
  transactionId: string,
): Promise<LockedTransfer> {
  const locked = await deps.transfers.lockWithHistory(ex, transactionId);
  if (!locked) throw new Error(`transaction ${transactionId} does not exist`);
  return locked;
}

/** Ids in paths are any text: one that is not a UUID is as unknown as a missing one (404). */
export const isUuid = (value: string): boolean =>
  /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(value);
