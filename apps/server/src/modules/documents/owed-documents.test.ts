import type { DocumentCategoryCode, DocumentStatus } from '@corridor/contracts';
import { describe, expect, it } from 'vitest';
import { Money } from '../../lib/money.ts';
import { isBeingChecked, owedCategories, type OwedFacts } from './owed-documents.ts';

const doc = (category_code: DocumentCategoryCode, status: DocumentStatus) => ({
  category_code,
  status,
});

const facts = (overrides: Partial<OwedFacts> = {}): OwedFacts => ({
  countryIso2: 'US',
  documents: [],
  sends: { total: Money.zero('USD'), threshold: Money.fromMinor(650_000n, 'USD') },
  ...overrides,
});

describe('owedCategories', () => {
  it('owes a proof of identity from the start, even before a country is chosen', () => {
    expect(owedCategories(facts())).toEqual(['POI']);
    expect(owedCategories(facts({ countryIso2: null, sends: null }))).toEqual(['POI']);
  });

  it('owes a proof of address in the UK, Ireland and Australia, not in the US or Canada', () => {
    for (const iso2 of ['GB', 'IE', 'AU']) {
      expect(owedCategories(facts({ countryIso2: iso2 })), iso2).toEqual(['POI', 'POA']);
    }
    for (const iso2 of ['US', 'CA']) {
      expect(owedCategories(facts({ countryIso2: iso2 })), iso2).toEqual(['POI']);
    }
  });

  it('stops owing a category while one of its documents is checked or once it is approved', () => {
    for (const status of [
      'pending-verification',
      'processing',
      'review-required',
      'approved',
    ] as const) {
      expect(
        owedCategories(facts({ countryIso2: 'GB', documents: [doc('POI', status)] })),
        status,
      ).toEqual(['POA']);
    }
  });

  it('owes the category again when its only document was rejected', () => {
    expect(owedCategories(facts({ documents: [doc('POI', 'rejected')] }))).toEqual(['POI']);
    expect(
      owedCategories(facts({ documents: [doc('POI', 'rejected'), doc('POI', 'processing')] })),
    ).toEqual([]);
  });

  it('owes a source of funds only past the threshold of the last 30 days', () => {
    const threshold = Money.fromMinor(650_000n, 'USD');
    const at = (minor: bigint) =>
      owedCategories(facts({ sends: { total: Money.fromMinor(minor, 'USD'), threshold } }));
    expect(at(0n)).toEqual(['POI']);
    expect(at(650_000n)).toEqual(['POI']);
    expect(at(650_001n)).toEqual(['POI', 'SOF']);
    expect(
      owedCategories(
        facts({
          documents: [doc('SOF', 'approved')],
          sends: { total: Money.fromMinor(900_000n, 'USD'), threshold },
        }),
      ),
    ).toEqual(['POI']);
  });

  it('says which statuses are still being checked', () => {
    for (const status of ['pending-verification', 'processing', 'review-required']) {
      expect(isBeingChecked(status), status).toBe(true);
    }
    expect(isBeingChecked('approved')).toBe(false);
    expect(isBeingChecked('rejected')).toBe(false);
  });
});
