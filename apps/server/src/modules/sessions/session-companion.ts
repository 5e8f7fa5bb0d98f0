import type { SQL } from 'drizzle-orm';

/**
 * Another module's rows read in the same statement as the session behind a request
 * (docs/decisions/0045-session-and-customer-in-one-statement.md): a SQL value its owner builds
 * for the session's customer, and how the owner reads it back. The sessions module knows neither
 * the tables nor the value.
 */
export interface SessionCompanion<T> {
  /** The value for the customer whose id is `customerId` (the session's column). */
  sql(customerId: SQL): SQL<unknown>;
  /** Its placeholders' values, taken each time the statement runs. */
  values(): Record<string, unknown>;
  /** The value read back, for the session's customer. */
  decode(customerId: string, value: unknown): T;
}
