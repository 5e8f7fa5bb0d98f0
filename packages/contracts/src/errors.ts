import { z } from 'zod';

/** Every error answer carries a customer-readable message (DESIGN §3). */
export const messageErrorSchema = z.object({ message: z.string() });
export type MessageError = z.infer<typeof messageErrorSchema>;

/** 422: the first message of each field is shown under that field (SPEC §5). */
export const validationErrorSchema = z.object({
  message: z.string(),
  errors: z.record(z.string(), z.array(z.string())).optional(),
});
export type ValidationError = z.infer<typeof validationErrorSchema>;

/** 409 and 412 name what went wrong with a machine-readable type. */
export const typedErrorSchema = z.looseObject({ type: z.string(), message: z.string() });
export type TypedError = z.infer<typeof typedErrorSchema>;

export const CSRF_MISMATCH_MESSAGE = 'CSRF token mismatch.';

/** The `type` of every 409 the API answers: the client switches on these, never on messages. */
export const conflictTypeSchema = z.enum([
  'country_required',
  'email_already_verified',
  'mfa_not_required',
  'current_device',
  'idempotency_key_in_use',
]);
export type ConflictType = z.infer<typeof conflictTypeSchema>;

/** The `type` of every 412: what the customer must clear first (DESIGN §3, §6). */
export const preconditionTypeSchema = z.enum([
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
]);
export type PreconditionType = z.infer<typeof preconditionTypeSchema>;

/** The Sanctum-style CSRF pair (DESIGN §3): the readable cookie and the header that echoes it. */
export const XSRF_COOKIE = 'XSRF-TOKEN';
export const XSRF_HEADER = 'X-XSRF-TOKEN';
/** Laravel also accepts the token under this header. */
export const CSRF_HEADER = 'X-CSRF-TOKEN';
/** The tab that made a request: realtime events it causes skip that socket. */
export const SOCKET_ID_HEADER = 'X-Socket-ID';
export const IDEMPOTENCY_KEY_HEADER = 'Idempotency-Key';
