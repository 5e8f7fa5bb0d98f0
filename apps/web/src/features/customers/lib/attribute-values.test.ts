import { describe, expect, it } from 'vitest';
import { attributeFixture } from '@/test/fixtures';
import { attributeError, latestBirthDate, nestValues } from './attribute-values';

describe('nestValues', () => {
  it('turns dotted keys into nested objects and empty values into null', () => {
    expect(
      nestValues({
        name: ' Ada ',
        'address.postcode': 'SW1A 1AA',
        'address.city': 'London',
        'birth_detail.birth_date': '1990-05-17',
        nationality_id: '',
      }),
    ).toEqual({
      name: 'Ada',
      address: { postcode: 'SW1A 1AA', city: 'London' },
      birth_detail: { birth_date: '1990-05-17' },
      nationality_id: null,
    });
  });
});

describe('attributeError', () => {
  const say = {
    required: (label: string) => `Enter your ${label}.`,
    invalid: (label: string) => `Check your ${label}.`,
    tooLong: (max: number) => `Use at most ${max} characters.`,
  };
  const postcode = attributeFixture({
    attribute: 'address.postcode',
    label: 'Postcode',
    regular_expression: '^[A-Z]{1,2}[0-9][A-Z0-9]? ?[0-9][A-Z]{2}$',
    expression_error_message: 'Enter a real postcode.',
  });

  it("uses the server's pattern (a source without slashes) and message", () => {
    expect(attributeError(postcode, 'SW1A 1AA', say)).toBeUndefined();
    expect(attributeError(postcode, 'nope', say)).toBe('Enter a real postcode.');
  });

  it('asks for a required value and lets an optional one be empty', () => {
    expect(attributeError(postcode, '  ', say)).toBe('Enter your postcode.');
    expect(attributeError({ ...postcode, is_required: false }, '', say)).toBeUndefined();
  });

  it("says the server's label lowered, acronyms kept, when the server has no message", () => {
    const nino = attributeFixture({
      attribute: 'unique_identity_number',
      label: 'NI number',
      regular_expression: '^[A-Z]{2}$',
    });
    expect(attributeError(nino, '', say)).toBe('Enter your NI number.');
    expect(attributeError(nino, '12', say)).toBe('Check your NI number.');
  });

  it('issue 28: says a value is over its length before judging its characters', () => {
    const name = attributeFixture({
      attribute: 'name',
      label: 'First name',
      // The server's own name rule, whose length a 195-character name broke.
      regular_expression: '^[^0-9_@#$%^&*()+=\\[\\]{}|\\\\/<>;:!?"~`]{1,100}$',
      expression_error_message: 'Use letters, spaces, hyphens and apostrophes only.',
      max_length: 100,
    });
    expect(attributeError(name, 'a'.repeat(195), say)).toBe('Use at most 100 characters.');
    expect(attributeError(name, 'a'.repeat(100), say)).toBeUndefined();
    expect(attributeError(name, 'R2', say)).toBe(
      'Use letters, spaces, hyphens and apostrophes only.',
    );
  });

  it('leaves a pattern this browser cannot compile to the server', () => {
    expect(
      attributeError({ ...postcode, regular_expression: '(' }, 'anything', say),
    ).toBeUndefined();
  });
});

describe('latestBirthDate', () => {
  it('is today 18 years ago', () => {
    expect(latestBirthDate(new Date(2026, 10, 22))).toBe('2008-11-22');
  });

  it('29 February becomes 28 February in a common year', () => {
    expect(latestBirthDate(new Date(2028, 1, 29))).toBe('2010-02-28');
  });
});
