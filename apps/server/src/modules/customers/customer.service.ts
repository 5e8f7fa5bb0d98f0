import type { Customer } from '@corridor/contracts';
import { AppError } from '../../errors/app-error.ts';
import type { SessionRow } from '../sessions/session.repository.ts';
import { customerResource } from './customer-resource.ts';
import type { CustomerRepository } from './customer.repository.ts';

export function createCustomerService(repository: CustomerRepository) {
  return {
    /** The customer as the given session sees it (SPEC §3). */
    async view(session: SessionRow): Promise<Customer> {
      const row = await repository.findWithAccount(session.customer_id);
      if (!row) throw new AppError('unauthenticated');
      return customerResource(row, session);
    },
  };
}

export type CustomerService = ReturnType<typeof createCustomerService>;
