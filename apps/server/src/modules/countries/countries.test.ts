import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { countryListSchema } from '@corridor/contracts';
import { eq, max } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { countries } from './countries.schema.ts';
import { currencies } from '../payouts/payouts.schema.ts';
import { seedReferenceData } from '../../app/reference-data.ts';
import { appPerFile } from '../../test/app-per-file.ts';
import { ORIGINAL_LISTED_COUNTRY_KEYS } from '../../test/original-product-keys.ts';

const testApp = appPerFile();

describe('GET /client/v1/countries', () => {
  it('lists every ISO 3166-1 country with every field of docs/product/api-conventions.md#countries-and-currencies and its mobile number rule, by name', async () => {
    const response = await testApp.app.inject({ method: 'GET', url: '/client/v1/countries' });
    expect(response.statusCode).toBe(200);
    const { data } = countryListSchema.parse(response.json());
    // 249 ISO 3166-1 entries plus the user-assigned XK (Kosovo), a large remittance market.
    expect(data).toHaveLength(250);
    expect(new Set(data.map((c) => c.iso2_alpha)).size).toBe(250);
    expect(new Set(data.map((c) => c.slug)).size).toBe(250);
    const names = data.map((c) => c.common_name);
    expect(names).toEqual([...names].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0)));
    // The keys of docs/product/api-conventions.md#countries-and-currencies are the original product's, and the one that says whether Corridor
    // serves the country (defect 19).
    expect(Object.keys(data[0] ?? {}).sort()).toEqual(
      [...ORIGINAL_LISTED_COUNTRY_KEYS, 'is_served'].sort(),
    );
  });

  it('carries real reference values', async () => {
    const { data } = countryListSchema.parse(
      (await testApp.app.inject({ method: 'GET', url: '/client/v1/countries' })).json(),
    );
    const byIso = new Map(data.map((c) => [c.iso2_alpha, c]));
    expect(byIso.get('GB')).toMatchObject({
      iso3_alpha: 'GBR',
      iso_numeric: '826',
      slug: 'united-kingdom',
      calling_code: '44',
      common_name: 'United Kingdom',
      official_name: 'United Kingdom of Great Britain and Northern Ireland',
      endonym: 'United Kingdom',
      demonym: 'British',
    });
    expect(byIso.get('AX')).toMatchObject({ slug: 'aland-islands', calling_code: '358' });
    expect(byIso.get('US')?.calling_code).toBe('1');
    expect(byIso.get('EH')?.calling_code).toBe('212');
    expect(byIso.get('JP')?.endonym).toBe('日本');
    expect(byIso.get('XK')).toMatchObject({ iso_numeric: null, calling_code: '383' });
  });
});

describe('reference data seed', () => {
  it('stores every ISO 4217 currency with its minor-unit exponent', async () => {
    const rows = await testApp.database.db.select().from(currencies);
    const exponent = new Map(rows.map((r) => [r.iso_alpha, r.decimal_places]));
    expect(rows.length).toBeGreaterThan(150);
    expect(exponent.get('GBP')).toBe(2);
    expect(exponent.get('JPY')).toBe(0);
    expect(exponent.get('XOF')).toBe(0);
    expect(exponent.get('BHD')).toBe(3);
    expect(exponent.get('CLF')).toBe(4);
  });

  it('is idempotent: seeding again changes nothing', async () => {
    const { db } = testApp.database;
    const [before] = await db.select({ at: max(countries.updated_at) }).from(countries);
    await seedReferenceData(db);
    const [after] = await db.select({ at: max(countries.updated_at) }).from(countries);
    expect(after?.at).toEqual(before?.at);
    const gb = await db.select().from(countries).where(eq(countries.iso2_alpha, 'GB'));
    expect(gb).toHaveLength(1);
  });

  it('repairs a row that drifted from the packages', async () => {
    const { db } = testApp.database;
    await db.update(countries).set({ common_name: 'Wrong' }).where(eq(countries.iso2_alpha, 'FR'));
    await seedReferenceData(db);
    const [fr] = await db.select().from(countries).where(eq(countries.iso2_alpha, 'FR'));
    expect(fr?.common_name).toBe('France');
  });
});

describe('GET /client/v1/countries encoding', () => {
  it('sends the same list in brotli or gzip to clients that accept it, and varies on both headers', async () => {
    const plain = await testApp.app.inject({ method: 'GET', url: '/client/v1/countries' });
    const get = (acceptEncoding: string) =>
      testApp.app.inject({
        method: 'GET',
        url: '/client/v1/countries',
        headers: { 'accept-encoding': acceptEncoding },
      });
    const brotli = await get('gzip, deflate, br');
    expect(brotli.headers['content-encoding']).toBe('br');
    expect(JSON.parse(brotliDecompressSync(brotli.rawPayload).toString('utf8'))).toEqual(
      plain.json(),
    );
    const zipped = await get('br;q=0.5, gzip');
    expect(zipped.headers['content-encoding']).toBe('gzip');
    expect(zipped.rawPayload.length).toBeLessThan(plain.rawPayload.length / 2);
    expect(brotli.rawPayload.length).toBeLessThan(zipped.rawPayload.length);
    expect(JSON.parse(gunzipSync(zipped.rawPayload).toString('utf8'))).toEqual(plain.json());
    expect(zipped.headers.vary).toBe('Origin, Accept-Encoding');
    expect(plain.headers['content-encoding']).toBeUndefined();

    const refused = await get('gzip;q=0, br;q=0, identity');
    expect(refused.headers['content-encoding']).toBeUndefined();
  });
});
