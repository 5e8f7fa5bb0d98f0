import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../../db/database.ts';
import { defineJob, type Jobs } from '../../jobs/index.ts';
import type { Clock } from '../../lib/clock.ts';
import type { UnitOfWork } from '../../lib/unit-of-work.ts';
import { createLedgerRepository } from './ledger.repository.ts';
import {
  createLedgerService,
  type FinishedTransfersPort,
  type LedgerService,
} from './ledger.service.ts';

/** Voids pending entries past their timeout (decision 13: pg-boss on the injected clock). */
export const voidExpiredPendingJob = defineJob('ledger.void-expired');

const SWEEP_EVERY_MS = 60_000;

export interface LedgerModuleDeps {
  db: Database;
  uow: UnitOfWork;
  clock: Clock;
  log: FastifyBaseLogger;
  /** Which transfers are finished: the transfers module's answer (see FinishedTransfersPort). */
  finishedTransfers: FinishedTransfersPort;
}

export interface LedgerModule {
  service: LedgerService;
  jobs(jobs: Pick<Jobs, 'register'>): void;
}

/**
 * Until the transfers module supplies its port, there are no transfers, so none is finished.
 * (The transfers step replaces this in app/domain-modules.ts with its own answer.)
 */
export const NO_TRANSFERS: FinishedTransfersPort = { finishedOf: async () => [] };

/** The double-entry ledger and its one writer (docs/decisions/0037-the-ledger.md). */
export function createLedgerModule(deps: LedgerModuleDeps): LedgerModule {
  const service = createLedgerService({
    repository: createLedgerRepository(),
    db: deps.db,
    uow: deps.uow,
    clock: deps.clock,
    log: deps.log.child({ module: 'ledger' }),
    finishedTransfers: deps.finishedTransfers,
  });
  return {
    service,
    jobs(jobs) {
      jobs.register(
        voidExpiredPendingJob,
        async () => {
          await service.voidExpired();
        },
        { policy: 'stately', retryLimit: 3, retryDelaySeconds: 10, every: { ms: SWEEP_EVERY_MS } },
      );
    },
  };
}

export { accounts, type SignRule } from './ledger-accounts.ts';
export { LedgerBatchRefusal, LedgerError, type LedgerErrorCode } from './ledger-errors.ts';
export {
  entryIdOf,
  movement,
  type Balance,
  type EntryCause,
  type NewEntry,
  type Posting,
  type RecordedEntry,
  type Settlement,
} from './ledger-entries.ts';
export type { FinishedTransfersPort, LedgerService, LedgerViolation } from './ledger.service.ts';
