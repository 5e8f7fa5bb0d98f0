import type { Country, Customer } from '@corridor/contracts';
import { AppError } from '../../errors/app-error.ts';
import type { CountriesService } from '../countries/index.ts';
import type { SignedInSession } from '../sessions/index.ts';
import { customerResource } from './customer-resource.ts';
import type { CustomerRepository } from './customer.repository.ts';

export function createCustomerService(repository: CustomerRepository, countries: CountriesService) {
  return {
    /** The customer as the given session sees it (SPEC §3). */
    async view(session: SignedInSession): Promise<Customer> {
      const row = await repository.findWithAccount(session.customer_id);
      if (!row) throw new AppError('unauthenticated');
      const [country, nationality, mobileCountry] = await Promise.all([
        countries.byId(row.customer.country_id),
        countries.byId(row.customer.nationality_id),
        countries.byId(row.account.mobile_number_country_id),
      ]);
      return customerResource(row, { country, nationality, mobileCountry }, session);
    },

    /** The customer's country (the one they send from), once chosen. */
    async countryOf(customerId: string): Promise<Country | null> {
      const row = await repository.findWithAccount(customerId);
      if (!row) throw new AppError('unauthenticated');
      return countries.byId(row.customer.country_id);
    },
  };
}

export type CustomerService = ReturnType<typeof createCustomerService>;
