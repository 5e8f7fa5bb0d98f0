import { and, eq, ne } from 'drizzle-orm';
import type { Executor } from '../../db/executor.ts';
import { accounts } from '../accounts/accounts.schema.ts';
import {
  customerAddresses,
  customerBirthDetails,
  customerEmployments,
  customers,
} from '../customers/customers.schema.ts';
import type { AttributeKey } from '../customers/index.ts';

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

/** Onboarding's writes. Each takes the use case's executor and the time it acts at. */
export function createOnboardingRepository() {
  return {
    /**
     * Sets the customer's country. A different country than before drops the address and the
     * employment answers, which belong to the old country's catalogue (regions, currency).
     */
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

    /** Writes validated attribute values (the use case's transaction makes it all or nothing). */
    async saveAttributes(
      tx: Executor,
      customerId: string,
      values: ReadonlyMap<AttributeKey, string | null>,
      now: Date,
    ): Promise<void> {
      if (values.size === 0) return;
      const { customer, address, employment, birthDate } = byTable(values);
      const stamps = { created_at: now, updated_at: now };
      await tx
        .update(customers)
        .set({ ...customer, updated_at: now })
        .where(eq(customers.id, customerId));
      if (!isEmpty(address)) {
        await tx
          .insert(customerAddresses)
          .values({ customer_id: customerId, ...address, ...stamps })
          .onConflictDoUpdate({
            target: customerAddresses.customer_id,
            set: { ...address, updated_at: now },
          });
      }
      if (birthDate) {
        await tx
          .insert(customerBirthDetails)
          .values({ customer_id: customerId, ...birthDate, ...stamps })
          .onConflictDoUpdate({
            target: customerBirthDetails.customer_id,
            set: { ...birthDate, updated_at: now },
          });
      }
      if (!isEmpty(employment)) {
        await tx
          .insert(customerEmployments)
          .values({ customer_id: customerId, ...employment, ...stamps })
          .onConflictDoUpdate({
            target: customerEmployments.customer_id,
            set: { ...employment, updated_at: now },
          });
      }
    },

    async isMobileNumberTaken(tx: Executor, customerId: string, mobileNumber: string) {
      const [row] = await tx
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
    async setMobileNumber(
      tx: Executor,
      customerId: string,
      number: { mobileNumber: string; countryId: string },
      now: Date,
    ) {
      await tx
        .update(accounts)
        .set({
          mobile_number: number.mobileNumber,
          mobile_number_country_id: number.countryId,
          updated_at: now,
        })
        .where(eq(accounts.customer_id, customerId));
    },
  };
}

export type OnboardingRepository = ReturnType<typeof createOnboardingRepository>;
