import { z } from 'zod';
import { lazySchema } from './lazy-schema.ts';
import { countrySchema } from './countries.ts';
import { collection } from './pagination.ts';

/**
 * Payout reference data (issue 15; docs/product/recipients.md#payout-channels, #reference-resources, docs/product/sending-money.md#purposes, docs/product/recipients.md#payout-configuration): where money can
 * go, how it is paid out, and the lists a customer picks from. Every title and description is
 * in the request's language.
 */

/** How a recipient receives the money. */
export const payoutMethodCodes = ['BANK-ACCOUNT', 'MOBILE-WALLET', 'CASH-PICKUP'] as const;
export const payoutMethodCodeSchema = lazySchema(() => z.enum(payoutMethodCodes));
export type PayoutMethodCode = z.infer<typeof payoutMethodCodeSchema>;

/**
 * An entry of a reference list (relationships, purposes, occupations, salary ranges): a stable
 * id, a code clients may compare, and customer-facing words.
 */
export const referenceItemSchema = lazySchema(() =>
  z.object({
    id: z.uuid(),
    code: z.string(),
    title: z.string(),
    description: z.string().nullable(),
  }),
);
export type ReferenceItem = z.infer<typeof referenceItemSchema>;

/** A currency as the original product sends it (docs/product/api-conventions.md#countries-and-currencies), with ISO 4217's minor-unit exponent. */
export const currencySchema = lazySchema(() =>
  z.object({
    id: z.uuid(),
    decimal_places: z.number().int().nonnegative(),
    /** A number, as in the original product (ISO 4217's "036" is 36). */
    iso_numeric: z.number().int().nonnegative(),
    type: z.literal('FIAT'),
    crypto_code: z.null(),
    iso_alpha: z.string().length(3),
    /** The currency's name in the request's language. */
    common_name: z.string(),
    official_name: z.string(),
    /** Its symbol ("₹", "₱"), or the code where it has none of its own. */
    icon_unicode: z.string(),
    /** The same as `iso_alpha`. */
    code: z.string().length(3),
    salary_ranges: z.array(referenceItemSchema).nullable(),
  }),
);
export type Currency = z.infer<typeof currencySchema>;

/** GET /client/v1/payout/targets: where money can go, a country and the currency paid there. */
export const payoutTargetSchema = lazySchema(() =>
  z.object({ country: countrySchema, currency: currencySchema }),
);
export type PayoutTarget = z.infer<typeof payoutTargetSchema>;
export const payoutTargetListSchema = lazySchema(() => collection(payoutTargetSchema));
export type PayoutTargetList = z.infer<typeof payoutTargetListSchema>;

/**
 * A payout method of one target (docs/product/recipients.md#payout-configuration). `instruction` and `promo` are shown
 * under the calculator. `sell_rate_formatted` is null until quotes price each method.
 */
export const payoutMethodSchema = lazySchema(() =>
  z.object({
    id: z.uuid(),
    code: payoutMethodCodeSchema,
    title: z.string(),
    description: z.string(),
    instruction: z.string().nullable(),
    promo: z.string().nullable(),
    sell_rate_formatted: z.string().nullable(),
  }),
);
export type PayoutMethod = z.infer<typeof payoutMethodSchema>;
export const payoutMethodListSchema = lazySchema(() => collection(payoutMethodSchema));
export type PayoutMethodList = z.infer<typeof payoutMethodListSchema>;

/** GET /client/v1/payout/methods?country_id&currency_id: the methods of that target. */
export const payoutMethodsQuerySchema = lazySchema(() =>
  z.object({
    country_id: z.uuid({ error: 'Choose a country from the list.' }),
    currency_id: z.uuid({ error: 'Choose a currency from the list.' }),
  }),
);
export type PayoutMethodsQuery = z.infer<typeof payoutMethodsQuerySchema>;

/** A payout partner (`TERRA_PAY`/TerraPay): its name is a brand, the same in every language. */
export const payoutCompanySchema = lazySchema(() =>
  z.object({ id: z.uuid(), code: z.string(), title: z.string() }),
);
export type PayoutCompany = z.infer<typeof payoutCompanySchema>;

/** Why a customer sends money (docs/product/sending-money.md#purposes): BUSINESS, EDUCATION … TRAVEL. */
export const purposeSchema = referenceItemSchema;
export type Purpose = ReferenceItem;

/** GET /client/v1/resources/relationships: who the recipient is to the customer (docs/product/recipients.md#reference-resources). */
export const relationshipListSchema = lazySchema(() => collection(referenceItemSchema));
export type RelationshipList = z.infer<typeof relationshipListSchema>;

/** GET /client/v1/resources/occupations: a bare array, as in the original product. */
export const occupationListSchema = lazySchema(() => z.array(referenceItemSchema));
export type OccupationList = z.infer<typeof occupationListSchema>;

/**
 * GET /client/v1/resources/currency-salary-ranges: the currency the customer pays in, with the
 * yearly income bands the profile's `employment.salary_range` offers in it.
 */
export const currencySalaryRangesSchema = lazySchema(() =>
  currencySchema.extend({
    salary_ranges: z.array(referenceItemSchema),
  }),
);
export type CurrencySalaryRanges = z.infer<typeof currencySalaryRangesSchema>;
