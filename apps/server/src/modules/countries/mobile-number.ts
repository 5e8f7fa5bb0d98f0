import { parsePhoneNumberFromString, type CountryCode } from 'libphonenumber-js/max';

/**
 * Numbering plans a country shares with smaller territories under the same calling code:
 * libphonenumber names "+44 7911 123456" a Guernsey number,
 * yet it is a UK-network mobile, so the UK accepts the Crown dependencies' numbers, and so on.
 */
const SHARED_PLANS: Partial<Record<string, readonly string[]>> = {
  GB: ['GG', 'JE', 'IM'],
  US: ['PR', 'VI', 'GU', 'MP', 'AS'],
  AU: ['CX', 'CC'],
};

const MOBILE_TYPES = new Set(['MOBILE', 'FIXED_LINE_OR_MOBILE']);

/**
 * The number in E.164 when it is a valid, mobile-capable number of the given country (typed
 * nationally or internationally), else null.
 */
export function mobileNumberFor(input: string, iso2: string): string | null {
  let phone;
  try {
    phone = parsePhoneNumberFromString(input, { defaultCountry: iso2 as CountryCode });
  } catch {
    return null;
  }
  if (!phone?.isValid() || !phone.country) return null;
  const ofCountry = phone.country === iso2 || SHARED_PLANS[iso2]?.includes(phone.country) === true;
  if (!ofCountry) return null;
  const type = phone.getType();
  if (!type || !MOBILE_TYPES.has(type)) return null;
  return phone.number;
}
