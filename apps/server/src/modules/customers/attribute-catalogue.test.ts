import { attributeSchema } from '@corridor/contracts';
import { describe, expect, it } from 'vitest';
import {
  BIRTH_DATE_MESSAGES,
  birthDateProblem,
  flattenAttributeValues,
  validateAttributeValues,
} from '../onboarding/attribute-validation.ts';
import { catalogueFor, SOURCE_COUNTRIES } from './attribute-catalogue.ts';

const everyCatalogue = [...SOURCE_COUNTRIES.map((s) => s.iso2), 'FR', 'NG'].map((iso2) => ({
  iso2,
  catalogue: catalogueFor(iso2),
}));

describe('attribute catalogue', () => {
  it('has no attributes without a country', () => {
    expect(catalogueFor(null)).toEqual([]);
  });

  it.each(everyCatalogue)('$iso2: every attribute fits the contract', ({ catalogue }) => {
    for (const definition of catalogue) {
      expect(() => attributeSchema.parse({ ...definition, value: null })).not.toThrow();
      const source = definition.regular_expression;
      if (source === null) continue;
      // Plain sources: no slashes, and the same meaning with or without the unicode flag.
      expect(source, definition.attribute).not.toMatch(/^\/|\/[a-z]*$/);
      expect(() => new RegExp(source), definition.attribute).not.toThrow();
      expect(() => new RegExp(source, 'u'), definition.attribute).not.toThrow();
      expect(definition.expression_error_message, definition.attribute).toBeTruthy();
    }
    for (const definition of catalogue.filter((d) => d.input_mode === 'select'))
      expect(definition.options?.length, definition.attribute).toBeGreaterThan(1);
  });

  it('asks identity and address everywhere, and employment of the five source countries', () => {
    const required = (iso2: string, category: string) =>
      catalogueFor(iso2).some((d) => d.category === category && d.is_required);
    for (const { iso2 } of SOURCE_COUNTRIES) {
      expect(required(iso2, 'identity')).toBe(true);
      expect(required(iso2, 'address')).toBe(true);
      expect(required(iso2, 'employment')).toBe(true);
    }
    expect(required('FR', 'identity')).toBe(true);
    expect(required('FR', 'address')).toBe(true);
    expect(required('FR', 'employment')).toBe(false);
    // No national identity number is asked of the source countries.
    for (const { catalogue } of everyCatalogue)
      expect(catalogue.map((d) => d.attribute)).not.toContain('unique_identity_number');
  });

  it('names accept any script and refuse digits and symbols', () => {
    const source = catalogueFor('GB').find((d) => d.attribute === 'name')?.regular_expression;
    const pattern = new RegExp(source ?? 'no pattern');
    for (const ok of ["O'Brien", 'Jean-Luc', 'Zoë', 'Nguyễn', '李', 'Mary Ann', 'St. John'])
      expect(pattern.test(ok), ok).toBe(true);
    for (const bad of ['R2D2', 'a@b', '<script>', 'x'.repeat(101), ''])
      expect(pattern.test(bad), bad).toBe(false);
  });
});

describe('attribute validation', () => {
  const now = new Date('2026-03-15T10:00:00Z');

  it('flattens nested values into dotted keys', () => {
    expect(
      flattenAttributeValues({ name: 'A', address: { postcode: 'X', city: null }, 'a.b': 'c' }),
    ).toEqual([
      ['name', 'A'],
      ['address.postcode', 'X'],
      ['address.city', null],
      ['a.b', 'c'],
    ]);
  });

  it('treats the eighteenth birthday as the day one may join', () => {
    expect(birthDateProblem('2008-03-15', now)).toBeNull();
    expect(birthDateProblem('2008-03-16', now)).toBe(BIRTH_DATE_MESSAGES.tooYoung);
    // Born on 29 February: 18 on 1 March of a common year.
    expect(birthDateProblem('2008-02-29', new Date('2026-02-28T12:00:00Z'))).toBe(
      BIRTH_DATE_MESSAGES.tooYoung,
    );
    expect(birthDateProblem('2008-02-29', new Date('2026-03-01T00:00:00Z'))).toBeNull();
    expect(birthDateProblem('2000-02-29', now)).toBeNull();
    expect(birthDateProblem('2001-02-29', now)).toBe(BIRTH_DATE_MESSAGES.notADate);
    expect(birthDateProblem('0000-01-01', now)).toBe(BIRTH_DATE_MESSAGES.tooEarly);
  });

  it('keeps keys like __proto__ as plain error keys', () => {
    const result = validateAttributeValues(JSON.parse('{"__proto__": "x", "constructor": "y"}'), {
      catalogue: catalogueFor('GB'),
      country: 'GB',
      category: 'identity',
      now,
      isKnownCountry: () => true,
    });
    expect(result.ok).toBe(false);
    if (!result.ok) expect(Object.keys(result.errors).sort()).toEqual(['__proto__', 'constructor']);
  });
});
