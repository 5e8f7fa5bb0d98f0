import type { MobileNumberRule } from '@corridor/contracts';
import {
  Metadata,
  getCountries,
  getCountryCallingCode,
  getExampleNumber,
  type CountryCode,
} from 'libphonenumber-js/max';
import mobileExamples from 'libphonenumber-js/mobile/examples';
import { mobileNumberFor } from './mobile-number.ts';

interface Plan {
  pattern: string;
  lengths: readonly number[];
}

const regions = getCountries();
const supported = new Set<string>(regions);

/**
 * A region's mobile numbers in libphonenumber's metadata: the national significant number's
 * pattern and possible lengths. An empty mobile pattern means "the same as fixed lines" (the
 * United States and Canada cannot tell the two apart); no mobile type means no mobile numbers.
 */
function mobilePlan(region: CountryCode): Plan | null {
  const metadata = new Metadata();
  metadata.selectNumberingPlan(region);
  const plan = metadata.numberingPlan as unknown as {
    type(
      type: 'MOBILE' | 'FIXED_LINE',
    ): { pattern(): string; possibleLengths(): number[] } | undefined;
  };
  const mobile = plan.type('MOBILE');
  if (!mobile) return null;
  const pattern = mobile.pattern() || plan.type('FIXED_LINE')?.pattern() || '';
  const lengths = mobile.possibleLengths();
  return pattern && lengths.length > 0 ? { pattern, lengths } : null;
}

/**
 * The regions whose mobile numbers the country accepts (countries/mobile-number.ts is the
 * judge): the country itself, and those sharing its calling code whose example mobile number
 * it takes (the UK takes Guernsey's, the US Puerto Rico's, but not Canada's).
 */
function acceptedRegions(iso2: CountryCode): CountryCode[] {
  const callingCode = getCountryCallingCode(iso2);
  return regions.filter((region) => {
    if (region === iso2) return true;
    if (getCountryCallingCode(region) !== callingCode) return false;
    const example = getExampleNumber(region, mobileExamples);
    return example !== undefined && mobileNumberFor(example.number, iso2) !== null;
  });
}

/**
 * The original product's `mobile_number_rule` of a country, derived from libphonenumber-js (the
 * metadata the server validates numbers with): the lengths and the pattern of the national
 * significant number of its mobile numbers. Null for a country without a numbering plan of its
 * own or without mobile numbers.
 */
export function mobileNumberRule(iso2: string): MobileNumberRule | null {
  if (!supported.has(iso2)) return null;
  const plans = acceptedRegions(iso2 as CountryCode)
    .map(mobilePlan)
    .filter((plan): plan is Plan => plan !== null);
  if (plans.length === 0) return null;
  const lengths = [...new Set(plans.flatMap((plan) => plan.lengths))].sort((a, b) => a - b);
  const patterns = [...new Set(plans.map((plan) => plan.pattern))];
  const single = lengths.length === 1 ? (lengths[0] ?? null) : null;
  return {
    exact_length: single,
    min_length: single === null ? (lengths[0] ?? null) : null,
    max_length: single === null ? (lengths[lengths.length - 1] ?? null) : null,
    expression: `^(?:${patterns.length === 1 ? patterns[0] : patterns.map((p) => `(?:${p})`).join('|')})$`,
  };
}
