import { z } from 'zod';
import type { Clock } from '../../lib/clock.ts';
import type { RandomSource } from '../../lib/random.ts';
import type { UnitOfWork } from '../../lib/unit-of-work.ts';
import type { CustomerService } from '../customers/index.ts';
import type { Database } from '../../db/database.ts';
import {
  IllegalTransitionError,
  type OperatorTransferAction,
  type OperatorTransferDetail,
  type OperatorTransferFilter,
  type OperatorTransferSummary,
  type OperatorViews,
  type TransferOperations,
} from '../transfers/index.ts';
import type { createOperatorActionsRepository } from './operator-actions.repository.ts';
import { TRANSFER_ACTIONS, type TransferActionResult } from './transfer-actions.ts';

/** An operator's command refused, nothing changed: its message says why. */
export class OperatorActionError extends Error {
  constructor(
    readonly code: 'not_found' | 'invalid',
    message: string,
  ) {
    super(message);
    this.name = 'OperatorActionError';
  }
}

/** Who acts and why: both required, both recorded. */
export interface OperatorDecision {
  operator: string;
  reason: string;
}

export interface CustomerBlockResult {
  customer_id: string;
  is_blocked_for_sending: boolean;
  operator: string;
  reason: string;
}

const customerIdSchema = z.uuid();

/** Who and why, trimmed; refused when either is blank (the table's CHECKs would refuse it too). */
export function checkedDecision(decision: OperatorDecision): OperatorDecision {
  const operator = decision.operator.trim();
  const reason = decision.reason.trim();
  if (operator === '') {
    throw new OperatorActionError(
      'invalid',
      'Who is acting? Give --as <name> or set CORRIDOR_OPERATOR.',
    );
  }
  if (reason === '') throw new OperatorActionError('invalid', 'The reason is empty.');
  return { operator, reason };
}

export function createOperatorActionsService(deps: {
  db: Database;
  uow: Pick<UnitOfWork, 'run'>;
  clock: Clock;
  random: RandomSource;
  customers: Pick<CustomerService, 'setBlockedForSending'>;
  /** The transfers module's side of the transfers:* commands: its actions and reads. */
  transfers: { operations: TransferOperations; views: OperatorViews };
  repository: ReturnType<typeof createOperatorActionsRepository>;
}) {
  const { db, uow, clock, random, customers, transfers, repository } = deps;

  /**
   * Blocks or unblocks a customer's sending and records who did it and why, in one transaction:
   * the customers module writes its column (and tells the customer's tabs); the record is ours.
   */
  async function setBlocked(
    customerId: string,
    blocked: boolean,
    decision: OperatorDecision,
  ): Promise<CustomerBlockResult> {
    const { operator, reason } = checkedDecision(decision);
    const unknown = new OperatorActionError('not_found', `There is no customer ${customerId}.`);
    if (!customerIdSchema.safeParse(customerId).success) throw unknown;
    await uow.run(async (tx) => {
      const previous = await customers.setBlockedForSending(tx, customerId, blocked);
      if (previous === undefined) throw unknown;
      if (previous === blocked) {
        throw new OperatorActionError(
          'invalid',
          `The customer is already ${blocked ? 'blocked' : 'allowed to send'}; nothing changed.`,
        );
      }
      await repository.record(tx, {
        id: random.uuid(),
        operator,
        action: blocked ? 'customer-blocked' : 'customer-unblocked',
        subjectType: 'customer',
        subjectId: customerId,
        reason,
        at: clock.now(),
      });
    });
    return { customer_id: customerId, is_blocked_for_sending: blocked, operator, reason };
  }

  /**
   * One action on a transfer and its record, in one transaction: the transfers module changes
   * the transfer (state, timeline, ledger entries, events, emails); the record is ours. A change
   * the transfer's state does not allow is refused and nothing is written.
   */
  async function actOnTransfer(
    action: OperatorTransferAction,
    idOrNumber: string,
    decision: OperatorDecision,
  ): Promise<TransferActionResult> {
    const { operator, reason } = checkedDecision(decision);
    const { code, verb } = TRANSFER_ACTIONS[action];
    try {
      return await uow.run(async (tx) => {
        const change = await transfers.operations[action](tx, idOrNumber);
        if (change === undefined) {
          throw new OperatorActionError('not_found', `There is no transfer ${idOrNumber}.`);
        }
        await repository.record(tx, {
          id: random.uuid(),
          operator,
          action: code,
          subjectType: 'transaction',
          subjectId: change.transaction_id,
          reason,
          at: clock.now(),
        });
        return { ...change, operator, reason };
      });
    } catch (error) {
      if (!(error instanceof IllegalTransitionError)) throw error;
      throw new OperatorActionError(
        'invalid',
        `Transfer ${idOrNumber} is ${error.from ?? 'in no state'}: it cannot be ${verb}; nothing changed.`,
      );
    }
  }

  return {
    actOnTransfer,

    /** `transfers:list`: newest first, at most 200. */
    listTransfers: (filter: OperatorTransferFilter): Promise<OperatorTransferSummary[]> =>
      transfers.views.list(db, filter),

    /** `transfers:show`: one transfer by id or number, with what operators did to it. */
    async showTransfer(idOrNumber: string): Promise<OperatorTransferDetail> {
      const transfer = await transfers.views.show(db, idOrNumber);
      if (!transfer) {
        throw new OperatorActionError('not_found', `There is no transfer ${idOrNumber}.`);
      }
      const actions = await repository.actionsOn(db, 'transaction', transfer.id);
      return { ...transfer, operator_actions: actions };
    },

    blockCustomer: (customerId: string, decision: OperatorDecision) =>
      setBlocked(customerId, true, decision),
    unblockCustomer: (customerId: string, decision: OperatorDecision) =>
      setBlocked(customerId, false, decision),
  };
}

export type OperatorActionsService = ReturnType<typeof createOperatorActionsService>;
