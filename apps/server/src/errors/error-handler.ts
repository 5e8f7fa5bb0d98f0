import { STATUS_CODES } from 'node:http';
import type { Socket } from 'node:net';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { apiText, requestLocale } from '../i18n/index.ts';
import { AppError } from './app-error.ts';
import { fromConstraintViolation } from './constraint-violations.ts';
import { isDatabaseBusy } from './database-busy.ts';

/**
 * Seconds a client is told to wait after a 503 for want of a database connection: it has already
 * waited the connect timeout, and a moment is what a burst takes to drain.
 */
export const BUSY_RETRY_AFTER_SECONDS = 1;

const httpMethods = ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE'] as const;

function isFastifyError(error: unknown): error is FastifyError {
  return error instanceof Error && ('code' in error || 'statusCode' in error);
}

/** Maps what Fastify itself throws (parsing, limits) onto our codes, so nothing leaks as a 500. */
function fromFastifyError(error: FastifyError): AppError | undefined {
  switch (error.code) {
    // Router errors (frameworkErrors below): the message would echo the path, so it is not used.
    case 'FST_ERR_BAD_URL':
      return new AppError('bad_request', { message: apiText('http.malformedUrl') });
    case 'FST_ERR_MAX_PARAM_LENGTH':
      return new AppError('uri_too_long');
    case 'FST_ERR_ASYNC_CONSTRAINT':
      return new AppError('server_error');
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
      return new AppError('payload_too_large');
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
      return new AppError('unsupported_media_type');
    case 'FST_ERR_CTP_EMPTY_JSON_BODY':
      return new AppError('bad_request', { message: apiText('http.emptyJsonBody') });
    case 'FST_ERR_CTP_INVALID_CONTENT_LENGTH':
      return new AppError('bad_request', { message: apiText('http.wrongContentLength') });
  }
  // JSON.parse failures arrive as a 400 SyntaxError from the JSON body parser.
  if (error instanceof SyntaxError || error.code === 'FST_ERR_CTP_INVALID_JSON_BODY') {
    return new AppError('bad_request', { message: apiText('http.invalidJson') });
  }
  // @fastify/rate-limit has already set Retry-After on the reply.
  if (error.statusCode === 429) return new AppError('too_many_requests');
  if (error.statusCode && error.statusCode >= 400 && error.statusCode < 500) {
    return new AppError('bad_request');
  }
  return undefined;
}

function toFieldErrors(
  issues: { instancePath: string; message?: string | undefined }[],
): Record<string, string[]> {
  // Field names come from the client: a Map, so "constructor" or "__proto__" are just names.
  const errors = new Map<string, string[]>();
  for (const issue of issues) {
    const field = issue.instancePath.replace(/^\//, '').replaceAll('/', '.') || 'body';
    errors.set(field, [
      ...(errors.get(field) ?? []),
      issue.message ?? apiText('http.invalidValue'),
    ]);
  }
  return Object.fromEntries(errors);
}

export function toAppError(error: unknown): AppError | undefined {
  if (error instanceof AppError) return error;
  if (hasZodFastifySchemaValidationErrors(error))
    return AppError.validation(toFieldErrors(error.validation));
  const violation = fromConstraintViolation(error);
  if (violation) return violation;
  if (isDatabaseBusy(error)) {
    return new AppError('server_busy', {
      headers: { 'Retry-After': String(BUSY_RETRY_AFTER_SECONDS) },
      cause: error,
    });
  }
  if (isFastifyError(error)) return fromFastifyError(error);
  return undefined;
}

/** Sends the error's envelope in the request's language (Accept-Language; English by default). */
export function sendAppError(reply: FastifyReply, error: AppError): FastifyReply {
  if (error.headers) reply.headers(error.headers);
  return reply
    .code(error.status)
    .type('application/json; charset=utf-8')
    .send(error.toBody(requestLocale(reply.request)));
}

/**
 * The one rendering of an error (docs/product/api-conventions.md#errors), for routes, hooks and the router alike: known
 * errors keep their envelope; the rest are a bare 500.
 */
function renderError(error: unknown, request: FastifyRequest, reply: FastifyReply): FastifyReply {
  const appError = toAppError(error);
  if (appError) {
    // Overload is expected under heavy traffic and the client retries: a warning, not an error.
    if (appError.code === 'server_busy') request.log.warn({ err: error }, appError.message);
    else if (appError.status >= 500) request.log.error({ err: error }, appError.message);
    return sendAppError(reply, appError);
  }
  request.log.error({ err: error }, 'unhandled error');
  return sendAppError(reply, new AppError('server_error'));
}

/**
 * Fastify's `frameworkErrors`: what the router refuses before any route or hook runs (a
 * malformed percent-encoding, a path parameter over `maxParamLength`). No hook adds the
 * security headers to these answers, so they are set here, from the same helmet settings.
 */
export function frameworkErrorHandler(securityHeaders: Readonly<Record<string, string>>) {
  return (error: FastifyError, request: FastifyRequest, reply: FastifyReply): void => {
    reply.headers({ ...securityHeaders, 'x-request-id': request.id });
    renderError(error, request, reply);
  };
}

/** Status of an HTTP request Node could not parse: no Fastify request exists for it. */
function clientErrorFor(error: NodeJS.ErrnoException): AppError {
  if (error.code === 'ERR_HTTP_REQUEST_TIMEOUT') return new AppError('request_timeout');
  if (error.code === 'HPE_HEADER_OVERFLOW') return new AppError('headers_too_large');
  return new AppError('bad_request');
}

/**
 * Fastify's `clientErrorHandler`: a request Node's parser refuses (invalid header, header
 * overflow, timeout) gets the same JSON envelope and security headers, written to the socket.
 */
export function clientErrorHandler(securityHeaders: Readonly<Record<string, string>>) {
  return function onClientError(
    this: FastifyInstance,
    error: NodeJS.ErrnoException,
    socket: Socket,
  ): void {
    // A reset connection has nobody left to answer.
    if (error.code === 'ECONNRESET' || socket.destroyed) return;
    const appError = clientErrorFor(error);
    this.log.debug({ err: error }, 'client error');
    if (socket.writable) {
      const body = JSON.stringify(appError.toBody());
      const headers = {
        ...securityHeaders,
        'content-type': 'application/json; charset=utf-8',
        'content-length': String(Buffer.byteLength(body)),
        connection: 'close',
      };
      socket.write(
        `HTTP/1.1 ${appError.status} ${STATUS_CODES[appError.status] ?? ''}\r\n` +
          Object.entries(headers)
            .map(([name, value]) => `${name}: ${value}\r\n`)
            .join('') +
          `\r\n${body}`,
      );
    }
    socket.destroy();
  };
}

export interface ErrorHandlingOptions {
  /** Answers unmatched GETs that belong to the SPA (history mode); returns false to fall through. */
  spaFallback?: (request: FastifyRequest, reply: FastifyReply) => boolean | Promise<boolean>;
}

/** One place where errors become HTTP (docs/product/api-conventions.md#errors): known errors keep their envelope; the rest are a bare 500. */
export function registerErrorHandling(
  app: FastifyInstance,
  options: ErrorHandlingOptions = {},
): void {
  app.setErrorHandler(renderError);

  app.setNotFoundHandler(async (request: FastifyRequest, reply: FastifyReply) => {
    if (await options.spaFallback?.(request, reply)) return reply;
    const path = request.url.split('?')[0] ?? '/';
    const allowed = httpMethods.filter(
      (method) => method !== request.method && app.findRoute({ method, url: path }) !== null,
    );
    if (allowed.length > 0) {
      return sendAppError(
        reply,
        new AppError('method_not_allowed', { headers: { allow: allowed.join(', ') } }),
      );
    }
    return sendAppError(reply, new AppError('not_found'));
  });
}
