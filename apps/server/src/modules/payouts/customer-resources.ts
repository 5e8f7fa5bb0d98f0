import type { CurrencySalaryRanges, Locale, ReferenceItem } from '@corridor/contracts';
import { stableId } from '../../lib/stable-id.ts';
import {
  catalogueFor,
  localizedDefinition,
  SOURCE_COUNTRIES,
  type AttributeKey,
  type CustomerService,
} from '../customers/index.ts';
import type { PayoutsService } from './payouts.service.ts';

/**
 * ISO 3166's user-assigned "unknown" code: the attribute catalogue of "any other country", for a
 * customer who has not chosen theirs yet (its income bands are in USD).
 */
const NO_COUNTRY = 'ZZ';
const NO_COUNTRY_CURRENCY = 'USD';

/**
 * The occupations and income bands of the profile's attribute catalogue (decision 8), served
 * as the original product's resources: one list, not a copy, so a choice made here is always
 * one the profile accepts. Ids are stable (name-based), codes are the values the profile stores.
 */
export function createCustomerResources(deps: {
  customers: Pick<CustomerService, 'countryOf'>;
  payouts: Pick<PayoutsService, 'currency'>;
}) {
  const options = async (customerId: string, attribute: AttributeKey, locale: Locale) => {
    const country = await deps.customers.countryOf(customerId);
    const iso2 = country?.iso2_alpha ?? NO_COUNTRY;
    const definition = catalogueFor(iso2).find((item) => item.attribute === attribute);
    const localized = definition ? localizedDefinition(definition, locale) : undefined;
    const items: ReferenceItem[] = (localized?.options ?? []).map((option) => ({
      id: stableId(attribute, option.value),
      code: option.value,
      title: option.label,
      description: null,
    }));
    return { iso2, items };
  };

  return {
    /** The occupations the customer's profile offers, sorted in the reader's language. */
    async occupations(customerId: string, locale: Locale): Promise<ReferenceItem[]> {
      return (await options(customerId, 'employment.occupation', locale)).items;
    },
    /** The currency the customer pays in, with the income bands their profile offers in it. */
    async salaryRanges(customerId: string, locale: Locale): Promise<CurrencySalaryRanges> {
      const { iso2, items } = await options(customerId, 'employment.salary_range', locale);
      const code =
        SOURCE_COUNTRIES.find((source) => source.iso2 === iso2)?.currency ?? NO_COUNTRY_CURRENCY;
      const currency = await deps.payouts.currency(code, locale);
      if (!currency) throw new Error(`currency ${code} is not seeded`);
      return { ...currency, salary_ranges: items };
    },
  };
}

export type CustomerResources = ReturnType<typeof createCustomerResources>;
