import type { Customer } from '@corridor/contracts';

/**
 * The stored customer, loaded when first needed: it lives in a TanStack Query cache, which the
 * public screens leave out of their first load (issue 13). The screen a stored customer leads
 * to (onboarding, the dashboard) loads it anyway.
 */
export const loadCustomers = () => import('@/features/customers/customer-store-access');

/** What the MFA screen needs to know about the session. */
export interface SessionCheck {
  customer: Customer;
  /** The session still owes its second factor. */
  owesSecondFactor: boolean;
}

/** Replaces the stored customer with one the server returned (docs/product/web-app.md#states-and-transitions), and checks it. */
export async function storeCustomer(customer: Customer): Promise<SessionCheck> {
  const customers = await loadCustomers();
  customers.setCustomer(customer);
  return { customer, owesSecondFactor: customers.owesSecondFactor(customer) };
}

/** Fetches the profile afresh and stores it (concurrent refreshes share one request, docs/product/web-app.md#states-and-transitions). */
export async function refreshSession(): Promise<SessionCheck> {
  const customers = await loadCustomers();
  const customer = await customers.refreshCustomer();
  return { customer, owesSecondFactor: customers.owesSecondFactor(customer) };
}
