import {
  CSRF_MISMATCH_MESSAGE,
  type ConflictType,
  type Locale,
  type PreconditionType,
} from '@corridor/contracts';
import { apiText, translate } from '../i18n/index.ts';

/**
 * One error type for the whole server: services throw AppError values, and one handler
 * (errors/error-handler.ts) turns them into the JSON envelopes of docs/product/api-conventions.md#errors.
 */
export const errorCodes = {
  bad_request: { status: 400, message: apiText('http.badRequest') },
  unauthenticated: { status: 401, message: apiText('http.unauthenticated') },
  forbidden: { status: 403, message: apiText('http.forbidden') },
  origin_not_allowed: { status: 403, message: apiText('http.originNotAllowed') },
  not_found: { status: 404, message: apiText('http.notFound') },
  method_not_allowed: { status: 405, message: apiText('http.methodNotAllowed') },
  request_timeout: { status: 408, message: apiText('http.requestTimeout') },
  conflict: { status: 409, message: apiText('http.conflict') },
  gone: { status: 410, message: apiText('http.gone') },
  precondition_required: { status: 412, message: apiText('http.preconditionRequired') },
  payload_too_large: { status: 413, message: apiText('http.payloadTooLarge') },
  uri_too_long: { status: 414, message: apiText('http.uriTooLong') },
  unsupported_media_type: { status: 415, message: apiText('http.unsupportedMediaType') },
  // Laravel's words, which clients compare: the same in every language.
  csrf_mismatch: { status: 419, message: CSRF_MISMATCH_MESSAGE },
  validation_failed: { status: 422, message: apiText('http.validationFailed') },
  too_many_requests: { status: 429, message: apiText('http.tooManyRequests') },
  headers_too_large: { status: 431, message: apiText('http.headersTooLarge') },
  server_error: { status: 500, message: apiText('http.serverError') },
  service_unavailable: { status: 503, message: apiText('http.serviceUnavailable') },
  // No database connection within DATABASE_CONNECT_TIMEOUT_MS (errors/database-busy.ts).
  server_busy: { status: 503, message: apiText('http.serverBusy') },
  // No mid-market rate, or one older than FX_MAX_AGE_SECONDS (modules/fx): nothing is quoted.
  fx_rate_unavailable: { status: 503, message: apiText('fx.ratesUnavailable') },
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

function translateFields(
  errors: Record<string, string[]>,
  locale: Locale,
): Record<string, string[]> {
  if (locale === 'en') return errors;
  return Object.fromEntries(
    Object.entries(errors).map(([field, messages]) => [
      field,
      messages.map((message) => translate(message, locale)),
    ]),
  );
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
    const message =
      more === 0
        ? first
        : apiText(more === 1 ? 'http.andOneMoreError' : 'http.andMoreErrors', {
            first,
            count: more,
          });
    return new AppError('validation_failed', { message, fieldErrors });
  }

  /**
   * The JSON body this error renders as, in `locale` (the request's language): its message and
   * every field's messages translated; English is the text as written.
   */
  toBody(locale: Locale = 'en'): Record<string, unknown> {
    const message = translate(this.message, locale);
    if (this.code === 'validation_failed') {
      return this.fieldErrors
        ? { message, errors: translateFields(this.fieldErrors, locale) }
        : { message };
    }
    if (this.type !== undefined) {
      return { type: this.type, message, ...this.extra };
    }
    return { message, ...this.extra };
  }
}
