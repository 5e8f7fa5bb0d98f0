import type { DocumentCategoryCode, DocumentStatus } from '@corridor/contracts';
import { describe, expect, it } from 'vitest';
import type { CustomerDocumentRow } from './documents.repository.ts';
import { poiNameCheck, type ProfileIdentity } from './poi-name-check.ts';

const at = new Date('2026-11-20T10:00:00Z');

function document(
  overrides: Partial<CustomerDocumentRow> & {
    category_code?: DocumentCategoryCode;
    status?: DocumentStatus;
  } = {},
): CustomerDocumentRow {
  return {
    id: '7d1c2b8e-5f2a-4a51-9d8e-0c1f2a3b4c5d',
    customer_id: '0b6f1e2d-3c4b-4a59-8e7f-6a5b4c3d2e1f',
    category_code: 'POI',
    type_code: 'PASSPORT',
    status: 'approved',
    rejection_reason: null,
    reviewed_by: 'sandbox',
    reviewed_at: at,
    poi_name: 'José',
    poi_second_name: null,
    poi_third_name: "O'Brien-Núñez",
    poi_birth_date: '1990-05-12',
    created_at: at,
    updated_at: at,
    ...overrides,
  };
}

const profile: ProfileIdentity = {
  name: 'Jose',
  second_name: null,
  third_name: 'OBRIEN NUNEZ',
  birth_date: '1990-05-12',
};

describe('poiNameCheck', () => {
  it('is null until a proof of identity is approved', () => {
    expect(poiNameCheck(profile, [])).toBeNull();
    expect(poiNameCheck(profile, [document({ status: 'processing' })])).toBeNull();
    expect(poiNameCheck(profile, [document({ status: 'rejected' })])).toBeNull();
    expect(
      poiNameCheck(profile, [document({ category_code: 'POA', type_code: 'UTILITY_BILL' })]),
    ).toBeNull();
  });

  it('is null when the reviewer read nothing from the ID', () => {
    expect(
      poiNameCheck(profile, [
        document({ poi_name: null, poi_third_name: null, poi_birth_date: null }),
      ]),
    ).toBeNull();
  });

  it('matches names whatever their case, accents, spaces, hyphens and apostrophes', () => {
    expect(poiNameCheck(profile, [document()])).toBe(true);
    expect(
      poiNameCheck({ ...profile, name: 'MARIA', third_name: 'Strasse' }, [
        document({ poi_name: 'María', poi_third_name: 'Straße' }),
      ]),
    ).toBe(true);
  });

  it('fails on another name, a missing or extra middle name, or another date of birth', () => {
    expect(poiNameCheck({ ...profile, name: 'Josefa' }, [document()])).toBe(false);
    expect(poiNameCheck({ ...profile, second_name: 'Luis' }, [document()])).toBe(false);
    expect(poiNameCheck(profile, [document({ poi_second_name: 'Luis' })])).toBe(false);
    expect(poiNameCheck({ ...profile, birth_date: '1990-05-13' }, [document()])).toBe(false);
    expect(poiNameCheck({ ...profile, birth_date: null }, [document()])).toBe(false);
  });

  it('reads the newest approved proof (documents come newest first)', () => {
    const newer = document({ poi_name: 'Josefa' });
    expect(poiNameCheck(profile, [newer, document()])).toBe(false);
    expect(
      poiNameCheck(profile, [document({ status: 'rejected', poi_name: 'X' }), document()]),
    ).toBe(true);
  });
});
