import { z } from 'zod';
import type { Clock } from '../../lib/clock.ts';
import type { RandomSource } from '../../lib/random.ts';
import type { UnitOfWork } from '../../lib/unit-of-work.ts';
import type { CustomerService } from '../customers/index.ts';
import type { createOperatorActionsRepository } from './operator-actions.repository.ts';

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

export function createOperatorActionsService(deps: {
  uow: Pick<UnitOfWork, 'run'>;
  clock: Clock;
  random: RandomSource;
  customers: Pick<CustomerService, 'setBlockedForSending'>;
  repository: ReturnType<typeof createOperatorActionsRepository>;
}) {
  const { uow, clock, random, customers, repository } = deps;

  /**
   * Blocks or unblocks a customer's sending and records who did it and why, in one transaction:
   * the customers module writes its column (and tells the customer's tabs); the record is ours.
   */
  async function setBlocked(
    customerId: string,
    blocked: boolean,
    decision: OperatorDecision,
  ): Promise<CustomerBlockResult> {
    const operator = decision.operator.trim();
    const reason = decision.reason.trim();
    if (operator === '') {
      throw new OperatorActionError(
        'invalid',
        'Who is acting? Give --as <name> or set CORRIDOR_OPERATOR.',
      );
    }
    if (reason === '') throw new OperatorActionError('invalid', 'The reason is empty.');
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

  return {
    blockCustomer: (customerId: string, decision: OperatorDecision) =>
      setBlocked(customerId, true, decision),
    unblockCustomer: (customerId: string, decision: OperatorDecision) =>
      setBlocked(customerId, false, decision),
  };
}

export type OperatorActionsService = ReturnType<typeof createOperatorActionsService>;
