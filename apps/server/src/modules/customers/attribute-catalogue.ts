/**
 * The attribute catalogue: which profile fields each source country asks for, with the regex,
 * mask, messages and options the web app renders (SPEC §3 Attribute, DESIGN §5).
 *
 * It is typed data served from code rather than a seeded table: it changes only with a release,
 * the rules sit next to the validator and its tests, nothing can drift from a seed, and the
 * profile answer needs no extra query to read it.
 *
 * Regexes are plain sources (no slashes, no flags) that mean the same in `new RegExp(source)` and
 * `new RegExp(source, 'u')`, so the browser and this server agree on every value.
 */
import { createRequire } from 'node:module';
import type { AttributeCategory, AttributeInputMode, AttributeOption } from '@corridor/contracts';

export type AttributeKey =
  | 'name'
  | 'second_name'
  | 'third_name'
  | 'unique_identity_number'
  | 'birth_detail.birth_date'
  | 'nationality_id'
  | 'address.address_line_1'
  | 'address.address_line_2'
  | 'address.city'
  | 'address.region'
  | 'address.postcode'
  | 'employment.occupation'
  | 'employment.salary_range';

export interface AttributeDefinition {
  attribute: AttributeKey;
  category: AttributeCategory;
  input_mode: AttributeInputMode;
  options: readonly AttributeOption[] | null;
  placeholder_text: string | null;
  regular_expression: string | null;
  mask: string | null;
  expression_error_message: string | null;
  label: string;
  info_text: string | null;
  is_required: boolean;
}

/** Where a customer may send from (DESIGN §6 "Corridors"): country and the currency paid in. */
export const SOURCE_COUNTRIES = [
  { iso2: 'GB', currency: 'GBP' },
  { iso2: 'US', currency: 'USD' },
  { iso2: 'AU', currency: 'AUD' },
  { iso2: 'CA', currency: 'CAD' },
  { iso2: 'IE', currency: 'EUR' },
] as const;

export type SourceCountryCode = (typeof SOURCE_COUNTRIES)[number]['iso2'];

const sourceCodes = new Set<string>(SOURCE_COUNTRIES.map((source) => source.iso2));
export const isSourceCountry = (iso2: string): iso2 is SourceCountryCode => sourceCodes.has(iso2);

// --- shared patterns -----------------------------------------------------------------------

/** Letters (any script), spaces, hyphens, apostrophes and dots; no digits or symbols. */
export const NAME_PATTERN = '^[^0-9_@#$%^&*()+=\\[\\]{}|\\\\/<>;:!?"~`]{1,100}$';
/** Free text for address lines: no markup or unusual symbols. */
export const ADDRESS_LINE_PATTERN = '^[^<>{}\\[\\]|\\\\^~`@$%*_=;]{1,100}$';
export const CITY_PATTERN = '^[^0-9<>{}\\[\\]|\\\\^~`@#$%*_=;:!?"+]{1,60}$';
export const DATE_PATTERN = '^[0-9]{4}-[0-9]{2}-[0-9]{2}$';

const REAL_POSTCODES = {
  GB: '^([Gg][Ii][Rr] ?0[Aa]{2}|[A-Za-z]{1,2}[0-9][A-Za-z0-9]? ?[0-9][A-Za-z]{2})$',
  US: '^[0-9]{5}(-[0-9]{4})?$',
  AU: '^[0-9]{4}$',
  CA: '^[ABCEGHJ-NPRSTVXYabceghj-nprstvxy][0-9][ABCEGHJ-NPRSTV-Zabceghj-nprstv-z] ?[0-9][ABCEGHJ-NPRSTV-Zabceghj-nprstv-z][0-9]$',
  IE: '^([AC-FHKNPRTV-Yac-fhknprtv-y][0-9]{2}|[Dd]6[Ww]) ?[0-9AC-FHKNPRTV-Yac-fhknprtv-y]{4}$',
} as const satisfies Record<SourceCountryCode, string>;
const DEFAULT_POSTCODE = '^[A-Za-z0-9][A-Za-z0-9 -]{0,9}$';

// --- option lists --------------------------------------------------------------------------

interface Iso31662 {
  country(code: string): { sub: Record<string, { type: string; name: string }> } | null;
}
const iso31662 = createRequire(import.meta.url)('iso-3166-2') as Iso31662;

/**
 * A country's first-level subdivisions of the given types, from ISO 3166-2: the value is the
 * code's suffix ("NSW", "ON", "CA"), which is also the postal abbreviation in these countries.
 */
export function subdivisionOptions(iso2: string, types: readonly string[]): AttributeOption[] {
  const subdivisions = iso31662.country(iso2)?.sub ?? {};
  return Object.entries(subdivisions)
    .filter(([, subdivision]) => types.includes(subdivision.type))
    .map(([code, subdivision]) => ({
      value: code.slice(iso2.length + 1),
      label: subdivision.name,
    }))
    .sort((a, b) => a.label.localeCompare(b.label, 'en'));
}

const OCCUPATIONS: readonly AttributeOption[] = [
  ['ACCOUNTANT', 'Accountant'],
  ['ADMINISTRATOR', 'Administrator or office worker'],
  ['ARCHITECT', 'Architect'],
  ['ARTIST', 'Artist, designer or writer'],
  ['CARE_WORKER', 'Care worker'],
  ['CHEF', 'Chef or cook'],
  ['CIVIL_SERVANT', 'Civil servant'],
  ['CLEANER', 'Cleaner'],
  ['CONSTRUCTION_WORKER', 'Construction worker'],
  ['DOCTOR', 'Doctor or dentist'],
  ['DRIVER', 'Driver'],
  ['ENGINEER', 'Engineer'],
  ['FARMER', 'Farmer or agricultural worker'],
  ['FINANCE', 'Banking or finance professional'],
  ['HOSPITALITY', 'Hospitality worker'],
  ['IT_PROFESSIONAL', 'IT professional'],
  ['LAWYER', 'Lawyer'],
  ['MANAGER', 'Manager or director'],
  ['NURSE', 'Nurse or midwife'],
  ['PHARMACIST', 'Pharmacist'],
  ['POLICE_MILITARY', 'Police or armed forces'],
  ['RETAIL', 'Retail or sales worker'],
  ['SCIENTIST', 'Scientist or researcher'],
  ['SELF_EMPLOYED', 'Self-employed or business owner'],
  ['TEACHER', 'Teacher or lecturer'],
  ['TRADESPERSON', 'Tradesperson (electrician, plumber, mechanic…)'],
  ['STUDENT', 'Student'],
  ['HOMEMAKER', 'Homemaker'],
  ['RETIRED', 'Retired'],
  ['UNEMPLOYED', 'Not currently working'],
  ['OTHER', 'Other'],
].map(([value, label]) => ({ value: value as string, label: label as string }));

/** Yearly income bands in the currency the customer pays in ("GBP 25,000 – 49,999"). */
export function salaryRangeOptions(currency: string): AttributeOption[] {
  const amount = (n: number) => n.toLocaleString('en-US');
  const bands: [number, number | null][] = [
    [0, 24_999],
    [25_000, 49_999],
    [50_000, 99_999],
    [100_000, 149_999],
    [150_000, null],
  ];
  return bands.map(([from, to]) => ({
    value: `${currency}_${from}_${to ?? 'PLUS'}`,
    label:
      to === null
        ? `${currency} ${amount(from)} or more`
        : from === 0
          ? `Under ${currency} ${amount(to + 1)}`
          : `${currency} ${amount(from)} – ${amount(to)}`,
  }));
}

// --- per-country catalogues ----------------------------------------------------------------

type Definition = Omit<AttributeDefinition, 'options' | 'placeholder_text' | 'mask' | 'info_text'> &
  Partial<Pick<AttributeDefinition, 'options' | 'placeholder_text' | 'mask' | 'info_text'>>;

const define = (definition: Definition): AttributeDefinition => ({
  options: null,
  placeholder_text: null,
  mask: null,
  info_text: null,
  ...definition,
});

function identityAttributes(): AttributeDefinition[] {
  const nameRule = {
    category: 'identity',
    input_mode: 'text',
    regular_expression: NAME_PATTERN,
    expression_error_message: 'Use letters, spaces, hyphens and apostrophes only.',
  } as const;
  return [
    define({
      ...nameRule,
      attribute: 'name',
      label: 'First name',
      info_text: 'As it appears on your ID.',
      is_required: true,
    }),
    define({
      ...nameRule,
      attribute: 'second_name',
      label: 'Middle name',
      info_text: 'Leave empty if you have none.',
      is_required: false,
    }),
    define({
      ...nameRule,
      attribute: 'third_name',
      label: 'Last name',
      info_text: 'Your family name, as it appears on your ID.',
      is_required: true,
    }),
    define({
      attribute: 'birth_detail.birth_date',
      category: 'identity',
      input_mode: 'date',
      regular_expression: DATE_PATTERN,
      expression_error_message: 'Enter the date as YYYY-MM-DD.',
      placeholder_text: 'YYYY-MM-DD',
      label: 'Date of birth',
      info_text: 'You must be 18 or older to use Corridor.',
      is_required: true,
    }),
    define({
      attribute: 'nationality_id',
      category: 'identity',
      input_mode: 'country',
      regular_expression: null,
      expression_error_message: null,
      label: 'Nationality',
      info_text: 'The country of the passport or ID you will verify with.',
      is_required: true,
    }),
  ];
}

interface AddressRules {
  cityLabel: string;
  region:
    { mode: 'select'; label: string; options: AttributeOption[] } | { mode: 'text'; label: string };
  postcode: {
    label: string;
    pattern: string;
    message: string;
    placeholder: string | null;
    mask: string | null;
    required: boolean;
  };
}

function addressAttributes(rules: AddressRules): AttributeDefinition[] {
  const lineRule = {
    category: 'address',
    input_mode: 'text',
    regular_expression: ADDRESS_LINE_PATTERN,
    expression_error_message: 'Use up to 100 letters, numbers and common punctuation.',
  } as const;
  const region: AttributeDefinition =
    rules.region.mode === 'select'
      ? define({
          attribute: 'address.region',
          category: 'address',
          input_mode: 'select',
          options: rules.region.options,
          regular_expression: null,
          expression_error_message: null,
          label: rules.region.label,
          is_required: true,
        })
      : define({
          attribute: 'address.region',
          category: 'address',
          input_mode: 'text',
          regular_expression: CITY_PATTERN,
          expression_error_message: 'Use letters, spaces and hyphens only.',
          label: rules.region.label,
          info_text: 'Optional.',
          is_required: false,
        });
  return [
    define({
      ...lineRule,
      attribute: 'address.address_line_1',
      label: 'Address line 1',
      placeholder_text: 'House number and street',
      is_required: true,
    }),
    define({
      ...lineRule,
      attribute: 'address.address_line_2',
      label: 'Address line 2',
      placeholder_text: 'Flat, unit or building (optional)',
      is_required: false,
    }),
    define({
      attribute: 'address.city',
      category: 'address',
      input_mode: 'text',
      regular_expression: CITY_PATTERN,
      expression_error_message: 'Use letters, spaces, hyphens and apostrophes only.',
      label: rules.cityLabel,
      is_required: true,
    }),
    region,
    define({
      attribute: 'address.postcode',
      category: 'address',
      input_mode: 'text',
      regular_expression: rules.postcode.pattern,
      expression_error_message: rules.postcode.message,
      placeholder_text: rules.postcode.placeholder,
      mask: rules.postcode.mask,
      label: rules.postcode.label,
      is_required: rules.postcode.required,
    }),
  ];
}

function employmentAttributes(currency: string | null, required: boolean): AttributeDefinition[] {
  const salary = salaryRangeOptions(currency ?? 'USD');
  return [
    define({
      attribute: 'employment.occupation',
      category: 'employment',
      input_mode: 'select',
      options: OCCUPATIONS,
      regular_expression: null,
      expression_error_message: null,
      label: 'Occupation',
      info_text: 'Regulations require us to ask what you do.',
      is_required: required,
    }),
    define({
      attribute: 'employment.salary_range',
      category: 'employment',
      input_mode: 'select',
      options: salary,
      regular_expression: null,
      expression_error_message: null,
      label: 'Yearly income',
      info_text: 'Before tax, in your local currency.',
      is_required: required,
    }),
  ];
}

const addressRules: Record<SourceCountryCode, AddressRules> = {
  GB: {
    cityLabel: 'Town or city',
    region: { mode: 'text', label: 'County' },
    postcode: {
      label: 'Postcode',
      pattern: REAL_POSTCODES.GB,
      message: 'Enter a real UK postcode, for example SW1A 1AA.',
      placeholder: 'SW1A 1AA',
      mask: null,
      required: true,
    },
  },
  US: {
    cityLabel: 'City',
    region: {
      mode: 'select',
      label: 'State',
      options: subdivisionOptions('US', ['State', 'District']),
    },
    postcode: {
      label: 'ZIP code',
      pattern: REAL_POSTCODES.US,
      message: 'Enter a 5-digit ZIP code, or ZIP+4 such as 12345-6789.',
      placeholder: '12345',
      mask: '00000[-0000]',
      required: true,
    },
  },
  AU: {
    cityLabel: 'Suburb or town',
    region: {
      mode: 'select',
      label: 'State or territory',
      options: subdivisionOptions('AU', ['State', 'Territory']),
    },
    postcode: {
      label: 'Postcode',
      pattern: REAL_POSTCODES.AU,
      message: 'Enter a 4-digit postcode, for example 2000.',
      placeholder: '2000',
      mask: '0000',
      required: true,
    },
  },
  CA: {
    cityLabel: 'City',
    region: {
      mode: 'select',
      label: 'Province or territory',
      options: subdivisionOptions('CA', ['Province', 'Territory']),
    },
    postcode: {
      label: 'Postal code',
      pattern: REAL_POSTCODES.CA,
      message: 'Enter a postal code such as K1A 0B1.',
      placeholder: 'K1A 0B1',
      mask: 'a0a 0a0',
      required: true,
    },
  },
  IE: {
    cityLabel: 'Town or city',
    region: { mode: 'text', label: 'County' },
    postcode: {
      label: 'Eircode',
      pattern: REAL_POSTCODES.IE,
      message: 'Enter your Eircode, for example D02 X285.',
      placeholder: 'D02 X285',
      mask: null,
      required: true,
    },
  },
};

const defaultAddressRules: AddressRules = {
  cityLabel: 'Town or city',
  region: { mode: 'text', label: 'Region' },
  postcode: {
    label: 'Postcode',
    pattern: DEFAULT_POSTCODE,
    message: 'Enter up to 10 letters, digits, spaces or hyphens.',
    placeholder: null,
    mask: null,
    required: false,
  },
};

const catalogues = new Map<string, readonly AttributeDefinition[]>(
  SOURCE_COUNTRIES.map(({ iso2, currency }) => [
    iso2,
    [
      ...identityAttributes(),
      ...addressAttributes(addressRules[iso2]),
      ...employmentAttributes(currency, true),
    ],
  ]),
);
/** Any other country: identity and address (postcode optional), employment asked but optional. */
const defaultCatalogue: readonly AttributeDefinition[] = [
  ...identityAttributes(),
  ...addressAttributes(defaultAddressRules),
  ...employmentAttributes(null, false),
];

/** The attributes a customer of this country is asked for (none without a country). */
export function catalogueFor(iso2: string | null | undefined): readonly AttributeDefinition[] {
  if (!iso2) return [];
  return catalogues.get(iso2) ?? defaultCatalogue;
}
