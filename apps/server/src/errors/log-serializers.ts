import type { FastifyRequest } from 'fastify';
import type { LogFn, Logger } from 'pino';

/**
 * What an error or a request may put in a log line (security-checklist C33). Errors keep their
 * type, a cleaned message, the stack frames, codes and the SQL text, never the values a failed
 * query carried (drizzle's `params`, the driver's `detail`); URLs keep their shape, never the
 * secrets some of them carry (a password-reset token in the path, tokens in a query string).
 */

export const REDACTED = '[redacted]';

/**
 * Path segments followed by a secret: `/reset-password/{token}` is the SPA screen a reset mail
 * links to (apps/web/src/config/routes.ts). Everything after such a segment is redacted.
 */
const secretPathSegments = new Set(['reset-password']);

/** Query parameters whose values say nothing about anyone (pagination, the Pusher handshake). */
const harmlessQueryParameters = new Set(['page', 'category', 'protocol', 'client', 'version']);

function safeDecode(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}

function redactPath(pathname: string): string {
  const segments = pathname.split('/');
  const secretAt = segments.findIndex((segment) =>
    secretPathSegments.has(safeDecode(segment).trim().toLowerCase()),
  );
  if (secretAt === -1 || secretAt === segments.length - 1) return pathname;
  return [...segments.slice(0, secretAt + 1), REDACTED].join('/');
}

function redactQuery(query: string): string {
  return query
    .split('&')
    .map((pair) => {
      if (pair === '') return pair;
      const equals = pair.indexOf('=');
      if (equals === -1) return REDACTED;
      const name = pair.slice(0, equals);
      if (!/^[A-Za-z0-9_.[\]-]{1,40}$/.test(name)) return REDACTED;
      return harmlessQueryParameters.has(name) ? pair : `${name}=${REDACTED}`;
    })
    .join('&');
}

/** Could name a secret segment: no query, no percent-encoding, no "reset" anywhere is safe. */
const mayCarrySecrets = /[?%]|reset/i;

/** A request URL as it may be logged: secret path segments and query values replaced. */
export function redactUrl(url: string): string {
  // Most URLs (every API path but the reset screen) carry nothing to redact: checked at once.
  if (!mayCarrySecrets.test(url)) return url;
  const question = url.indexOf('?');
  if (question === -1) return redactPath(url);
  return `${redactPath(url.slice(0, question))}?${redactQuery(url.slice(question + 1))}`;
}

const secretPathInText = /\/(reset-password|reset%2Dpassword)\/[^\s'"`?#)]*/gi;
/** Every text secretPathInText matches says "reset": most log lines are checked by this alone. */
const mayNameSecretPath = (text: string) => /reset/i.test(text);

/** Free text (a log message, an error message) with any secret-bearing path redacted. */
export function redactText(text: string): string {
  if (!mayNameSecretPath(text)) return text;
  return text.replace(secretPathInText, (_match, segment: string) => `/${segment}/${REDACTED}`);
}

/** Fastify's reply serializer: the status, never the headers (Set-Cookie). */
export function serializeReply(reply: { statusCode: number }) {
  return { statusCode: reply.statusCode };
}

/** Fastify's request serializer, with the URL redacted; never the headers (cookies, tokens). */
export function serializeRequest(request: FastifyRequest) {
  return {
    method: request.method,
    url: redactUrl(request.url),
    host: request.host,
    remoteAddress: request.ip,
    remotePort: request.socket?.remotePort,
  };
}

export interface SerializedError {
  type: string;
  message: string;
  stack: string;
  /** The SQL text of a failed query (placeholders, not values). */
  query?: string;
  cause?: SerializedError;
  errors?: SerializedError[];
  [key: string]: unknown;
}

/**
 * Properties an error may keep: codes and, for database errors, where it happened. Everything
 * else is left out: `params` (drizzle, PGlite), `detail`, `where`, `hint` and `internalQuery`
 * (PostgreSQL, which quote the row), `rawPacket` (an unparsable HTTP request, with its cookies).
 */
const keptProperties = [
  'code',
  'statusCode',
  'status',
  'errno',
  'syscall',
  'severity',
  'schema',
  'table',
  'column',
  'dataType',
  'constraint',
  'routine',
] as const;

/** Words after which PostgreSQL quotes a name of the schema, not a value. */
const schemaWords = [
  'constraint',
  'relation',
  'column',
  'table',
  'index',
  'type',
  'schema',
  'function',
  'sequence',
  'database',
  'role',
  'extension',
  'operator',
  'view',
  'trigger',
  'collation',
  'domain',
  'savepoint',
  'cursor',
  'statement',
  'encoding',
];
const quotedNameBefore = new RegExp(`\\b(${schemaWords.join('|')})\\s+$`, 'i');

/**
 * PostgreSQL names values in some messages (`invalid input syntax for type uuid: "Ana"`,
 * `value "…" is out of range`); names of constraints, relations and columns stay.
 */
function redactQuotedValues(message: string): string {
  return message.replace(/"(?:[^"]|"")*"/g, (quoted, offset: number) =>
    quotedNameBefore.test(message.slice(Math.max(0, offset - 40), offset))
      ? quoted
      : `"${REDACTED}"`,
  );
}

/** An error PostgreSQL itself reported (node-postgres and PGlite both carry its severity). */
function isPostgresError(error: Record<string, unknown>): boolean {
  return typeof error.severity === 'string';
}

function cleanMessage(message: string, fromPostgres: boolean): string {
  // drizzle: "Failed query: <sql>\nparams: <values>"; anything after "params:" goes.
  let cleaned = message.replace(/(^|\n)params:[\s\S]*$/, `$1params: ${REDACTED}`);
  if (fromPostgres) cleaned = redactQuotedValues(cleaned);
  return redactText(cleaned);
}

const MAX_DEPTH = 5;

function serialize(value: unknown, depth: number, seen: Set<unknown>): SerializedError {
  if (value === null || typeof value !== 'object') {
    const message = redactText(String(value));
    return { type: typeof value, message, stack: message };
  }
  if (seen.has(value) || depth > MAX_DEPTH) {
    return { type: 'Error', message: '[cycle]', stack: '[cycle]' };
  }
  seen.add(value);
  const error = value as Record<string, unknown>;
  const fromPostgres = isPostgresError(error);
  // PGlite's error class has a minified name; PostgreSQL's errors are all one kind here.
  const type = fromPostgres
    ? 'DatabaseError'
    : value instanceof Error
      ? value.constructor.name === 'Error'
        ? value.name
        : value.constructor.name
      : 'Object';
  const message = cleanMessage(
    typeof error.message === 'string' ? error.message : '',
    fromPostgres,
  );
  // The stack starts with the raw message (values and all): only its frames are kept.
  const frames =
    typeof error.stack === 'string'
      ? error.stack.split('\n').filter((line) => /^\s+at /.test(line))
      : [];
  const out: SerializedError = {
    type,
    message,
    stack: [`${type}: ${message}`, ...frames].join('\n'),
  };
  for (const key of keptProperties) {
    const property = error[key];
    if (typeof property === 'string' || typeof property === 'number') out[key] = property;
  }
  if (typeof error.query === 'string') out.query = error.query;
  if ('cause' in error && error.cause !== undefined) {
    out.cause = serialize(error.cause, depth + 1, seen);
  }
  if (Array.isArray(error.errors) && value instanceof AggregateError) {
    out.errors = error.errors.slice(0, 10).map((inner) => serialize(inner, depth + 1, seen));
  }
  return out;
}

/**
 * The `err` serializer of every logger (and how main.ts prints a fatal error): an allow-list,
 * so a value carried by any error property never reaches a log line.
 */
export function serializeError(error: unknown): SerializedError {
  return serialize(error, 0, new Set());
}

/** A fatal error as text for stderr, with the same care as a log line. */
export function formatError(error: unknown): string {
  const serialized = serializeError(error);
  const lines = [serialized.stack];
  if (serialized.query) lines.push(`  query: ${serialized.query}`);
  if (typeof serialized.code === 'string') lines.push(`  code: ${serialized.code}`);
  for (let cause = serialized.cause; cause; cause = cause.cause) {
    lines.push(`Caused by: ${cause.stack}`);
    if (typeof cause.code === 'string') lines.push(`  code: ${cause.code}`);
  }
  return lines.join('\n');
}

const namesNoSecretPath = (arg: unknown) => typeof arg !== 'string' || !mayNameSecretPath(arg);

/**
 * The logger's `logMethod` hook: message text never carries a secret path (Fastify writes some
 * URLs into messages), and an error logged on its own (`log.error(error)`, as @fastify/websocket
 * does) gets its cleaned message, where pino would take the raw one, params and all.
 */
export function redactingLogMethod(this: Logger, args: Parameters<LogFn>, method: LogFn): void {
  const [first, ...rest] = args as unknown[];
  // The common line (an object and a message naming no secret path) goes out as it is.
  if (!(first instanceof Error) && args.every(namesNoSecretPath)) {
    method.apply(this, args);
    return;
  }
  const normalised =
    first instanceof Error
      ? [{ err: first }, ...(rest.length > 0 ? rest : [serializeError(first).message])]
      : [first, ...rest];
  const safe = normalised.map((arg) => (typeof arg === 'string' ? redactText(arg) : arg));
  method.apply(this, safe as Parameters<LogFn>);
}
