import type { Clock } from '../../lib/clock.ts';
import type { RandomSource } from '../../lib/random.ts';
import type { UnitOfWork } from '../../lib/unit-of-work.ts';
import type { CustomerService } from '../customers/index.ts';
import type { PaymentsService } from '../payments/index.ts';
import { createOperatorActionsRepository } from './operator-actions.repository.ts';
import { createOperatorPayments, type OperatorPayments } from './operator-payments.ts';
import type { TransferOperations, OperatorViews } from '../transfers/index.ts';
import type { Database } from '../../db/database.ts';
import {
  createOperatorActionsService,
  type OperatorActionsService,
} from './operator-actions.service.ts';

export interface OperatorActionsModule {
  service: OperatorActionsService;
  /** `payments:list|show|refund` (operator-payments.ts). */
  payments: OperatorPayments;
}

/**
 * What operators do to other modules' rows through the ops CLI, each recorded with who, what, why
 * and when (docs/decisions/0039-operator-actions.md).
 */
export function createOperatorActionsModule(deps: {
  db: Database;
  uow: UnitOfWork;
  clock: Clock;
  random: RandomSource;
  customers: CustomerService;
  transfers: { operations: TransferOperations; views: OperatorViews };
  payments: Pick<PaymentsService, 'views'>;
}): OperatorActionsModule {
  const repository = createOperatorActionsRepository();
  return {
    service: createOperatorActionsService({ ...deps, repository }),
    payments: createOperatorPayments({ ...deps, repository }),
  };
}

export {
  OperatorActionError,
  type CustomerBlockResult,
  type OperatorActionsService,
  type OperatorDecision,
} from './operator-actions.service.ts';
export { operatorActionCodes, type OperatorActionCode } from './operator-action-codes.ts';
export type { TransferActionResult } from './transfer-actions.ts';
export type {
  OperatorPayments,
  OperatorPaymentView,
  PaymentRefundResult,
} from './operator-payments.ts';
