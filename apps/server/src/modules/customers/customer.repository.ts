import { eq, sql } from 'drizzle-orm';
import type { Database } from '../../db/database.ts';
import { accounts, customers } from '../../db/schema.ts';

export function createCustomerRepository(db: Database) {
  // Read on every profile answer: prepared once, and countries come from the in-memory directory.
  const withAccount = db
    .select({ customer: customers, account: accounts })
    .from(customers)
    .innerJoin(accounts, eq(accounts.customer_id, customers.id))
    .where(eq(customers.id, sql.placeholder('id')))
    .prepare('customer_with_account');

  return {
    async findWithAccount(customerId: string) {
      const [row] = await withAccount.execute({ id: customerId });
      return row;
    },
  };
}

export type CustomerRepository = ReturnType<typeof createCustomerRepository>;
export type CustomerWithAccount = NonNullable<
  Awaited<ReturnType<CustomerRepository['findWithAccount']>>
>;
