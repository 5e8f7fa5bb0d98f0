import type { Locale } from '@corridor/contracts';
import { eq, getTableColumns, sql } from 'drizzle-orm';
import type { Database } from '../../db/database.ts';
import type { Executor } from '../../db/executor.ts';
import { accounts } from '../accounts/accounts.schema.ts';
import {
  customerAddresses,
  customerBirthDetails,
  customerEmployments,
  customers,
} from './customers.schema.ts';

// The resource never shows the password's hash, so it is neither read nor cached with the rest.
const { password_hash: _passwordHash, ...accountColumns } = getTableColumns(accounts);

/** The customer, its account and its one-to-one profile rows, read with `ex`. */
function selectWithAccount(ex: Executor) {
  return ex
    .select({
      customer: customers,
      account: accountColumns,
      address: customerAddresses,
      birthDetail: customerBirthDetails,
      employment: customerEmployments,
    })
    .from(customers)
    .innerJoin(accounts, eq(accounts.customer_id, customers.id))
    .leftJoin(customerAddresses, eq(customerAddresses.customer_id, customers.id))
    .leftJoin(customerBirthDetails, eq(customerBirthDetails.customer_id, customers.id))
    .leftJoin(customerEmployments, eq(customerEmployments.customer_id, customers.id));
}

export function createCustomerRepository(db: Database) {
  // Read on every profile answer: one prepared query (the profile rows are one-to-one with the
  // customer), and countries come from the in-memory directory.
  const withAccount = selectWithAccount(db)
    .where(eq(customers.id, sql.placeholder('id')))
    .prepare('customer_with_account');

  return {
    async findWithAccount(customerId: string) {
      const [row] = await withAccount.execute({ id: customerId });
      return row;
    },
    /** The same rows, read inside a use case's transaction (what it sees before it commits). */
    async findWithAccountIn(ex: Executor, customerId: string) {
      const [row] = await selectWithAccount(ex).where(eq(customers.id, customerId));
      return row;
    },
    async localeOf(ex: Executor, customerId: string): Promise<Locale | undefined> {
      const [row] = await ex
        .select({ locale: customers.locale })
        .from(customers)
        .where(eq(customers.id, customerId));
      return row?.locale;
    },
    async setLocale(tx: Executor, customerId: string, locale: Locale, now: Date): Promise<void> {
      await tx
        .update(customers)
        .set({ locale, updated_at: now })
        .where(eq(customers.id, customerId));
    },
  };
}

export type CustomerRepository = ReturnType<typeof createCustomerRepository>;
export type CustomerWithAccount = NonNullable<
  Awaited<ReturnType<CustomerRepository['findWithAccount']>>
>;
