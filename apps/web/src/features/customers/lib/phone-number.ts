import {
  AsYouType,
  isSupportedCountry,
  parsePhoneNumberFromString,
  type CountryCode,
} from 'libphonenumber-js';

function supported(iso2: string | undefined): CountryCode | undefined {
  const code = iso2?.toUpperCase();
  return code !== undefined && isSupportedCountry(code) ? code : undefined;
}

/**
 * The number formatted as it is typed for the country ("07400123456" → "07400 123456"). Only
 * when the text grew: formatting while deleting would put back the spaces being deleted.
 */
export function formatAsTyped(next: string, previous: string, iso2: string | undefined): string {
  const country = supported(iso2);
  if (country === undefined || next.length <= previous.length) return next;
  return new AsYouType(country).input(next);
}

/** A stored E.164 number shown the way people of its country write it. */
export function nationalFormat(e164: string | null): string {
  if (e164 === null) return '';
  return parsePhoneNumberFromString(e164)?.formatNational() ?? e164;
}
