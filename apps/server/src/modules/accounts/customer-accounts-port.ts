import { eq, getTableColumns, sql } from 'drizzle-orm';
import type { Database } from '../../db/database.ts';
import { jsonObjectOf, rowFromJson } from '../../db/json-rows.ts';
import type { Executor } from '../../db/executor.ts';
import { jsonList } from '../../db/json-lists.ts';
import { preparedStatement } from '../../db/prepared-statements.ts';
import type { CustomerAccountsPort } from '../customers/index.ts';
import { accounts } from './accounts.schema.ts';

// The resource never shows the password's hash, so it is neither read nor cached with the rest.
const { password_hash: _passwordHash, ...accountColumns } = getTableColumns(accounts);

/** `emailsOf`' statement (a batched step's emails): the ids as one JSON text, one text (decision 52). */
const emailsStatement = preparedStatement('customer_account_emails', (ex, name) =>
  ex
    .select({ customer_id: accounts.customer_id, email: accounts.email })
    .from(accounts)
    .where(sql`${accounts.customer_id} = any(${jsonList('ids', 'uuid')})`)
    .prepare(name),
);

/**
 * What other modules read of accounts (decision 30): the customers module's port, built from the
 * database alone, so the customers module, which the accounts module depends on, can have it.
 */
export function createCustomerAccountsPort(deps: { db: Database }): CustomerAccountsPort {
  const selectAccount = (ex: Executor) => ex.select(accountColumns).from(accounts);
  // Read with every uncached profile answer: one prepared query.
  const byCustomer = selectAccount(deps.db)
    .where(eq(accounts.customer_id, sql.placeholder('id')))
    .prepare('customer_account');
  return {
    async read(customerId, ex) {
      const [row] = ex
        ? await selectAccount(ex).where(eq(accounts.customer_id, customerId))
        : await byCustomer.execute({ id: customerId });
      return row;
    },
    profilePart: (customerId) => ({
      sql: sql`(select ${jsonObjectOf(accountColumns)} from ${accounts} where ${accounts.customer_id} = ${customerId})`,
      decode: (value) => (value === null ? undefined : rowFromJson(accountColumns, value)),
    }),
    async emailsOf(ex, customerIds) {
      if (customerIds.length === 0) return new Map();
      const rows = await emailsStatement.run(ex, { ids: JSON.stringify(customerIds) });
      return new Map(rows.map((row) => [row.customer_id, row.email]));
    },
  };
}
