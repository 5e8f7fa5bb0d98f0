import type { SQL } from 'drizzle-orm';
import type { Executor } from '../../db/executor.ts';

/** The customer's account as the customer resource shows it: never its password's hash. */
export interface CustomerAccount {
  customer_id: string;
  email: string;
  email_normalized: string;
  is_email_verified: boolean;
  email_verified_at: Date | null;
  password_changed_at: Date | null;
  mobile_number: string | null;
  mobile_number_country_id: string | null;
  created_at: Date;
  updated_at: Date;
}

/**
 * What the customers module reads of accounts, which the accounts module owns (decision 30): its
 * port, built from the platform alone (`createCustomerAccountsPort`), so customers can come first
 * and the accounts module can depend on them. Given `ex`, it reads what that transaction sees.
 */
export interface CustomerAccountsPort {
  read(customerId: string, ex?: Executor): Promise<CustomerAccount | undefined>;
  /**
   * The account as a part of the customer's own query (one round trip for the whole resource):
   * a SQL value for the customer whose id is `customerId`, and how to read it back.
   */
  profilePart(customerId: SQL): ProfilePart<CustomerAccount | undefined>;
  /** The email address of each of these customers that has an account, by customer id. */
  emailsOf(ex: Executor, customerIds: readonly string[]): Promise<Map<string, string>>;
}

/**
 * Another module's rows as one SQL value in the customer's query (a correlated subquery its owner
 * builds), and how that owner reads the value back.
 */
export interface ProfilePart<T> {
  sql: SQL<unknown>;
  decode(value: unknown): T;
}
