import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { countrySchema } from './countries.ts';
import { validationErrorSchema } from './errors.ts';
import { paginated } from './pagination.ts';

const gb = {
  id: '4f9d3c1e-0000-4000-8000-000000000001',
  iso2_alpha: 'GB',
  iso3_alpha: 'GBR',
  iso_numeric: '826',
  fips_code: null,
  slug: 'united-kingdom',
  calling_code: '44',
  common_name: 'United Kingdom',
  official_name: 'United Kingdom of Great Britain and Northern Ireland',
  endonym: 'United Kingdom',
  demonym: 'British',
};

describe('countrySchema', () => {
  it('accepts a country with every field of docs/product/api-conventions.md#countries-and-currencies', () => {
    expect(countrySchema.parse(gb)).toEqual(gb);
  });

  it('refuses a missing field or a malformed code', () => {
    const { slug: _slug, ...withoutSlug } = gb;
    expect(countrySchema.safeParse(withoutSlug).success).toBe(false);
    expect(countrySchema.safeParse({ ...gb, iso2_alpha: 'GBR' }).success).toBe(false);
  });
});

describe('paginated', () => {
  it('describes the {data, pagination} envelope of every list', () => {
    const page = paginated(z.object({ id: z.string() }));
    const body = {
      data: [{ id: 'a' }],
      pagination: {
        total: 11,
        count: 1,
        per_page: 10,
        current_page: 2,
        total_pages: 2,
        links: { self: '/x?page=2', next: null, prev: '/x?page=1' },
      },
    };
    expect(page.parse(body)).toEqual(body);
    expect(page.safeParse({ data: [] }).success).toBe(false);
  });
});

describe('validationErrorSchema', () => {
  it('allows a 422 with a message only, as for failed sign-in', () => {
    expect(
      validationErrorSchema.parse({ message: 'These credentials do not match our records.' }),
    ).toEqual({
      message: 'These credentials do not match our records.',
    });
  });
});
