import { expect } from 'vitest';

/**
 * The keys a client written for the original product reads (docs/product/api-conventions.md#compatibility-with-the-original-product,
 * #endpoints), where more than one answer carries them, and the check that an answer has them all.
 */

/** A country, as a customer's country, nationality or mobile number country. */
export const ORIGINAL_COUNTRY_KEYS = [
  'id',
  'iso2_alpha',
  'iso3_alpha',
  'iso_numeric',
  'fips_code',
  'slug',
  'calling_code',
  'common_name',
  'official_name',
  'endonym',
  'demonym',
] as const;

/** A country of `GET /countries` and `/countries/source`: with its mobile number rule. */
export const ORIGINAL_LISTED_COUNTRY_KEYS = [
  ...ORIGINAL_COUNTRY_KEYS,
  'mobile_number_rule',
] as const;

/** A device, as a customer's session carries it. */
export const ORIGINAL_DEVICE_KEYS = [
  'id',
  'device_type',
  'client_code',
  'client_name',
  'client_version',
  'os_code',
  'os_name',
  'os_version',
  'architecture',
  'vendor',
  'model',
] as const;

/** A device of `GET /devices`: with when it was last used and whether it is this one. */
export const ORIGINAL_LISTED_DEVICE_KEYS = [
  ...ORIGINAL_DEVICE_KEYS,
  'touched_at',
  'is_current',
] as const;

/** `value` is an object with every one of `keys` (it may have more); `where` names it. */
export function expectOriginalKeys(
  value: unknown,
  keys: readonly string[],
  where: string,
): Record<string, unknown> {
  expect(value, where).toBeTypeOf('object');
  expect(value, where).not.toBeNull();
  expect(Object.keys(value as object), where).toEqual(expect.arrayContaining([...keys]));
  return value as Record<string, unknown>;
}
