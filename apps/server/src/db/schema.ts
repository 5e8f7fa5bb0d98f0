import type { Locale } from '@corridor/contracts';
import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  boolean,
  char,
  check,
  date,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';

const timestamps = {
  created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updated_at: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
};

/** ISO 3166-1 countries, seeded from world-countries and libphonenumber-js at start. */
export const countries = pgTable('countries', {
  id: uuid('id')
    .primaryKey()
    .default(sql`gen_random_uuid()`),
  iso2_alpha: char('iso2_alpha', { length: 2 }).notNull().unique(),
  iso3_alpha: char('iso3_alpha', { length: 3 }).notNull().unique(),
  iso_numeric: char('iso_numeric', { length: 3 }),
  fips_code: text('fips_code'),
  slug: text('slug').notNull().unique(),
  calling_code: text('calling_code'),
  common_name: text('common_name').notNull(),
  official_name: text('official_name').notNull(),
  endonym: text('endonym').notNull(),
  demonym: text('demonym'),
  ...timestamps,
});

/** ISO 4217 currencies with their minor-unit exponent: every amount is stored in minor units. */
export const currencies = pgTable('currencies', {
  id: uuid('id')
    .primaryKey()
    .default(sql`gen_random_uuid()`),
  iso_alpha: char('iso_alpha', { length: 3 }).notNull().unique(),
  iso_numeric: char('iso_numeric', { length: 3 }).notNull(),
  name: text('name').notNull(),
  decimal_places: smallint('decimal_places').notNull(),
  ...timestamps,
});

/** Secrets the server generates once and every process shares (for example the cookie-signing key). */
export const appSecrets = pgTable('app_secrets', {
  name: text('name').primaryKey(),
  value: text('value').notNull(),
  created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

const at = (name: string) => timestamp(name, { withTimezone: true });

/** A person who sends money (SPEC §3). Profile fields arrive with onboarding. */
export const customers = pgTable(
  'customers',
  {
    id: uuid('id')
      .primaryKey()
      .default(sql`gen_random_uuid()`),
    /** Customer reference number, shown to the customer and to support. */
    crn: text('crn').notNull().unique(),
    name: text('name'),
    second_name: text('second_name'),
    third_name: text('third_name'),
    unique_identity_number: text('unique_identity_number'),
    poi_name_check: boolean('poi_name_check'),
    is_blocked_for_sending: boolean('is_blocked_for_sending').notNull().default(false),
    country_id: uuid('country_id').references(() => countries.id),
    nationality_id: uuid('nationality_id').references(() => countries.id),
    /** The language the customer reads Corridor in ('en' or 'es'): their emails follow it. */
    locale: text('locale').$type<Locale>().notNull().default('en'),
    ...timestamps,
  },
  (table) => [check('customers_locale_check', sql`${table.locale} in ('en', 'es')`)],
);

/**
 * Sign-in credentials, one per customer. Only a verified account owns its email address
 * (partial unique index): an unverified sign-up never blocks, or reveals, the real owner.
 */
export const accounts = pgTable(
  'accounts',
  {
    customer_id: uuid('customer_id')
      .primaryKey()
      .references(() => customers.id, { onDelete: 'cascade' }),
    email: text('email').notNull(),
    /** Lower-cased, for lookups and uniqueness. */
    email_normalized: text('email_normalized').notNull(),
    is_email_verified: boolean('is_email_verified').notNull().default(false),
    email_verified_at: at('email_verified_at'),
    password_hash: text('password_hash').notNull(),
    password_changed_at: at('password_changed_at'),
    mobile_number: text('mobile_number'),
    mobile_number_country_id: uuid('mobile_number_country_id').references(() => countries.id),
    ...timestamps,
  },
  (table) => [
    uniqueIndex('accounts_verified_email_unique')
      .on(table.email_normalized)
      .where(sql`${table.is_email_verified}`),
    index('accounts_email_normalized_idx').on(table.email_normalized),
    // One mobile number (E.164) belongs to one customer.
    uniqueIndex('accounts_mobile_number_unique')
      .on(table.mobile_number)
      .where(sql`${table.mobile_number} is not null`),
  ],
);

/** The customer's home address (the `address.*` attributes), one per customer. */
export const customerAddresses = pgTable('customer_addresses', {
  customer_id: uuid('customer_id')
    .primaryKey()
    .references(() => customers.id, { onDelete: 'cascade' }),
  address_line_1: text('address_line_1'),
  address_line_2: text('address_line_2'),
  city: text('city'),
  region: text('region'),
  postcode: text('postcode'),
  ...timestamps,
});

/** The customer's date of birth (`birth_detail.birth_date`). */
export const customerBirthDetails = pgTable('customer_birth_details', {
  customer_id: uuid('customer_id')
    .primaryKey()
    .references(() => customers.id, { onDelete: 'cascade' }),
  birth_date: date('birth_date', { mode: 'string' }),
  ...timestamps,
});

/** What the customer does and earns (the `employment.*` attributes): option values of the catalogue. */
export const customerEmployments = pgTable('customer_employments', {
  customer_id: uuid('customer_id')
    .primaryKey()
    .references(() => customers.id, { onDelete: 'cascade' }),
  occupation: text('occupation'),
  salary_range: text('salary_range'),
  ...timestamps,
});

/** A signed-in browser: the session behind the cookie, and the "device" the customer sees. */
export const sessions = pgTable(
  'sessions',
  {
    id: uuid('id')
      .primaryKey()
      .default(sql`gen_random_uuid()`),
    /** SHA-256 of the cookie's secret; the secret itself is never stored. */
    secret_hash: text('secret_hash').notNull().unique(),
    /** A public, non-authenticating handle (Session.session_token in SPEC §3). */
    public_token: text('public_token').notNull().unique(),
    customer_id: uuid('customer_id')
      .notNull()
      .references(() => customers.id, { onDelete: 'cascade' }),
    mfa_method: text('mfa_method'),
    is_mfa_completed: boolean('is_mfa_completed').notNull().default(false),
    user_agent: text('user_agent'),
    ip_address: text('ip_address'),
    device_type: text('device_type').notNull().default('unknown'),
    client_name: text('client_name'),
    client_version: text('client_version'),
    os_name: text('os_name'),
    os_version: text('os_version'),
    model: text('model'),
    vendor: text('vendor'),
    touched_at: at('touched_at').notNull().defaultNow(),
    expires_at: at('expires_at').notNull(),
    ended_at: at('ended_at'),
    ...timestamps,
  },
  (table) => [index('sessions_customer_idx').on(table.customer_id)],
);

/** Six-digit codes sent by email (verification, sign-in) or SMS: single use, short-lived. */
export const oneTimeCodes = pgTable(
  'one_time_codes',
  {
    id: uuid('id')
      .primaryKey()
      .default(sql`gen_random_uuid()`),
    customer_id: uuid('customer_id')
      .notNull()
      .references(() => customers.id, { onDelete: 'cascade' }),
    purpose: text('purpose').notNull(),
    /** The sign-in challenge a second-factor code belongs to (C21). */
    session_id: uuid('session_id').references(() => sessions.id, { onDelete: 'cascade' }),
    /** Where the code was sent: it only verifies that address (B4.6). */
    sent_to: text('sent_to').notNull(),
    code_hash: text('code_hash').notNull(),
    failed_attempts: smallint('failed_attempts').notNull().default(0),
    expires_at: at('expires_at').notNull(),
    consumed_at: at('consumed_at'),
    created_at: at('created_at').notNull().defaultNow(),
  },
  (table) => [index('one_time_codes_customer_purpose_idx').on(table.customer_id, table.purpose)],
);

/** One live password-reset token per customer, stored hashed (B4.1, C15). */
export const passwordResetTokens = pgTable('password_reset_tokens', {
  customer_id: uuid('customer_id')
    .primaryKey()
    .references(() => customers.id, { onDelete: 'cascade' }),
  token_hash: text('token_hash').notNull().unique(),
  expires_at: at('expires_at').notNull(),
  created_at: at('created_at').notNull().defaultNow(),
});

/** Every message the outbox mail driver has "sent" (DESIGN §2.1). */
export const mailOutbox = pgTable(
  'mail_outbox',
  {
    id: uuid('id')
      .primaryKey()
      .default(sql`gen_random_uuid()`),
    to: text('to').notNull(),
    subject: text('subject').notNull(),
    text: text('text').notNull(),
    html: text('html').notNull(),
    /** The outbox message this mail delivers: a repeated delivery stores no second mail. */
    outbox_message_id: uuid('outbox_message_id').unique(),
    created_at: at('created_at').notNull().defaultNow(),
  },
  (table) => [index('mail_outbox_created_at_idx').on(table.created_at)],
);

/**
 * Visitors who asked to be told when Corridor serves their country (defect 19): one row per
 * address and country, in the language they asked in.
 */
export const countryWaitlist = pgTable(
  'country_waitlist',
  {
    id: uuid('id')
      .primaryKey()
      .default(sql`gen_random_uuid()`),
    email: text('email').notNull(),
    /** Lower-cased: one row per address and country, however it was typed. */
    email_normalized: text('email_normalized').notNull(),
    country_id: uuid('country_id')
      .notNull()
      .references(() => countries.id),
    locale: text('locale').$type<Locale>().notNull().default('en'),
    created_at: at('created_at').notNull(),
  },
  (table) => [
    uniqueIndex('country_waitlist_email_country_unique').on(
      table.email_normalized,
      table.country_id,
    ),
  ],
);

/** A JSON object as jobs and outbox messages carry it. */
export type JsonObject = Record<string, unknown>;

/**
 * Jobs waiting for their time on the injected clock (src/jobs/): `tick()` moves due rows into
 * pg-boss, keeping the id, so a move repeated after a crash adds no second job. A row written in
 * a use case's transaction exists only if that transaction commits.
 */
export const scheduledJobs = pgTable(
  'scheduled_jobs',
  {
    id: uuid('id').primaryKey(),
    name: text('name').notNull(),
    data: jsonb('data').$type<JsonObject>().notNull(),
    run_at: at('run_at').notNull(),
    /** At most one waiting row per name and key; sending again keeps the earlier run time. */
    singleton_key: text('singleton_key'),
    created_at: at('created_at').notNull(),
  },
  (table) => [
    index('scheduled_jobs_run_at_idx').on(table.run_at),
    uniqueIndex('scheduled_jobs_singleton_idx')
      .on(table.name, table.singleton_key)
      .where(sql`singleton_key is not null`),
  ],
);

/**
 * The transactional outbox (src/outbox/): side effects written in the use case's transaction and
 * delivered after commit, at least once, in `sequence` order within one aggregate.
 */
export const outboxMessages = pgTable(
  'outbox_messages',
  {
    /** Also what a consumer de-duplicates on (the stored mail, the realtime event id). */
    id: uuid('id').primaryKey(),
    sequence: bigserial('sequence', { mode: 'number' }).notNull().unique(),
    aggregate_type: text('aggregate_type').notNull(),
    aggregate_id: text('aggregate_id').notNull(),
    /** Which handler delivers it: 'mail', 'realtime', … */
    kind: text('kind').notNull(),
    payload: jsonb('payload').$type<JsonObject>().notNull(),
    created_at: at('created_at').notNull(),
    /** Failed deliveries wait until then (backoff). */
    next_attempt_at: at('next_attempt_at').notNull(),
    attempts: integer('attempts').notNull().default(0),
    last_error: text('last_error'),
    dispatched_at: at('dispatched_at'),
    /** Given up after the last attempt; the aggregate's later messages go on. */
    failed_at: at('failed_at'),
  },
  (table) => [
    index('outbox_messages_pending_idx')
      .on(table.aggregate_type, table.aggregate_id, table.sequence)
      .where(sql`dispatched_at is null and failed_at is null`),
  ],
);

/**
 * Idempotency-Key answers (DESIGN §3, plugins/idempotency.ts): written in the transaction of the
 * effect, replayed for the same customer, key and request until `expires_at`.
 */
export const idempotencyKeys = pgTable(
  'idempotency_keys',
  {
    customer_id: uuid('customer_id')
      .notNull()
      .references(() => customers.id, { onDelete: 'cascade' }),
    key: text('key').notNull(),
    /** SHA-256 of method, route, parameters, query and canonical body. */
    request_hash: text('request_hash').notNull(),
    response_status: smallint('response_status').notNull(),
    response_content_type: text('response_content_type'),
    /** The body exactly as it was sent; null when there was none (204). */
    response_body: text('response_body'),
    created_at: at('created_at').notNull(),
    expires_at: at('expires_at').notNull(),
  },
  (table) => [
    primaryKey({ columns: [table.customer_id, table.key] }),
    index('idempotency_keys_expires_at_idx').on(table.expires_at),
  ],
);

// --- Payout reference data and exchange rates (issue 15) -------------------------------------

/**
 * Where money can go: a country and the currency paid out there (DESIGN §6 "Corridors"). Seeded
 * with stable ids (db/seed/payout-reference-data.ts); a retired row is deactivated, never
 * deleted, because quotes and recipients refer to it.
 */
export const payoutTargets = pgTable(
  'payout_targets',
  {
    id: uuid('id').primaryKey(),
    country_id: uuid('country_id')
      .notNull()
      .references(() => countries.id),
    currency_id: uuid('currency_id')
      .notNull()
      .references(() => currencies.id),
    is_active: boolean('is_active').notNull().default(true),
    view_order: smallint('view_order').notNull(),
    ...timestamps,
  },
  (table) => [
    uniqueIndex('payout_targets_country_currency_unique').on(table.country_id, table.currency_id),
  ],
);

/** How a target's recipient receives the money: one row per target and method code. */
export const payoutMethods = pgTable(
  'payout_methods',
  {
    id: uuid('id').primaryKey(),
    payout_target_id: uuid('payout_target_id')
      .notNull()
      .references(() => payoutTargets.id),
    code: text('code').notNull(),
    /** English, the source: translated on the way out (i18n/texts/reference-texts.ts). */
    title: text('title').notNull(),
    description: text('description').notNull(),
    instruction: text('instruction'),
    promo: text('promo'),
    is_active: boolean('is_active').notNull().default(true),
    view_order: smallint('view_order').notNull(),
    ...timestamps,
  },
  (table) => [
    uniqueIndex('payout_methods_target_code_unique').on(table.payout_target_id, table.code),
    check(
      'payout_methods_code_check',
      sql`${table.code} in ('BANK-ACCOUNT', 'MOBILE-WALLET', 'CASH-PICKUP')`,
    ),
  ],
);

/** The partners that pay recipients out (original product: `TERRA_PAY`/TerraPay). */
export const payoutCompanies = pgTable('payout_companies', {
  id: uuid('id').primaryKey(),
  code: text('code').notNull().unique(),
  /** A brand name: the same in every language. */
  title: text('title').notNull(),
  is_active: boolean('is_active').notNull().default(true),
  ...timestamps,
});

/** Which partners pay out each method of each target. */
export const payoutMethodCompanies = pgTable(
  'payout_method_companies',
  {
    payout_method_id: uuid('payout_method_id')
      .notNull()
      .references(() => payoutMethods.id),
    payout_company_id: uuid('payout_company_id')
      .notNull()
      .references(() => payoutCompanies.id),
    view_order: smallint('view_order').notNull(),
  },
  (table) => [
    primaryKey({ columns: [table.payout_method_id, table.payout_company_id] }),
    index('payout_method_companies_company_idx').on(table.payout_company_id),
  ],
);

/** Why a customer sends money (original product §2.13), asked when a transfer is confirmed. */
export const purposes = pgTable('purposes', {
  id: uuid('id').primaryKey(),
  code: text('code').notNull().unique(),
  title: text('title').notNull(),
  description: text('description'),
  is_active: boolean('is_active').notNull().default(true),
  view_order: smallint('view_order').notNull(),
  ...timestamps,
});

/** Who the recipient is to the customer (original product §2.7). */
export const relationships = pgTable('relationships', {
  id: uuid('id').primaryKey(),
  code: text('code').notNull().unique(),
  title: text('title').notNull(),
  description: text('description'),
  is_active: boolean('is_active').notNull().default(true),
  view_order: smallint('view_order').notNull(),
  ...timestamps,
});

/**
 * Every mid-market rate a provider gave (history, docs/decisions/0021): 1 `base_currency` =
 * `rate` `quote_currency`, as of the provider's `as_of`. Rows are only ever added. The unique
 * index is also the read path: the latest rate of a pair is its last entry, and a day's last
 * rate is one backward step from the day's end.
 */
export const fxRates = pgTable(
  'fx_rates',
  {
    id: bigserial('id', { mode: 'bigint' }).primaryKey(),
    /** 'sandbox' or 'ecb': rates of one provider are never mixed with another's. */
    provider: text('provider').notNull(),
    base_currency: char('base_currency', { length: 3 })
      .notNull()
      .references(() => currencies.iso_alpha),
    quote_currency: char('quote_currency', { length: 3 })
      .notNull()
      .references(() => currencies.iso_alpha),
    /** Exact decimal, read as a string: never a float. */
    rate: numeric('rate').notNull(),
    /** The provider's time for the rate (the ECB's publication day, the sandbox's step). */
    as_of: at('as_of').notNull(),
    /** When Corridor stored it (the injected clock). */
    fetched_at: at('fetched_at').notNull(),
  },
  (table) => [
    uniqueIndex('fx_rates_provider_pair_as_of_unique').on(
      table.provider,
      table.base_currency,
      table.quote_currency,
      table.as_of,
    ),
    check('fx_rates_rate_positive', sql`${table.rate} > 0`),
  ],
);

// --- Recipients and saved quotes (issue 15) ---------------------------------------------------

/**
 * A person or business a customer pays (original product §2.7): the filled-in form of one
 * payout channel (modules/recipients/channels). `values` holds every attribute's normalised
 * value (text, an option's id, or `{country, number, e164}` for a phone), checked against the
 * channel when written. Removing a recipient sets `deleted_at`: quotes and transfers keep
 * pointing at it, and history shows who was paid.
 */
export const recipients = pgTable(
  'recipients',
  {
    id: uuid('id').primaryKey(),
    customer_id: uuid('customer_id')
      .notNull()
      .references(() => customers.id),
    /** The channel's stable id (derived from country, currency and method). */
    channel_id: uuid('channel_id').notNull(),
    payout_target_id: uuid('payout_target_id')
      .notNull()
      .references(() => payoutTargets.id),
    payout_method_id: uuid('payout_method_id')
      .notNull()
      .references(() => payoutMethods.id),
    recipient_type: text('recipient_type').notNull(),
    relationship_id: uuid('relationship_id')
      .notNull()
      .references(() => relationships.id),
    name: text('name').notNull(),
    second_name: text('second_name'),
    third_name: text('third_name'),
    /** name, second and third name joined: what lists show and search matches. */
    whole_name: text('whole_name').notNull(),
    /** The account number, IBAN or mobile number (E.164) the money goes to; null for pickups. */
    account_number: text('account_number'),
    values: jsonb('values').$type<Record<string, unknown>>().notNull(),
    /** Kept by transfers (a later issue); null until the first. */
    first_transaction_at: at('first_transaction_at'),
    recent_transaction_at: at('recent_transaction_at'),
    created_at: at('created_at').notNull(),
    updated_at: at('updated_at').notNull(),
    deleted_at: at('deleted_at'),
  },
  (table) => [
    index('recipients_customer_created_idx')
      .on(table.customer_id, table.created_at, table.id)
      .where(sql`deleted_at is null`),
    check('recipients_type_check', sql`${table.recipient_type} in ('individual', 'business')`),
  ],
);

/**
 * A saved quote (original product §2.3): the price a customer was shown, kept exactly, with its
 * rate locked until `expires_at` (30 minutes after `created_at`, DESIGN §6). Amounts are integer
 * minor units of their currency; rates and percentages exact decimals. Rows are never updated
 * except to choose the recipient.
 */
export const quotes = pgTable(
  'quotes',
  {
    id: uuid('id').primaryKey(),
    customer_id: uuid('customer_id')
      .notNull()
      .references(() => customers.id),
    payment_country_id: uuid('payment_country_id')
      .notNull()
      .references(() => countries.id),
    payment_currency: char('payment_currency', { length: 3 })
      .notNull()
      .references(() => currencies.iso_alpha),
    payout_target_id: uuid('payout_target_id')
      .notNull()
      .references(() => payoutTargets.id),
    payout_currency: char('payout_currency', { length: 3 })
      .notNull()
      .references(() => currencies.iso_alpha),
    payout_method_id: uuid('payout_method_id')
      .notNull()
      .references(() => payoutMethods.id),
    payout_company_id: uuid('payout_company_id').references(() => payoutCompanies.id),
    recipient_id: uuid('recipient_id').references(() => recipients.id),
    amount_type: text('amount_type').notNull(),
    /** What the customer typed, in minor units of its side's currency. */
    amount_minor: bigint('amount_minor', { mode: 'bigint' }).notNull(),
    send_minor: bigint('send_minor', { mode: 'bigint' }).notNull(),
    fee_minor: bigint('fee_minor', { mode: 'bigint' }).notNull(),
    total_minor: bigint('total_minor', { mode: 'bigint' }).notNull(),
    recipient_gets_minor: bigint('recipient_gets_minor', { mode: 'bigint' }).notNull(),
    markup_cost_minor: bigint('markup_cost_minor', { mode: 'bigint' }).notNull(),
    total_cost_minor: bigint('total_cost_minor', { mode: 'bigint' }).notNull(),
    min_send_minor: bigint('min_send_minor', { mode: 'bigint' }).notNull(),
    max_send_minor: bigint('max_send_minor', { mode: 'bigint' }).notNull(),
    total_cost_percent: numeric('total_cost_percent').notNull(),
    mid_market_rate: numeric('mid_market_rate').notNull(),
    our_rate: numeric('our_rate').notNull(),
    markup_percent: numeric('markup_percent').notNull(),
    /** When the mid-market rate was published, and by whom. */
    rate_as_of: at('rate_as_of').notNull(),
    rate_provider: text('rate_provider').notNull(),
    pricing_version: text('pricing_version').notNull(),
    /** Alerts in force when saved, by field: English texts, translated on the way out. */
    alerts: jsonb('alerts').$type<Record<string, string>>().notNull(),
    estimated_arrival: at('estimated_arrival').notNull(),
    created_at: at('created_at').notNull(),
    expires_at: at('expires_at').notNull(),
  },
  (table) => [
    index('quotes_customer_created_idx').on(table.customer_id, table.created_at),
    check('quotes_amount_type_check', sql`${table.amount_type} in ('send', 'receive')`),
    check(
      'quotes_amounts_check',
      sql`${table.send_minor} > 0 and ${table.fee_minor} >= 0 and ${table.recipient_gets_minor} >= 0 and ${table.total_minor} = ${table.send_minor} + ${table.fee_minor}`,
    ),
  ],
);

const documentStatusCheck = sql.raw(
  `'pending-verification', 'processing', 'review-required', 'approved', 'rejected'`,
);

/**
 * An identity document a customer handed in (issue 16, DESIGN §5): a category (POI, POA, SOF)
 * and type by code (the catalogue is in code), its review status, and what the reviewer read
 * from an identity document. Never deleted: a rejected one stays, and a new one is handed in.
 */
export const customerDocuments = pgTable(
  'customer_documents',
  {
    id: uuid('id').primaryKey(),
    customer_id: uuid('customer_id')
      .notNull()
      .references(() => customers.id),
    category_code: text('category_code').notNull(),
    type_code: text('type_code').notNull(),
    status: text('status').notNull(),
    /** English, chosen by the reviewer (sandbox or operator); shown as it is. */
    rejection_reason: text('rejection_reason'),
    /** 'sandbox' or 'operator'; null while nobody has decided. */
    reviewed_by: text('reviewed_by'),
    reviewed_at: at('reviewed_at'),
    /** Read from an approved POI (DESIGN §5): what `poi_name_check` compares with the profile. */
    poi_name: text('poi_name'),
    poi_second_name: text('poi_second_name'),
    poi_third_name: text('poi_third_name'),
    poi_birth_date: date('poi_birth_date', { mode: 'string' }),
    created_at: at('created_at').notNull(),
    updated_at: at('updated_at').notNull(),
  },
  (table) => [
    index('customer_documents_customer_idx').on(table.customer_id, table.created_at),
    check('customer_documents_status_check', sql`${table.status} in (${documentStatusCheck})`),
    check(
      'customer_documents_category_check',
      sql`${table.category_code} in ('POI', 'POA', 'SOF')`,
    ),
  ],
);

/**
 * A signed upload handed to a customer (GET …/account-verification/token): the object key is
 * generated by the server, the file name is the customer's own (shown back, never a path). A
 * document takes it as a page at most once (`document_id`, `page_number`); what was stored is
 * checked then (size and sniffed type) and recorded here.
 */
export const documentUploads = pgTable(
  'document_uploads',
  {
    object_key: text('object_key').primaryKey(),
    /** The page's public id, used in its download path instead of the key. */
    id: uuid('id').notNull().unique(),
    customer_id: uuid('customer_id')
      .notNull()
      .references(() => customers.id),
    category_code: text('category_code').notNull(),
    type_code: text('type_code').notNull(),
    file_name: text('file_name').notNull(),
    /** As declared and signed into the upload URL. */
    declared_type: text('declared_type').notNull(),
    /** Bound into the signed URL when the browser gave it; null when only the maximum holds. */
    declared_size: integer('declared_size'),
    created_at: at('created_at').notNull(),
    expires_at: at('expires_at').notNull(),
    document_id: uuid('document_id').references(() => customerDocuments.id),
    page_number: smallint('page_number'),
    /** What was stored, checked when a document takes the upload. */
    size_bytes: integer('size_bytes'),
    sniffed_type: text('sniffed_type'),
    width: integer('width'),
    height: integer('height'),
    pdf_pages: integer('pdf_pages'),
  },
  (table) => [
    index('document_uploads_customer_idx').on(table.customer_id, table.created_at),
    uniqueIndex('document_uploads_page_idx').on(table.document_id, table.page_number),
    check(
      'document_uploads_page_check',
      sql`(${table.document_id} is null) = (${table.page_number} is null)`,
    ),
  ],
);
