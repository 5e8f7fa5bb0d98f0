import type { ConflictType, PreconditionType } from '@corridor/contracts';

/**
 * One error type for the whole server: services throw AppError values, and one handler
 * (errors/error-handler.ts) turns them into the JSON envelopes of DESIGN §3.
 */
export const errorCodes = {
  bad_request: { status: 400, message: 'The request could not be understood.' },
  unauthenticated: { status: 401, message: 'Unauthenticated.' },
  forbidden: { status: 403, message: 'This action is not allowed.' },
  origin_not_allowed: { status: 403, message: 'Requests from this origin are not allowed.' },
  not_found: { status: 404, message: 'Not found.' },
  method_not_allowed: { status: 405, message: 'This method is not allowed here.' },
  request_timeout: { status: 408, message: 'The request took too long to arrive.' },
  conflict: { status: 409, message: 'The request conflicts with the current state.' },
  precondition_required: { status: 412, message: 'Something must be done first.' },
  payload_too_large: { status: 413, message: 'The request body is too large.' },
  uri_too_long: { status: 414, message: 'The request URL is too long.' },
  unsupported_media_type: { status: 415, message: 'Send the body as application/json.' },
  csrf_mismatch: { status: 419, message: 'CSRF token mismatch.' },
  validation_failed: { status: 422, message: 'The given data was invalid.' },
  too_many_requests: { status: 429, message: 'Too many attempts. Please try again later.' },
  headers_too_large: { status: 431, message: 'The request headers are too large.' },
  server_error: { status: 500, message: 'Server error' },
  service_unavailable: { status: 503, message: 'The service is temporarily unavailable.' },
} as const satisfies Record<string, { status: number; message: string }>;

export type ErrorCode = keyof typeof errorCodes;

export interface AppErrorOptions {
  message?: string;
  /** 422: messages per field. */
  fieldErrors?: Record<string, string[]>;
  /** 409/412: the machine-readable type (from the contracts' enums) and any extra keys. */
  type?: ConflictType | PreconditionType;
  extra?: Record<string, unknown>;
  /** Response headers such as Retry-After or Allow. */
  headers?: Record<string, string>;
  cause?: unknown;
}

/** A field name the answer may repeat: a plain (dotted) name, never arbitrary client text. */
const NAMEABLE_FIELD = /^[A-Za-z0-9_-]{1,64}(\.[A-Za-z0-9_-]{1,64}){0,4}$/;

/**
 * Error keys come from the request (a record's keys, a body's fields): one that is not a plain
 * name (a megabyte of text, markup, control characters) is reported under `body` instead, so an
 * answer never echoes what the client sent.
 */
function nameableFields(errors: Record<string, string[]>): Record<string, string[]> {
  const safe = new Map<string, string[]>();
  for (const [field, messages] of Object.entries(errors)) {
    const name = NAMEABLE_FIELD.test(field) ? field : 'body';
    safe.set(name, [...(safe.get(name) ?? []), ...messages]);
  }
  return Object.fromEntries(safe);
}

export class AppError extends Error {
  readonly status: number;
  readonly fieldErrors: Record<string, string[]> | undefined;
  readonly type: ConflictType | PreconditionType | undefined;
  readonly extra: Record<string, unknown> | undefined;
  readonly headers: Record<string, string> | undefined;

  constructor(
    readonly code: ErrorCode,
    options: AppErrorOptions = {},
  ) {
    super(options.message ?? errorCodes[code].message, { cause: options.cause });
    this.name = 'AppError';
    this.status = errorCodes[code].status;
    this.fieldErrors = options.fieldErrors && nameableFields(options.fieldErrors);
    this.type = options.type;
    this.extra = options.extra;
    this.headers = options.headers;
  }

  /** A 422 in Laravel's shape: the first message, "(and N more errors)", and every field's list. */
  static validation(fieldErrors: Record<string, string[]>): AppError {
    const messages = Object.values(fieldErrors).flat();
    const first = messages[0] ?? errorCodes.validation_failed.message;
    const more = messages.length - 1;
    const message = more > 0 ? `${first} (and ${more} more error${more === 1 ? '' : 's'})` : first;
    return new AppError('validation_failed', { message, fieldErrors });
  }

  /** The JSON body this error renders as. */
  toBody(): Record<string, unknown> {
    if (this.code === 'validation_failed') {
      return this.fieldErrors
        ? { message: this.message, errors: this.fieldErrors }
        : { message: this.message };
    }
    if (this.type !== undefined) {
      return { type: this.type, message: this.message, ...this.extra };
    }
    return { message: this.message, ...this.extra };
  }
}
