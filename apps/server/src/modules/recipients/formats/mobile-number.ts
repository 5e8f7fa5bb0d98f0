import { parsePhoneNumberFromString } from 'libphonenumber-js/max';
import { mobileNumberFor } from '../../countries/index.ts';

export type MobileNumberCheck = { ok: true; e164: string; nationalNumber: string } | { ok: false };

/**
 * A mobile number of the country (ISO alpha-2), typed nationally ("0917 123 4567") or
 * internationally ("+63 917 123 4567"). libphonenumber's full metadata (`/max`) decides, and
 * the number must be of type MOBILE (or FIXED_LINE_OR_MOBILE, where a plan cannot tell them
 * apart): countries/mobile-number.ts is the one judge, with its rule for calling codes shared
 * with smaller territories. Answers the number in E.164 and
 * its national significant number (no trunk prefix), which is how the form shows it after
 * "+{calling code}".
 */
export function checkMobileNumber(input: string, iso2: string): MobileNumberCheck {
  const e164 = mobileNumberFor(input, iso2);
  const nationalNumber =
    e164 === null ? undefined : parsePhoneNumberFromString(e164)?.nationalNumber;
  return e164 === null || nationalNumber === undefined
    ? { ok: false }
    : { ok: true, e164, nationalNumber };
}
