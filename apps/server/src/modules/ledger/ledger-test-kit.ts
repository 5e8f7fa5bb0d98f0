import type { FastifyInstance } from 'fastify';
import { pino } from 'pino';
import { afterAll, expect } from 'vitest';
import type { Database } from '../../db/database.ts';
import type { Clock } from '../../lib/clock.ts';
import { createUnitOfWork, type UnitOfWork } from '../../lib/unit-of-work.ts';
import { createLedgerModule, NO_TRANSFERS, type FinishedTransfersPort } from './index.ts';
import type { LedgerService } from './ledger.service.ts';

/**
 * What tests that move money share (test code only). Call `expectLedgerHolds(app)` in the
 * file's `afterAll`: whatever the file did, `ledger:check` finds nothing wrong.
 */
export async function expectLedgerHolds(app: FastifyInstance): Promise<void> {
  expect(await app.ops.ledger.check()).toEqual([]);
}

/**
 * The file's ledger check (issue 29: "the test harness runs it after every test file that moves
 * money"): registered after the file's app is, it runs after the file's tests and before the app
 * closes (Vitest runs after-hooks in reverse order). `appPerFile({ movesMoney: true })` does this.
 */
export function ledgerHoldsAfterAll(app: () => FastifyInstance): void {
  afterAll(() => expectLedgerHolds(app()));
}

/**
 * A ledger service on a test's database, with the test's clock and, when the test needs one,
 * its own answer to which transfers are finished (the transfers module's port).
 */
export function ledgerOn(
  db: Database,
  options: { clock: Clock; finishedTransfers?: FinishedTransfersPort },
): { ledger: LedgerService; uow: UnitOfWork } {
  const uow = createUnitOfWork(db, async () => {});
  const module = createLedgerModule({
    db,
    uow,
    clock: options.clock,
    log: pino({ level: 'silent' }),
    finishedTransfers: options.finishedTransfers ?? NO_TRANSFERS,
  });
  return { ledger: module.service, uow };
}
