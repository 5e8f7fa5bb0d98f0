import type { Database } from '../db/database.ts';
import { systemClock, type Clock } from '../lib/clock.ts';
import { countryIdsByIso2, seedCountries } from '../modules/countries/index.ts';
import { seedPayoutReferenceData } from '../modules/payouts/index.ts';

/**
 * Every module's reference data, seeded at start (and by `db:migrate`, the tests' set-up) in the
 * order their foreign keys need: the countries, then the currencies and payout reference data,
 * whose targets refer to countries. Each module seeds its own tables (decision 30). Idempotent.
 */
export async function seedReferenceData(db: Database, clock: Clock = systemClock): Promise<void> {
  await seedCountries(db, clock);
  await seedPayoutReferenceData(db, clock, countryIdsByIso2);
}
