import type { Executor } from '../../db/executor.ts';
import type { EventOrigin } from '../realtime/index.ts';
import type { AccountServiceDeps } from './account-deps.ts';

/**
 * The customer's mobile number, which onboarding asks for and the account holds (decision 30):
 * both run in the caller's transaction `tx`. Setting it tells the customer's tabs and evicts the
 * cached resource itself (the customers module's `profileUpdated`).
 */
export function createMobileNumbers(
  deps: Pick<AccountServiceDeps, 'accounts' | 'customers' | 'clock'>,
) {
  const { accounts, customers, clock } = deps;
  return {
    /** Whether another customer holds this number (E.164). */
    isTaken: (tx: Executor, customerId: string, mobileNumber: string) =>
      accounts.isMobileNumberTaken(tx, customerId, mobileNumber),
    async set(
      tx: Executor,
      customerId: string,
      number: { mobileNumber: string; countryId: string },
      origin?: EventOrigin,
    ): Promise<void> {
      await accounts.setMobileNumber(tx, customerId, number, clock.now());
      await customers.profileUpdated(tx, customerId, origin);
    },
  };
}

export type MobileNumbers = ReturnType<typeof createMobileNumbers>;
