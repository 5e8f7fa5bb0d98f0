import { asc, eq, inArray, max } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TestClock } from '../../test/clock.ts';
import { createTestDatabase } from '../../test/test-app.ts';
import type { DatabaseHandle } from '../../db/database.ts';
import {
  currencies,
  payoutCompanies,
  payoutMethodCompanies,
  payoutMethods,
  payoutTargets,
  purposes,
  relationships,
} from './payouts.schema.ts';
import { PAYOUT_CORRIDORS, payoutMethodId, purposeId } from './payout-reference-data.ts';
import { seedReferenceData } from '../../app/reference-data.ts';

let database: DatabaseHandle;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(() => database.close());

describe('the payout reference data seed', () => {
  it('seeds every source and target currency with its ISO 4217 exponent', async () => {
    const codes = ['GBP', 'USD', 'AUD', 'CAD', 'EUR', ...PAYOUT_CORRIDORS.map((c) => c.currency)];
    const rows = await database.db
      .select({ code: currencies.iso_alpha, exponent: currencies.decimal_places })
      .from(currencies)
      .where(inArray(currencies.iso_alpha, codes));
    expect(rows.map((row) => row.code).sort()).toEqual([...codes].sort());
    const exponent = new Map(rows.map((row) => [row.code, row.exponent]));
    expect(exponent.get('JPY')).toBe(0);
    expect(exponent.get('VND')).toBe(0);
    expect(exponent.get('INR')).toBe(2);
  });

  it('seeds 12 targets, 26 methods, their partners, 11 purposes and 11 relationships (Myself among them)', async () => {
    const { db } = database;
    expect(await db.select().from(payoutTargets)).toHaveLength(12);
    expect(await db.select().from(payoutMethods)).toHaveLength(26);
    expect(await db.select().from(relationships)).toHaveLength(11);
    const purposeRows = await db.select().from(purposes).orderBy(asc(purposes.view_order));
    expect(purposeRows.map((row) => row.code)).toEqual([
      'BUSINESS',
      'EDUCATION',
      'EMERGENCY',
      'FAMILY-SUPPORT',
      'FRIEND-SUPPORT',
      'GIFTS',
      'HEALTHCARE',
      'INVESTMENT',
      'LOAN-REPAYMENT',
      'SAVING',
      'TRAVEL',
    ]);
    expect(purposeRows[3]).toMatchObject({
      id: purposeId('FAMILY-SUPPORT'),
      title: 'Family support',
      description: "Family members' everyday costs: food, rent and bills.",
    });
    const partners = await db
      .select({ code: payoutCompanies.code })
      .from(payoutMethodCompanies)
      .innerJoin(payoutCompanies, eq(payoutCompanies.id, payoutMethodCompanies.payout_company_id))
      .where(
        eq(payoutMethodCompanies.payout_method_id, payoutMethodId('KE', 'KES', 'MOBILE-WALLET')),
      )
      .orderBy(asc(payoutMethodCompanies.view_order));
    expect(partners.map((p) => p.code)).toEqual([
      'TERRA_PAY',
      'BAOBAB_MOBILE_MONEY',
      'ZEBU_WALLET_LINK',
    ]);
  });

  it('is idempotent: seeding again writes nothing', async () => {
    const { db } = database;
    const before = await db.select({ at: max(payoutMethods.updated_at) }).from(payoutMethods);
    await seedReferenceData(db, new TestClock());
    const after = await db.select({ at: max(payoutMethods.updated_at) }).from(payoutMethods);
    expect(after).toEqual(before);
  });

  it('repairs a row that drifted, and deactivates one the seed no longer has', async () => {
    const { db } = database;
    const clock = new TestClock();
    await db.update(purposes).set({ title: 'Wrong' }).where(eq(purposes.code, 'TRAVEL'));
    await db.insert(purposes).values({
      id: purposeId('RETIRED-PURPOSE'),
      code: 'RETIRED-PURPOSE',
      title: 'Retired',
      view_order: 99,
    });
    await seedReferenceData(db, clock);
    const rows = await db
      .select()
      .from(purposes)
      .where(inArray(purposes.code, ['TRAVEL', 'RETIRED-PURPOSE']))
      .orderBy(asc(purposes.code));
    expect(rows).toMatchObject([
      { code: 'RETIRED-PURPOSE', is_active: false },
      { code: 'TRAVEL', title: 'Travel', is_active: true },
    ]);
  });
});
