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
  // Cancelling a payment (docs/product/sending-money.md#retry-and-cancel, issue 29): it is
  // already paid, failed, cancelled or held; or the provider cannot withdraw it.
  'payment_not_open',
  'payment_not_cancellable',
  // A new payment of a transfer (issue 30): one is still in progress, or 3 were made.
  'payment_in_progress',
  'payment_limit_reached',
  // A customer's cancel of a paid transfer (issue 30): after its 30 minutes or its hand-over for
  // payout; or a transfer not paid yet (its payment's cancel applies), paid out or cancelled.
  'cancellation_window_closed',
  'transaction_not_cancellable',
] as const;
export type ConflictType = (typeof conflictTypes)[number];

/**
 * The `type` of every 412: what the customer must clear first (docs/product/api-conventions.md#preconditions-412,
 * docs/product/sending-money.md#refusals). In the order confirm checks them, the first that
 * applies answering (docs/decisions/0038-transaction-states.md).
 */
export const preconditionTypes = [
  'more_authentication_required',
  'blocked_for_sending',
  'incomplete_customer_identity',
  'incomplete_customer_address',
  'unverified_customer_mobile_number',
  'missing_recipient',
  'account_verification_required',
  'poi_info_check_failed',
  'quote_expired',
  'limit_exceeded',
  'duplicate_transaction',
] as const;
export type PreconditionType = (typeof preconditionTypes)[number];

/** 412 while the session still owes its second factor (docs/product/api-conventions.md#preconditions-412). */
export const MORE_AUTHENTICATION_REQUIRED =
  'more_authentication_required' satisfies PreconditionType;
