import type { Locale } from '@corridor/contracts';
import { eq, getTableColumns, sql, type SQL } from 'drizzle-orm';
import type { Database } from '../../db/database.ts';
import type { Executor } from '../../db/executor.ts';
import { createTextMemo, jsonObjectOf, rowFromJson } from '../../db/json-rows.ts';
import type { CustomerAccount, CustomerAccountsPort } from './accounts-port.ts';
import type { AttributeKey } from './attribute-catalogue.ts';
import type {
  CustomerDocumentsPort,
  CustomerDocumentsState,
  DocumentsProfile,
} from './documents-port.ts';
import {
  customerAddresses,
  customerBirthDetails,
  customerEmployments,
  customers,
} from './customers.schema.ts';
import { customerLocales } from './customer-locales.ts';
import { columnsByPart, type ProfileRows } from './profile-columns.ts';

/** The customer, its one-to-one profile rows, and its account (the accounts module's). */
export type CustomerWithAccount = ProfileRows & { account: CustomerAccount };

/** Everything the customer resource is made from, read in one statement. */
export interface CustomerWhole {
  row: CustomerWithAccount;
  /** The documents part, given the profile facts it depends on. */
  documents: (profile: DocumentsProfile) => CustomerDocumentsState;
}

/** The customer and its one-to-one profile rows, read with `ex`. */
function selectProfile(ex: Executor) {
  return ex
    .select({
      customer: customers,
      address: customerAddresses,
      birthDetail: customerBirthDetails,
      employment: customerEmployments,
    })
    .from(customers)
    .leftJoin(customerAddresses, eq(customerAddresses.customer_id, customers.id))
    .leftJoin(customerBirthDetails, eq(customerBirthDetails.customer_id, customers.id))
    .leftJoin(customerEmployments, eq(customerEmployments.customer_id, customers.id));
}

const isEmpty = (object: object) => Object.keys(object).length === 0;

type WholeTable =
  typeof customerAddresses | typeof customerBirthDetails | typeof customerEmployments;

/** A one-to-one row read back from its JSON, or null when the customer has none. */
function optionalFromJson<T extends WholeTable>(table: T, json: unknown) {
  return json === null || json === undefined
    ? null
    : (rowFromJson(getTableColumns(table), json) as T['$inferSelect']);
}

/** How many customers' last whole reads are kept to be reused while their text is the same. */
const WHOLES_KEPT = 1000;

/** The customers' tables, read and written with the executor each call is given. */
export function createCustomerRepository(
  db: Database,
  accounts: CustomerAccountsPort,
  documents: CustomerDocumentsPort,
) {
  // The resource's other rows (account, documents and their pages, the sends source of funds
  // counts) come as parts of the same value, each built by its owner (decision 30), and the
  // whole is one JSON text: read with the session in one statement (decision 45), or alone.
  /** A customer without an account is none: sign-up writes both in one transaction. */
  const withAccount = (rows: ProfileRows | undefined, account: CustomerAccount | undefined) =>
    rows && account ? { ...rows, account } : undefined;
  const customerId = sql`${customers.id}`;
  const accountPart = accounts.profilePart(customerId);
  const documentsPart = documents.profilePart(customerId);
  /** A joined one-to-one row as JSON, or null when the customer has none. */
  const optionalRow = (table: WholeTable) =>
    sql`case when ${table.customer_id} is null then null else ${jsonObjectOf(getTableColumns(table))} end`;
  /** The whole customer as one JSON value, over the customer's row and its joined rows. */
  const wholeJson = sql`json_build_object(
    'customer', ${jsonObjectOf(getTableColumns(customers))},
    'address', ${optionalRow(customerAddresses)},
    'birthDetail', ${optionalRow(customerBirthDetails)},
    'employment', ${optionalRow(customerEmployments)},
    'account', ${accountPart.sql},
    'documents', ${documentsPart.sql})`;
  const joined = sql`${customers}
    left join ${customerAddresses} on ${customerAddresses.customer_id} = ${customers.id}
    left join ${customerBirthDetails} on ${customerBirthDetails.customer_id} = ${customers.id}
    left join ${customerEmployments} on ${customerEmployments.customer_id} = ${customers.id}`;
  /** The whole customer as one JSON text, for the customer whose id is `id`, or null. */
  const wholeOf = (id: SQL): SQL<string | null> => {
    // Nested, so that a single-table select around it keeps its columns qualified.
    const select = sql`select ${wholeJson}::text from ${joined} where ${customers.id} = ${id}`;
    return sql<string | null>`(${select})`;
  };
  const selectWhole = (ex: Executor) =>
    ex
      .select({ whole: sql<string>`${wholeJson}::text` })
      .from(customers)
      .leftJoin(customerAddresses, eq(customerAddresses.customer_id, customers.id))
      .leftJoin(customerBirthDetails, eq(customerBirthDetails.customer_id, customers.id))
      .leftJoin(customerEmployments, eq(customerEmployments.customer_id, customers.id))
      .where(eq(customers.id, sql.placeholder('id')));
  // Read on every uncached signed-in request that does not come with its session: prepared once.
  const whole = selectWhole(db).prepare('customer_whole');
  /**
   * The whole read back from its text. The same text is the same customer: what was made of it
   * last time is reused (the resource and its answer, customer.service.ts), a new text replaces
   * it.
   */
  const decoded = createTextMemo(WHOLES_KEPT, (text: string): CustomerWhole | undefined => {
    const parts = JSON.parse(text) as Record<keyof ProfileRows | 'account' | 'documents', unknown>;
    const row = withAccount(
      {
        customer: rowFromJson(getTableColumns(customers), parts.customer),
        address: optionalFromJson(customerAddresses, parts.address),
        birthDetail: optionalFromJson(customerBirthDetails, parts.birthDetail),
        employment: optionalFromJson(customerEmployments, parts.employment),
      },
      accountPart.decode(parts.account),
    );
    return row && { row, documents: documentsPart.decode(parts.documents) };
  });
  const decodeWhole = (id: string, text: string | null) =>
    text === null ? undefined : decoded(id, text);
  // Read on every profile answer: one prepared query (the profile rows are one-to-one with the
  // customer), and countries come from the in-memory directory.
  const profile = selectProfile(db)
    .where(eq(customers.id, sql.placeholder('id')))
    .prepare('customer_profile');

  return {
    /**
     * The customer, its profile rows, account and documents in one statement, or undefined;
     * given `ex` (a use case's transaction), what it sees.
     */
    async findWhole(customerId: string, ex?: Executor): Promise<CustomerWhole | undefined> {
      const values = { id: customerId, ...documentsPart.values() };
      const [found] = ex ? await selectWhole(ex).execute(values) : await whole.execute(values);
      return decodeWhole(customerId, found?.whole ?? null);
    },
    /**
     * The whole customer as a part of the session's statement (decision 45): one round trip for
     * the session and its customer; `decode` takes the session's customer id and the value.
     */
    wholePart: {
      sql: wholeOf,
      values: () => documentsPart.values(),
      decode: (id: string, value: unknown) =>
        decodeWhole(id, typeof value === 'string' ? value : null),
    },
    async findWithAccount(customerId: string): Promise<CustomerWithAccount | undefined> {
      const [[rows], account] = await Promise.all([
        profile.execute({ id: customerId }),
        accounts.read(customerId),
      ]);
      return withAccount(rows, account);
    },
    /** The same rows, read inside a use case's transaction (what it sees before it commits). */
    async findWithAccountIn(ex: Executor, customerId: string) {
      const [rows] = await selectProfile(ex).where(eq(customers.id, customerId));
      return withAccount(rows, await accounts.read(customerId, ex));
    },
    ...customerLocales,
    /** A new customer, in the sign-up's language; its id. */
    async create(ex: Executor, values: { crn: string; locale: Locale; now: Date }) {
      const [customer] = await ex
        .insert(customers)
        .values({
          crn: values.crn,
          locale: values.locale,
          created_at: values.now,
          updated_at: values.now,
        })
        .returning({ id: customers.id });
      if (!customer) throw new Error('customer insert returned nothing');
      return customer.id;
    },
    async crnExists(ex: Executor, crn: string): Promise<boolean> {
      const [row] = await ex
        .select({ id: customers.id })
        .from(customers)
        .where(eq(customers.crn, crn));
      return row !== undefined;
    },
    /**
     * Sets the customer's country. A different country than before drops the address and the
     * employment answers, which belong to the old country's catalogue (regions, currency).
     */
    /**
     * Sets `is_blocked_for_sending`, the row locked: the value it had, or undefined when there is
     * no such customer. Nothing is written when it already has `blocked`.
     */
    async setBlockedForSending(
      tx: Executor,
      customerId: string,
      blocked: boolean,
      now: Date,
    ): Promise<boolean | undefined> {
      const [previous] = await tx
        .select({ blocked: customers.is_blocked_for_sending })
        .from(customers)
        .where(eq(customers.id, customerId))
        .for('update');
      if (previous && previous.blocked !== blocked) {
        await tx
          .update(customers)
          .set({ is_blocked_for_sending: blocked, updated_at: now })
          .where(eq(customers.id, customerId));
      }
      return previous?.blocked;
    },
    async setCountry(tx: Executor, customerId: string, countryId: string, now: Date) {
      const [previous] = await tx
        .select({ country_id: customers.country_id })
        .from(customers)
        .where(eq(customers.id, customerId))
        .for('update');
      if (previous?.country_id === countryId) return;
      await tx
        .update(customers)
        .set({ country_id: countryId, updated_at: now })
        .where(eq(customers.id, customerId));
      if (previous?.country_id) {
        await tx.delete(customerAddresses).where(eq(customerAddresses.customer_id, customerId));
        await tx.delete(customerEmployments).where(eq(customerEmployments.customer_id, customerId));
      }
    },
    /**
     * Writes attribute values in their columns (profile-columns.ts); the customer row's
     * `updated_at` moves with any of them. The use case's transaction makes it all or nothing.
     */
    async saveAttributes(
      tx: Executor,
      customerId: string,
      values: ReadonlyMap<AttributeKey, string | null>,
      now: Date,
    ): Promise<void> {
      if (values.size === 0) return;
      const { customer, address, birthDetail, employment } = columnsByPart(values);
      await tx
        .update(customers)
        .set({ ...customer, updated_at: now })
        .where(eq(customers.id, customerId));
      const stamps = { customer_id: customerId, created_at: now, updated_at: now };
      if (!isEmpty(address)) {
        await tx
          .insert(customerAddresses)
          .values({ ...address, ...stamps })
          .onConflictDoUpdate({
            target: customerAddresses.customer_id,
            set: { ...address, updated_at: now },
          });
      }
      if (!isEmpty(birthDetail)) {
        await tx
          .insert(customerBirthDetails)
          .values({ ...birthDetail, ...stamps })
          .onConflictDoUpdate({
            target: customerBirthDetails.customer_id,
            set: { ...birthDetail, updated_at: now },
          });
      }
      if (!isEmpty(employment)) {
        await tx
          .insert(customerEmployments)
          .values({ ...employment, ...stamps })
          .onConflictDoUpdate({
            target: customerEmployments.customer_id,
            set: { ...employment, updated_at: now },
          });
      }
    },
  };
}

export type CustomerRepository = ReturnType<typeof createCustomerRepository>;
