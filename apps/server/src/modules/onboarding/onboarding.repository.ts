import { and, eq, ne, sql } from 'drizzle-orm';
import type { Database } from '../../db/database.ts';
import {
  accounts,
  customerAddresses,
  customerBirthDetails,
  customerEmployments,
  customers,
} from '../../db/schema.ts';
import type { AttributeKey } from './catalogue.ts';

type CustomerColumns = Partial<
  Pick<
    typeof customers.$inferInsert,
    'name' | 'second_name' | 'third_name' | 'unique_identity_number' | 'nationality_id'
  >
>;
type AddressColumns = Partial<
  Pick<
    typeof customerAddresses.$inferInsert,
    'address_line_1' | 'address_line_2' | 'city' | 'region' | 'postcode'
  >
>;
type EmploymentColumns = Partial<
  Pick<typeof customerEmployments.$inferInsert, 'occupation' | 'salary_range'>
>;

/** Splits validated attribute values by the table that stores them. */
function byTable(values: ReadonlyMap<AttributeKey, string | null>) {
  const customer: CustomerColumns = {};
  const address: AddressColumns = {};
  const employment: EmploymentColumns = {};
  let birthDate: { birth_date: string | null } | undefined;
  for (const [key, value] of values) {
    switch (key) {
      case 'name':
      case 'second_name':
      case 'third_name':
      case 'unique_identity_number':
      case 'nationality_id':
        customer[key] = value;
        break;
      case 'birth_detail.birth_date':
        birthDate = { birth_date: value };
        break;
      case 'address.address_line_1':
        address.address_line_1 = value;
        break;
      case 'address.address_line_2':
        address.address_line_2 = value;
        break;
      case 'address.city':
        address.city = value;
        break;
      case 'address.region':
        address.region = value;
        break;
      case 'address.postcode':
        address.postcode = value;
        break;
      case 'employment.occupation':
        employment.occupation = value;
        break;
      case 'employment.salary_range':
        employment.salary_range = value;
        break;
    }
  }
  return { customer, address, employment, birthDate };
}

const isEmpty = (object: object) => Object.keys(object).length === 0;

export function createOnboardingRepository(db: Database) {
  return {
    /**
     * Sets the customer's country. A different country than before drops the address and the
     * employment answers, which belong to the old country's catalogue (regions, currency).
     */
    async setCountry(customerId: string, countryId: string): Promise<void> {
      await db.transaction(async (tx) => {
        const [previous] = await tx
          .select({ country_id: customers.country_id })
          .from(customers)
          .where(eq(customers.id, customerId))
          .for('update');
        if (previous?.country_id === countryId) return;
        await tx
          .update(customers)
          .set({ country_id: countryId, updated_at: sql`now()` })
          .where(eq(customers.id, customerId));
        if (previous?.country_id) {
          await tx.delete(customerAddresses).where(eq(customerAddresses.customer_id, customerId));
          await tx
            .delete(customerEmployments)
            .where(eq(customerEmployments.customer_id, customerId));
        }
      });
    },

    /** Writes validated attribute values, all or nothing. */
    async saveAttributes(
      customerId: string,
      values: ReadonlyMap<AttributeKey, string | null>,
    ): Promise<void> {
      if (values.size === 0) return;
      const { customer, address, employment, birthDate } = byTable(values);
      await db.transaction(async (tx) => {
        await tx
          .update(customers)
          .set({ ...customer, updated_at: sql`now()` })
          .where(eq(customers.id, customerId));
        if (!isEmpty(address)) {
          await tx
            .insert(customerAddresses)
            .values({ customer_id: customerId, ...address })
            .onConflictDoUpdate({
              target: customerAddresses.customer_id,
              set: { ...address, updated_at: sql`now()` },
            });
        }
        if (birthDate) {
          await tx
            .insert(customerBirthDetails)
            .values({ customer_id: customerId, ...birthDate })
            .onConflictDoUpdate({
              target: customerBirthDetails.customer_id,
              set: { ...birthDate, updated_at: sql`now()` },
            });
        }
        if (!isEmpty(employment)) {
          await tx
            .insert(customerEmployments)
            .values({ customer_id: customerId, ...employment })
            .onConflictDoUpdate({
              target: customerEmployments.customer_id,
              set: { ...employment, updated_at: sql`now()` },
            });
        }
      });
    },

    async isMobileNumberTaken(customerId: string, mobileNumber: string): Promise<boolean> {
      const [row] = await db
        .select({ customer_id: accounts.customer_id })
        .from(accounts)
        .where(and(eq(accounts.mobile_number, mobileNumber), ne(accounts.customer_id, customerId)))
        .limit(1);
      return row !== undefined;
    },

    /**
     * When another customer holds the number, the partial unique index refuses it
     * (errors/constraint-violations.ts turns that into a 422).
     */
    async setMobileNumber(customerId: string, mobileNumber: string, countryId: string) {
      await db
        .update(accounts)
        .set({
          mobile_number: mobileNumber,
          mobile_number_country_id: countryId,
          updated_at: sql`now()`,
        })
        .where(eq(accounts.customer_id, customerId));
    },
  };
}

export type OnboardingRepository = ReturnType<typeof createOnboardingRepository>;
