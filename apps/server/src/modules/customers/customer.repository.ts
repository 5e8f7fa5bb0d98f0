import { eq } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Database } from '../../db/database.ts';
import { accounts, countries, customers } from '../../db/schema.ts';

const country = alias(countries, 'country');
const nationality = alias(countries, 'nationality');
const mobileCountry = alias(countries, 'mobile_country');

export function createCustomerRepository(db: Database) {
  return {
    /** A customer with its account and the countries it refers to, in one query. */
    async findWithAccount(customerId: string) {
      const [row] = await db
        .select({
          customer: customers,
          account: accounts,
          country,
          nationality,
          mobileCountry,
        })
        .from(customers)
        .innerJoin(accounts, eq(accounts.customer_id, customers.id))
        .leftJoin(country, eq(country.id, customers.country_id))
        .leftJoin(nationality, eq(nationality.id, customers.nationality_id))
        .leftJoin(mobileCountry, eq(mobileCountry.id, accounts.mobile_number_country_id))
        .where(eq(customers.id, customerId));
      return row;
    },
  };
}

export type CustomerRepository = ReturnType<typeof createCustomerRepository>;
export type CustomerWithAccount = NonNullable<
  Awaited<ReturnType<CustomerRepository['findWithAccount']>>
>;
