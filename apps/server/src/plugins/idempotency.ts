import crypto from 'node:crypto';
import { and, eq, lte, sql } from 'drizzle-orm';
import type { FastifyReply, FastifyRequest, RouteHandlerMethod } from 'fastify';
import fp from 'fastify-plugin';
import type { Database } from '../db/database.ts';
import type { Executor, Tx } from '../db/executor.ts';
import { idempotencyKeys } from './idempotency.schema.ts';
import { AppError } from '../errors/app-error.ts';
import { apiText } from '../i18n/index.ts';
import type { Clock } from '../lib/clock.ts';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The route accepts an Idempotency-Key header (DESIGN §3): see plugins/idempotency.ts. */
    idempotent?: boolean;
  }
  interface FastifyRequest {
    /**
     * On an idempotent route called with an Idempotency-Key: the transaction the stored answer
     * is written in. The handler runs its use case in it (the service takes it as its outer
     * executor, so its own transaction becomes a savepoint) and does all its database work
     * through it: on PGlite a query on the database itself would wait for this transaction.
     */
    transaction: Tx | null;
  }
}

export const IDEMPOTENCY_KEY_HEADER = 'idempotency-key';
/** Set on an answer that was stored, not produced, by this request. */
export const IDEMPOTENT_REPLAYED_HEADER = 'idempotent-replayed';
export const IDEMPOTENCY_KEY_IN_USE = 'idempotency_key_in_use';
/** How long an answer is kept (DESIGN §3 says 24 hours). */
export const IDEMPOTENCY_KEY_TTL_MS = 24 * 60 * 60 * 1000;

/** 1–255 printable ASCII characters, no spaces (a UUID, say). */
const keyFormat = /^[\x21-\x7E]{1,255}$/;
const JSON_TYPE = 'application/json; charset=utf-8';

export interface IdempotencyOptions {
  db: Database;
  clock: Clock;
  /**
   * Runs after a request's transaction has committed, before the answer goes out: what the use
   * cases in it left for after the commit (uow.committed), and the outbox's delivery.
   */
  afterCommit?: (tx: Tx) => Promise<void> | void;
  ttlMs?: number;
}

interface Answer {
  status: number;
  contentType: string | null;
  /** The body exactly as sent; null for none. */
  body: string | null;
}

/** A value with its object keys sorted, so `{a, b}` and `{b, a}` are the same request. */
function canonical(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(canonical);
  if (value instanceof Date) return value.toISOString();
  if (value !== null && typeof value === 'object') {
    return Object.fromEntries(
      Object.keys(value)
        .sort()
        .map((key) => [key, canonical((value as Record<string, unknown>)[key])]),
    );
  }
  return value;
}

/** What makes two requests "the same request": method, route, parameters, query and body. */
export function requestHash(request: FastifyRequest): string {
  const identity = canonical({
    method: request.method,
    route: request.routeOptions.url ?? request.url,
    params: request.params ?? null,
    query: request.query ?? null,
    body: request.body ?? null,
  });
  return crypto.createHash('sha256').update(JSON.stringify(identity)).digest('hex');
}

function keyOf(request: FastifyRequest): string | undefined {
  const header = request.headers[IDEMPOTENCY_KEY_HEADER];
  if (header === undefined) return undefined;
  if (typeof header !== 'string' || !keyFormat.test(header)) {
    throw AppError.validation({
      idempotency_key: [apiText('http.idempotencyKeyFormat')],
    });
  }
  return header;
}

const keyInUse = () =>
  new AppError('conflict', {
    type: IDEMPOTENCY_KEY_IN_USE,
    message: apiText('http.idempotencyKeyInUse'),
    headers: { 'Retry-After': '1' },
  });

const keyReused = () =>
  AppError.validation({
    idempotency_key: [apiText('http.idempotencyKeyReused')],
  });

/**
 * Only one transaction at a time holds a customer's key: a transaction-scoped advisory lock,
 * taken without waiting, so a request that finds it held is answered 409 at once, and a crash
 * releases it with the transaction.
 */
async function tryLock(tx: Tx, customerId: string, key: string): Promise<boolean> {
  const result = (await tx.execute(
    sql`select pg_try_advisory_xact_lock(hashtextextended(${`idempotency:${customerId}:${key}`}, 0)) as locked`,
  )) as unknown as { rows: { locked: boolean }[] };
  return result.rows[0]?.locked === true;
}

const findStored = async (ex: Executor, customerId: string, key: string) => {
  const [row] = await ex
    .select()
    .from(idempotencyKeys)
    .where(and(eq(idempotencyKeys.customer_id, customerId), eq(idempotencyKeys.key, key)));
  return row;
};

/** Runs the route's handler, capturing its answer instead of sending it. */
async function capture(
  handler: RouteHandlerMethod,
  instance: ThisParameterType<RouteHandlerMethod>,
  request: FastifyRequest,
  reply: FastifyReply,
): Promise<Answer> {
  let sent: { payload: unknown } | undefined;
  reply.send = function captureSend(payload?: unknown) {
    sent = { payload };
    return reply;
  } as FastifyReply['send'];
  // A reply is a thenable that settles when the answer is sent: a handler returning
  // `reply.send(x)` would be awaited forever, since nothing is sent yet.
  Reflect.defineProperty(reply, 'then', { value: undefined, configurable: true });
  let returned: unknown;
  try {
    returned = await handler.call(instance, request, reply);
  } finally {
    // Back to the prototype's send and then.
    Reflect.deleteProperty(reply, 'send');
    Reflect.deleteProperty(reply, 'then');
  }
  const payload = sent ? sent.payload : returned === reply ? undefined : returned;
  const contentType = reply.getHeader('content-type');
  if (payload === undefined || payload === null) {
    return { status: reply.statusCode, contentType: null, body: null };
  }
  return {
    status: reply.statusCode,
    contentType: typeof contentType === 'string' ? contentType : JSON_TYPE,
    // The route's own serializer (its response schema), as Fastify would have applied it.
    body: typeof payload === 'string' ? payload : String(reply.serialize(payload)),
  };
}

function sendAnswer(reply: FastifyReply, answer: Answer, replayed: boolean): FastifyReply {
  reply.code(answer.status);
  if (replayed) reply.header(IDEMPOTENT_REPLAYED_HEADER, 'true');
  if (answer.body === null) return reply.send();
  // A string with a JSON content type goes out as it is: the same bytes every time.
  return reply.type(answer.contentType ?? JSON_TYPE).send(answer.body);
}

/**
 * Idempotency keys (DESIGN §3). A route opts in with `config: { idempotent: true }`; a request
 * with an `Idempotency-Key` header then runs in one transaction that also stores its answer:
 * - same customer, key and request (method, route, parameters, query, canonical body) within
 *   24 h → the stored status and body, with `Idempotent-Replayed: true`, and no second effect;
 * - same key, another request → 422 `{message, errors: {idempotency_key: […]}}`;
 * - same key while the first request is running → 409 `{type: 'idempotency_key_in_use'}`;
 * - a malformed key → 422. Without the header the route runs as usual.
 * If the handler throws, the transaction rolls back: no effect and no stored answer, so the key
 * is free for a retry. Keys belong to the signed-in customer; on a route without one the header
 * is ignored. Register before the routes it applies to.
 */
export const idempotencyPlugin = fp<IdempotencyOptions>(
  async (app, { db, clock, afterCommit, ttlMs = IDEMPOTENCY_KEY_TTL_MS }) => {
    app.decorateRequest('transaction', null);

    app.addHook('onRoute', (route) => {
      if (!route.config?.idempotent) return;
      const handler = route.handler;
      route.handler = async function idempotentHandler(request, reply) {
        const key = keyOf(request);
        const customerId = request.session?.customer_id;
        if (key === undefined || !customerId) return handler.call(this, request, reply);
        const hash = requestHash(request);

        let committed: Tx | undefined;
        const outcome = await db.transaction(async (tx) => {
          committed = tx;
          if (!(await tryLock(tx, customerId, key))) throw keyInUse();
          const now = clock.now();
          const stored = await findStored(tx, customerId, key);
          if (stored && stored.expires_at.getTime() > now.getTime()) {
            if (stored.request_hash !== hash) throw keyReused();
            const answer: Answer = {
              status: stored.response_status,
              contentType: stored.response_content_type,
              body: stored.response_body,
            };
            return { answer, replayed: true };
          }
          if (stored) {
            await tx
              .delete(idempotencyKeys)
              .where(
                and(eq(idempotencyKeys.customer_id, customerId), eq(idempotencyKeys.key, key)),
              );
          }
          request.transaction = tx;
          let answer: Answer;
          try {
            answer = await capture(handler, this, request, reply);
          } finally {
            request.transaction = null;
          }
          await tx.insert(idempotencyKeys).values({
            customer_id: customerId,
            key,
            request_hash: hash,
            response_status: answer.status,
            response_content_type: answer.contentType,
            response_body: answer.body,
            created_at: now,
            expires_at: new Date(now.getTime() + ttlMs),
          });
          return { answer, replayed: false };
        });

        if (!outcome.replayed && committed) await afterCommit?.(committed);
        return sendAnswer(reply, outcome.answer, outcome.replayed);
      };
    });
  },
  { name: 'idempotency' },
);

/** Deletes the answers whose keys expired by `now` (the app sweeps them hourly: app/background.ts). */
export async function deleteExpiredIdempotencyKeys(db: Database, now: Date): Promise<void> {
  await db.delete(idempotencyKeys).where(lte(idempotencyKeys.expires_at, now));
}
