import {
  countryListSchema,
  type Country,
  type CountryList,
  type CountryWaitlistRequest,
  type Locale,
} from '@corridor/contracts';
import { AppError } from '../../errors/app-error.ts';
import { apiText } from '../../i18n/index.ts';
import type { Clock } from '../../lib/clock.ts';
import { prepareJson, type PreparedJson } from '../../lib/prepared-json.ts';
import type { UnitOfWork } from '../../lib/unit-of-work.ts';
import type { CountriesRepository } from './countries.repository.ts';
import { mobileNumberRule } from './mobile-number-rule.ts';
import { isSourceCountry } from './source-countries.ts';

interface Directory {
  list: CountryList;
  byId: Map<string, Country>;
  byIso2: Map<string, Country>;
}

export interface CountriesServiceDeps {
  repository: CountriesRepository;
  uow: UnitOfWork;
  clock: Clock;
}

/**
 * Countries change only when reference data is seeded at start, so they are read, validated
 * and encoded once per process; other modules look countries up here instead of joining them.
 */
export function createCountriesService({ repository, uow, clock }: CountriesServiceDeps) {
  let directory: Promise<Directory> | undefined;
  const load = (): Promise<Directory> => {
    directory ??= repository.listAll().then((rows) => {
      // The mobile number rule is derived here, once, from the metadata numbers are checked with.
      const list = countryListSchema.parse({
        data: rows.map((row) => ({
          ...row,
          mobile_number_rule: mobileNumberRule(row.iso2_alpha),
          is_served: isSourceCountry(row.iso2_alpha),
        })),
      });
      return {
        list,
        byId: new Map(list.data.map((c) => [c.id, c])),
        byIso2: new Map(list.data.map((c) => [c.iso2_alpha, c])),
      };
    });
    // A failed read is not cached: the next request tries again.
    directory.catch(() => {
      directory = undefined;
    });
    return directory;
  };
  // Encoded apart from the lookups, so a profile never waits for the list's compression.
  let json: Promise<PreparedJson> | undefined;
  return {
    list(): Promise<PreparedJson> {
      json ??= load().then((loaded) => prepareJson(loaded.list));
      json.catch(() => {
        json = undefined;
      });
      return json;
    },
    async byId(id: string | null): Promise<Country | null> {
      if (id === null) return null;
      return (await load()).byId.get(id) ?? null;
    },
    async byIso2(iso2: string): Promise<Country | null> {
      return (await load()).byIso2.get(iso2) ?? null;
    },
    /** Every known country id, for synchronous checks. */
    async ids(): Promise<ReadonlySet<string>> {
      return new Set((await load()).byId.keys());
    },

    /**
     * Keeps an address to tell when Corridor opens in a country it does not serve yet (defect
     * 19), in the language it was asked in. Asking again changes nothing and answers the same;
     * a served country is refused (sign up instead). Returns the country, for the answer.
     */
    async joinWaitlist(input: CountryWaitlistRequest, locale: Locale): Promise<Country> {
      const country = (await load()).byId.get(input.country_id.toLowerCase());
      if (!country) throw AppError.validation({ country_id: [apiText('fields.chooseCountry')] });
      if (country.is_served) {
        throw AppError.validation({
          country_id: [apiText('waitlist.served', { country: country.common_name })],
        });
      }
      await uow.run((tx) =>
        repository.addToWaitlist(tx, {
          email: input.email,
          countryId: country.id,
          locale,
          now: clock.now(),
        }),
      );
      return country;
    },
  };
}

export type CountriesService = ReturnType<typeof createCountriesService>;
