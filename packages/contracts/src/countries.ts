import { z } from 'zod';
import { lazySchema } from './lazy-schema.ts';
import { emailSchema } from './auth.ts';
import { collection } from './pagination.ts';

/**
 * Country, exactly the fields of docs/product/api-conventions.md#countries-and-currencies: how the customer resource names a country (its
 * `country`, `nationality` and `account.mobile_number_country`, as in the original product).
 */
export const countrySchema = lazySchema(() =>
  z.object({
    id: z.uuid(),
    iso2_alpha: z.string().length(2),
    iso3_alpha: z.string().length(3),
    /** Null for the user-assigned code XK (Kosovo), which has no ISO numeric code. */
    iso_numeric: z.string().length(3).nullable(),
    /** FIPS 10-4 was withdrawn in 2008 and no maintained source carries it: null (docs/decisions/0003). */
    fips_code: z.string().nullable(),
    slug: z.string(),
    calling_code: z.string().nullable(),
    common_name: z.string(),
    official_name: z.string(),
    endonym: z.string(),
    demonym: z.string().nullable(),
  }),
);
/** The fields of a country (docs/product/api-conventions.md#countries-and-currencies), as a customer refers to one. */
export type CountryFields = z.infer<typeof countrySchema>;

/**
 * How a mobile number of the country is written (original product, `GET /countries`): the
 * national significant number, that is the digits after the calling code, without a trunk
 * prefix such as the UK's leading 0. Either `exact_length`, or `min_length` and `max_length`, is
 * set; `expression` is a regex source (no slashes or flags, the same with and without the `u`
 * flag) that the whole national significant number matches. The server accepts what the rule
 * describes, typed nationally or internationally.
 */
export const mobileNumberRuleSchema = lazySchema(() =>
  z.object({
    exact_length: z.number().int().positive().nullable(),
    min_length: z.number().int().positive().nullable(),
    max_length: z.number().int().positive().nullable(),
    expression: z.string().nullable(),
  }),
);
export type MobileNumberRule = z.infer<typeof mobileNumberRuleSchema>;

/**
 * A country as the country lists carry it (`GET /countries`, `GET /countries/source`): the
 * fields of docs/product/api-conventions.md#countries-and-currencies and the original product's `mobile_number_rule`, null where the country has
 * no numbering plan of its own (Antarctica, Bouvet Island…).
 */
export const listedCountrySchema = lazySchema(() =>
  countrySchema.extend({
    mobile_number_rule: mobileNumberRuleSchema.nullable(),
    /**
     * Whether Corridor serves customers who live here (defect 19): they can sign up and send from
     * it, and it is one of `GET /countries/source`. Public, so a visitor learns it before signing
     * up; for the others, `POST /client/v1/country-waitlist` keeps an email to tell when it opens.
     * The server always sends it; a fixture without it reads as false.
     */
    is_served: z.boolean().default(false),
  }),
);
export type Country = z.infer<typeof listedCountrySchema>;

export const countryListSchema = lazySchema(() => collection(listedCountrySchema));
export type CountryList = z.infer<typeof countryListSchema>;

/**
 * POST /client/v1/country-waitlist (defect 19): tell this address when Corridor opens in a
 * country it does not serve yet. 200 with a message; asking again is fine. A served country is
 * a 422 on `country_id` (sign up instead).
 */
export const countryWaitlistRequestSchema = lazySchema(() =>
  z.object({
    email: emailSchema,
    country_id: z.uuid({ error: 'Choose a country from the list.' }),
  }),
);
export type CountryWaitlistRequest = z.infer<typeof countryWaitlistRequestSchema>;
