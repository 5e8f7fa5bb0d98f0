import { z } from 'zod';
import { lazySchema } from './lazy-schema.ts';
import { sessionDeviceSchema } from './auth.ts';
import { countrySchema } from './countries.ts';
import { localeSchema } from './profile.ts';

const timestamp = lazySchema(() => z.iso.datetime({ offset: true }));

export const attributeCategorySchema = lazySchema(() =>
  z.enum(['identity', 'address', 'employment'], {
    error: 'The category must be identity, address or employment.',
  }),
);
export type AttributeCategory = z.infer<typeof attributeCategorySchema>;

export const accountSchema = lazySchema(() =>
  z.object({
    email: z.string(),
    is_email_verified: z.boolean(),
    password_changed_at: timestamp.nullable(),
    mobile_number: z.string().nullable(),
    mobile_number_country: countrySchema.nullable(),
    /** Original product: whether the number was confirmed by a code; Corridor sends none, so false. */
    mobile_number_verified: z.boolean(),
    created_at: timestamp,
    updated_at: timestamp,
  }),
);

/**
 * The address a session signed in from (docs/product/accounts-and-sessions.md#the-session-resource): `id` names the address itself
 * (the same address, the same id), and `geo_location` is null, as Corridor has no geo-IP data.
 */
export const sessionIpAddressSchema = lazySchema(() =>
  z.object({
    id: z.uuid(),
    ip_address: z.string(),
    geo_location: z.null(),
  }),
);
export type SessionIpAddress = z.infer<typeof sessionIpAddressSchema>;

export const sessionSchema = lazySchema(() =>
  z.object({
    id: z.uuid(),
    is_mfa_completed: z.boolean(),
    /** A public handle of the session; never the cookie's secret (docs/product/accounts-and-sessions.md#sessions). */
    session_token: z.string(),
    /** The original product's name for the same public handle (docs/product/accounts-and-sessions.md#the-session-resource). */
    token: z.string(),
    mfa_method: z.string().nullable(),
    client_version: z.string().nullable(),
    os_version: z.string().nullable(),
    /** Null when the address is unknown, and before the second factor. */
    ip_address: sessionIpAddressSchema.nullable(),
    device: sessionDeviceSchema,
    touched_at: timestamp,
    created_at: timestamp,
    updated_at: timestamp,
  }),
);

export const addressSchema = lazySchema(() =>
  z.object({
    address_line_1: z.string().nullable(),
    address_line_2: z.string().nullable(),
    city: z.string().nullable(),
    postcode: z.string().nullable(),
    region: z.string().nullable(),
    created_at: timestamp,
    updated_at: timestamp,
  }),
);

/**
 * The date of birth. `city`, `country_id` and `nationality_id` (place and nationality at
 * birth) are the original product's; Corridor does not ask for them, so they are null.
 */
export const birthDetailSchema = lazySchema(() =>
  z.object({
    birth_date: z.iso.date().nullable(),
    city: z.string().nullable(),
    country_id: z.uuid().nullable(),
    nationality_id: z.uuid().nullable(),
    created_at: timestamp,
    updated_at: timestamp,
  }),
);

/** How the web app renders an attribute's input. */
export const attributeInputModeSchema = lazySchema(() =>
  z.enum(['text', 'date', 'select', 'country']),
);
export type AttributeInputMode = z.infer<typeof attributeInputModeSchema>;

export const attributeOptionSchema = lazySchema(() =>
  z.object({ value: z.string(), label: z.string() }),
);
export type AttributeOption = z.infer<typeof attributeOptionSchema>;

/**
 * The longest a person's name (first, middle or last) may be, in characters: the identity
 * form stops typing there and the server refuses more (docs/product/customer-and-onboarding.md).
 */
export const PERSON_NAME_MAX_LENGTH = 100;

/**
 * A person's name (first, middle or last), the customer's own and a person recipient's alike:
 * letters of any script, spaces, hyphens, apostrophes and dots; no digits or symbols. A plain
 * source meaning the same with and without the `u` flag, tested against the trimmed value.
 */
export const PERSON_NAME_PATTERN = `^[^0-9_@#$%^&*()+=\\[\\]{}|\\\\/<>;:!?"~\`]{1,${PERSON_NAME_MAX_LENGTH}}$`;

/**
 * One profile field the customer's country asks for (docs/product/api-conventions.md#countries-and-currencies), with its current value.
 * `attribute` is a dotted key ("address.postcode"); `options` lists the allowed values of a
 * `select` (regions, occupations, salary ranges).
 */
export const attributeSchema = lazySchema(() =>
  z.object({
    attribute: z.string(),
    category: attributeCategorySchema,
    input_mode: attributeInputModeSchema,
    options: z.array(attributeOptionSchema).nullable(),
    placeholder_text: z.string().nullable(),
    regular_expression: z.string().nullable(),
    mask: z.string().nullable(),
    expression_error_message: z.string().nullable(),
    /**
     * The original product's extra validation rules of an attribute. It sends null for every
     * attribute, and so does Corridor: `regular_expression`, `options` and the server's checks
     * carry the rules. The server always sends the key; a definition without it reads as null.
     */
    rules: z.null().default(null),
    /**
     * Corridor's key beside the original product's (issue 28): the most characters a text value
     * may have, so the form stops typing there and says so; null when only the pattern bounds it.
     */
    max_length: z.number().int().positive().nullable().default(null),
    label: z.string(),
    info_text: z.string().nullable(),
    is_required: z.boolean(),
    value: z.string().nullable(),
  }),
);
export type Attribute = z.infer<typeof attributeSchema>;

export const documentTypeSchema = lazySchema(() =>
  z.object({
    id: z.uuid(),
    code: z.string(),
    title: z.string(),
    description: z.string().nullable(),
    public_upload: z.boolean(),
    info: z.string().nullable(),
    document_number_label: z.string().nullable(),
    api: z.string(),
    /**
     * Corridor's keys beside the original product's (issue 16): what the customer is told before
     * choosing a file, and how many pages the type takes (an ID card: front and back).
     */
    accepted: z.array(z.string()),
    refused: z.array(z.string()),
    /** "Issued in the last 3 months", or null when age does not matter. */
    recency: z.string().nullable(),
    /** The sides to photograph, in order (["front", "back"]), or null for any number of pages. */
    sides: z.array(z.enum(['front', 'back'])).nullable(),
    min_pages: z.number().int(),
    max_pages: z.number().int(),
    /** Sniffed types a page may be; an ID photographed is an image, a statement also a PDF. */
    file_types: z.array(z.enum(['image/jpeg', 'image/png', 'image/webp', 'application/pdf'])),
  }),
);

export const documentCategorySchema = lazySchema(() =>
  z.object({
    id: z.uuid(),
    code: z.string(),
    title: z.string(),
    description: z.string().nullable(),
    document_types: z.array(documentTypeSchema),
  }),
);

export const customerDocumentSchema = lazySchema(() =>
  z.object({
    id: z.uuid(),
    document_category: documentCategorySchema.omit({ document_types: true }),
    document_type: documentTypeSchema,
    status_code: z.string(),
    status_title: z.string(),
    created_at: timestamp,
    updated_at: timestamp,
    /** Why it was rejected and what to do, in the customer's language; null unless rejected. */
    rejection_reason: z.string().nullable(),
    /** When it was approved or rejected; null while it is being checked. */
    reviewed_at: timestamp.nullable(),
    /** The files, in order, each downloadable by its owner only. */
    pages: z.array(
      z.object({
        id: z.uuid(),
        number: z.number().int(),
        file_name: z.string(),
        content_type: z.string(),
        size_bytes: z.number().int(),
      }),
    ),
  }),
);

/**
 * Customer, as docs/product/customer-and-onboarding.md#the-customer-resource, plus the three derived "information required" flags and the keys the
 * original product sends beside them (docs/product/accounts-and-sessions.md#the-session-resource, docs/product/identity-documents.md#catalogue, docs/product/api-conventions.md#endpoints), so a
 * client written for it finds every key it reads.
 */
export const customerSchema = lazySchema(() =>
  z.object({
    id: z.uuid(),
    crn: z.string(),
    name: z.string().nullable(),
    second_name: z.string().nullable(),
    third_name: z.string().nullable(),
    whole_name: z.string().nullable(),
    unique_identity_number: z.string().nullable(),
    created_at: timestamp,
    updated_at: timestamp,
    poi_name_check: z.boolean().nullable(),
    is_blocked_for_sending: z.boolean(),
    /**
     * The language the customer reads Corridor in (issue 14): their emails are written in it. Set
     * at sign-up (the sign-up's language) and by POST /client/v1/profile/locale.
     */
    locale: localeSchema,
    account: accountSchema,
    session: sessionSchema,
    country: countrySchema.nullable(),
    nationality: countrySchema.nullable(),
    address: addressSchema.nullable(),
    birth_detail: birthDetailSchema.nullable(),
    attributes: z.array(attributeSchema),
    documents: z.array(customerDocumentSchema),
    /** Categories still owed, each with the document types that satisfy it. */
    pending_documents: z.array(documentCategorySchema),
    /**
     * The original product's verdict on the proof of identity (e.g. "undeterministic"); null, as
     * Corridor checks no identity document yet.
     */
    poi_info_check: z.string().nullable(),
    is_identity_information_required: z.boolean(),
    is_address_information_required: z.boolean(),
    is_employment_information_required: z.boolean(),
  }),
);
export type Customer = z.infer<typeof customerSchema>;
