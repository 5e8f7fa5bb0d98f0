/**
 * The attribute catalogue: which profile fields each source country asks for, with the regex,
 * mask, messages and options the web app renders (docs/product/customer-and-onboarding.md#profile-attributes Attribute, docs/product/customer-and-onboarding.md#profile-attributes).
 *
 * It is typed data served from code rather than a seeded table: it changes only with a release,
 * the rules sit next to the validator and its tests, nothing can drift from a seed, and the
 * profile answer needs no extra query to read it.
 *
 * Regexes are plain sources (no slashes, no flags) that mean the same in `new RegExp(source)` and
 * `new RegExp(source, 'u')`, so the browser and this server agree on every value.
 */
import { createRequire } from 'node:module';
import {
  PERSON_NAME_MAX_LENGTH,
  PERSON_NAME_PATTERN,
  type AttributeCategory,
  type AttributeInputMode,
  type AttributeOption,
} from '@corridor/contracts';
import { apiText } from '../../i18n/index.ts';
import { SOURCE_COUNTRIES, type SourceCountryCode } from '../countries/index.ts';

export { isSourceCountry, SOURCE_COUNTRIES, type SourceCountryCode } from '../countries/index.ts';

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
  /** The most characters a text value may have, checked before the pattern; null for none. */
  max_length: number | null;
  label: string;
  info_text: string | null;
  is_required: boolean;
}

// --- shared patterns -----------------------------------------------------------------------

/** A person's name: the rule a person recipient's names follow too (packages/contracts). */
export const NAME_PATTERN = PERSON_NAME_PATTERN;
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
  ['ACCOUNTANT', apiText('occupation.accountant')],
  ['ADMINISTRATOR', apiText('occupation.administrator')],
  ['ARCHITECT', apiText('occupation.architect')],
  ['ARTIST', apiText('occupation.artist')],
  ['CARE_WORKER', apiText('occupation.careWorker')],
  ['CHEF', apiText('occupation.chef')],
  ['CIVIL_SERVANT', apiText('occupation.civilServant')],
  ['CLEANER', apiText('occupation.cleaner')],
  ['CONSTRUCTION_WORKER', apiText('occupation.construction')],
  ['DOCTOR', apiText('occupation.doctor')],
  ['DRIVER', apiText('occupation.driver')],
  ['ENGINEER', apiText('occupation.engineer')],
  ['FARMER', apiText('occupation.farmer')],
  ['FINANCE', apiText('occupation.finance')],
  ['HOSPITALITY', apiText('occupation.hospitality')],
  ['IT_PROFESSIONAL', apiText('occupation.it')],
  ['LAWYER', apiText('occupation.lawyer')],
  ['MANAGER', apiText('occupation.manager')],
  ['NURSE', apiText('occupation.nurse')],
  ['PHARMACIST', apiText('occupation.pharmacist')],
  ['POLICE_MILITARY', apiText('occupation.policeMilitary')],
  ['RETAIL', apiText('occupation.retail')],
  ['SCIENTIST', apiText('occupation.scientist')],
  ['SELF_EMPLOYED', apiText('occupation.selfEmployed')],
  ['TEACHER', apiText('occupation.teacher')],
  ['TRADESPERSON', apiText('occupation.tradesperson')],
  ['STUDENT', apiText('occupation.student')],
  ['HOMEMAKER', apiText('occupation.homemaker')],
  ['RETIRED', apiText('occupation.retired')],
  ['UNEMPLOYED', apiText('occupation.unemployed')],
  ['OTHER', apiText('occupation.other')],
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
        ? apiText('profile.income.over', { currency, from: amount(from) })
        : from === 0
          ? apiText('profile.income.under', { currency, amount: amount(to + 1) })
          : apiText('profile.income.band', { currency, from: amount(from), to: amount(to) }),
  }));
}

// --- per-country catalogues ----------------------------------------------------------------

type Optional = 'options' | 'placeholder_text' | 'mask' | 'info_text' | 'max_length';
type Definition = Omit<AttributeDefinition, Optional> &
  Partial<Pick<AttributeDefinition, Optional>>;

const define = (definition: Definition): AttributeDefinition => ({
  options: null,
  placeholder_text: null,
  mask: null,
  info_text: null,
  max_length: null,
  ...definition,
});

export function identityAttributes(): AttributeDefinition[] {
  const nameRule = {
    category: 'identity',
    input_mode: 'text',
    regular_expression: NAME_PATTERN,
    expression_error_message: apiText('profile.message.name'),
    max_length: PERSON_NAME_MAX_LENGTH,
  } as const;
  return [
    define({
      ...nameRule,
      attribute: 'name',
      label: apiText('profile.label.firstName'),
      info_text: apiText('profile.info.asOnId'),
      is_required: true,
    }),
    define({
      ...nameRule,
      attribute: 'second_name',
      label: apiText('profile.label.middleName'),
      info_text: apiText('profile.info.leaveEmpty'),
      is_required: false,
    }),
    define({
      ...nameRule,
      attribute: 'third_name',
      label: apiText('profile.label.lastName'),
      info_text: apiText('profile.info.familyName'),
      is_required: true,
    }),
    define({
      attribute: 'birth_detail.birth_date',
      category: 'identity',
      input_mode: 'date',
      regular_expression: DATE_PATTERN,
      expression_error_message: apiText('profile.message.date'),
      placeholder_text: apiText('profile.placeholder.date'),
      label: apiText('profile.label.birthDate'),
      info_text: apiText('profile.info.adult'),
      is_required: true,
    }),
    define({
      attribute: 'nationality_id',
      category: 'identity',
      input_mode: 'country',
      regular_expression: null,
      expression_error_message: null,
      label: apiText('profile.label.nationality'),
      info_text: apiText('profile.info.nationality'),
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
    expression_error_message: apiText('profile.message.addressLine'),
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
          expression_error_message: apiText('profile.message.region'),
          label: rules.region.label,
          info_text: apiText('profile.info.optional'),
          is_required: false,
        });
  return [
    define({
      ...lineRule,
      attribute: 'address.address_line_1',
      label: apiText('profile.label.addressLine1'),
      placeholder_text: apiText('profile.placeholder.street'),
      is_required: true,
    }),
    define({
      ...lineRule,
      attribute: 'address.address_line_2',
      label: apiText('profile.label.addressLine2'),
      placeholder_text: apiText('profile.placeholder.flat'),
      is_required: false,
    }),
    define({
      attribute: 'address.city',
      category: 'address',
      input_mode: 'text',
      regular_expression: CITY_PATTERN,
      expression_error_message: apiText('profile.message.name'),
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
      label: apiText('profile.label.occupation'),
      info_text: apiText('profile.info.occupation'),
      is_required: required,
    }),
    define({
      attribute: 'employment.salary_range',
      category: 'employment',
      input_mode: 'select',
      options: salary,
      regular_expression: null,
      expression_error_message: null,
      label: apiText('profile.label.yearlyIncome'),
      info_text: apiText('profile.info.income'),
      is_required: required,
    }),
  ];
}

const addressRules: Record<SourceCountryCode, AddressRules> = {
  GB: {
    cityLabel: apiText('profile.label.townOrCity'),
    region: { mode: 'text', label: apiText('profile.label.county') },
    postcode: {
      label: apiText('profile.label.postcode'),
      pattern: REAL_POSTCODES.GB,
      message: apiText('profile.message.postcodeGB'),
      placeholder: 'SW1A 1AA',
      mask: null,
      required: true,
    },
  },
  US: {
    cityLabel: apiText('profile.label.city'),
    region: {
      mode: 'select',
      label: apiText('profile.label.state'),
      options: subdivisionOptions('US', ['State', 'District']),
    },
    postcode: {
      label: apiText('profile.label.zipCode'),
      pattern: REAL_POSTCODES.US,
      message: apiText('profile.message.postcodeUS'),
      placeholder: '12345',
      mask: '00000[-0000]',
      required: true,
    },
  },
  AU: {
    cityLabel: apiText('profile.label.suburbOrTown'),
    region: {
      mode: 'select',
      label: apiText('profile.label.stateOrTerritory'),
      options: subdivisionOptions('AU', ['State', 'Territory']),
    },
    postcode: {
      label: apiText('profile.label.postcode'),
      pattern: REAL_POSTCODES.AU,
      message: apiText('profile.message.postcodeAU'),
      placeholder: '2000',
      mask: '0000',
      required: true,
    },
  },
  CA: {
    cityLabel: apiText('profile.label.city'),
    region: {
      mode: 'select',
      label: apiText('profile.label.provinceOrTerritory'),
      options: subdivisionOptions('CA', ['Province', 'Territory']),
    },
    postcode: {
      label: apiText('profile.label.postalCode'),
      pattern: REAL_POSTCODES.CA,
      message: apiText('profile.message.postcodeCA'),
      placeholder: 'K1A 0B1',
      mask: 'a0a 0a0',
      required: true,
    },
  },
  IE: {
    cityLabel: apiText('profile.label.townOrCity'),
    region: { mode: 'text', label: apiText('profile.label.county') },
    postcode: {
      label: apiText('profile.label.eircode'),
      pattern: REAL_POSTCODES.IE,
      message: apiText('profile.message.postcodeIE'),
      placeholder: 'D02 X285',
      mask: null,
      required: true,
    },
  },
};

const defaultAddressRules: AddressRules = {
  cityLabel: apiText('profile.label.townOrCity'),
  region: { mode: 'text', label: apiText('profile.label.region') },
  postcode: {
    label: apiText('profile.label.postcode'),
    pattern: DEFAULT_POSTCODE,
    message: apiText('profile.message.postcodeOther'),
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
