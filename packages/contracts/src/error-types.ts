// Plain values, no zod: the web app's first load reads these through `@corridor/contracts/wire`.

export const CSRF_MISMATCH_MESSAGE = 'CSRF token mismatch.';

/** The `type` of every 409 the API answers: the client switches on these, never on messages. */
export const conflictTypes = [
  'country_required',
  'email_already_verified',
  'mfa_not_required',
  'current_device',
  'idempotency_key_in_use',
  // A signed upload URL stores one file: a second PUT to it (issue 16).
  'upload_already_stored',
] as const;
export type ConflictType = (typeof conflictTypes)[number];

/** The `type` of every 412: what the customer must clear first (docs/product/api-conventions.md#preconditions-412, docs/product/sending-money.md#refusals). */
export const preconditionTypes = [
  'more_authentication_required',
  'account_verification_required',
  'poi_info_check_failed',
  'incomplete_customer_address',
  'incomplete_customer_identity',
  'unverified_customer_mobile_number',
  'missing_recipient',
  'blocked_for_sending',
  'duplicate_transaction',
  'quote_expired',
  'limit_exceeded',
] as const;
export type PreconditionType = (typeof preconditionTypes)[number];

/** 412 while the session still owes its second factor (docs/product/api-conventions.md#preconditions-412). */
export const MORE_AUTHENTICATION_REQUIRED =
  'more_authentication_required' satisfies PreconditionType;
