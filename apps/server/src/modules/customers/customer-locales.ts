import type { Locale } from '@corridor/contracts';
import { eq, sql, type Placeholder, type SQL } from 'drizzle-orm';
import type { Executor } from '../../db/executor.ts';
import { jsonList } from '../../db/json-lists.ts';
import { preparedStatement } from '../../db/prepared-statements.ts';
import { customers } from './customers.schema.ts';

/**
 * The customer's language as a SQL value (a one-row subquery), for another module's statement
 * that reads it beside its own rows: "I've paid" reads it with the transfer it locks.
 */
export const customerLocaleSql = (customerId: string | Placeholder): SQL<Locale | null> =>
  sql`(select ${customers.locale} from ${customers} where ${eq(customers.id, customerId)})`;

/** `localesOf`'s statement: the ids as one JSON text, one text whatever their number (decision 52). */
const localesStatement = preparedStatement('customer_locales_of', (ex, name) =>
  ex
    .select({ id: customers.id, locale: customers.locale })
    .from(customers)
    .where(sql`${customers.id} = any(${jsonList('ids', 'uuid')})`)
    .prepare(name),
);

/** The customers' languages (emails, events), read and set with the executor each call is given. */
export const customerLocales = {
  async localeOf(ex: Executor, customerId: string): Promise<Locale | undefined> {
    const [row] = await ex
      .select({ locale: customers.locale })
      .from(customers)
      .where(eq(customers.id, customerId));
    return row?.locale;
  },
  /** Several customers' languages in one statement (a batched step's emails). */
  async localesOf(ex: Executor, customerIds: readonly string[]): Promise<Map<string, Locale>> {
    if (customerIds.length === 0) return new Map();
    const rows = await localesStatement.run(ex, { ids: JSON.stringify(customerIds) });
    return new Map(rows.map((row) => [row.id, row.locale]));
  },
  async setLocale(tx: Executor, customerId: string, locale: Locale, now: Date): Promise<void> {
    await tx.update(customers).set({ locale, updated_at: now }).where(eq(customers.id, customerId));
  },
};
