import crypto from 'node:crypto';
import { and, eq, lte } from 'drizzle-orm';
import type { FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { Database } from '../db/database.ts';
import type { Tx } from '../db/executor.ts';
import { idempotencyKeys } from './idempotency.schema.ts';
import { findStored, storeAnswer, tryLock } from './idempotency-statements.ts';
import {
  answerOf,
  keyInUse,
  keyReused,
  sendAnswer,
  settle,
  storedAnswer,
  unwrap,
  type Settled,
} from './idempotency-answers.ts';
import { createGroups, type Owner } from './idempotency-groups.ts';
import { useCaseOf, type AnyUseCase } from './idempotent-route.ts';
import { AppError } from '../errors/app-error.ts';
import { apiText } from '../i18n/index.ts';
import type { Clock } from '../lib/clock.ts';

export { advisoryLockSql } from './idempotency-statements.ts';

export const IDEMPOTENCY_KEY_HEADER = 'idempotency-key';
export { IDEMPOTENCY_KEY_IN_USE, IDEMPOTENT_REPLAYED_HEADER } from './idempotency-answers.ts';
/** How long an answer is kept (docs/product/api-conventions.md#idempotency-keys says 24 hours). */
export const IDEMPOTENCY_KEY_TTL_MS = 24 * 60 * 60 * 1000;

/** 1–255 printable ASCII characters, no spaces (a UUID, say). */
const keyFormat = /^[\x21-\x7E]{1,255}$/;

export interface IdempotencyOptions {
  db: Database;
  clock: Clock;
  /**
   * Runs after a request's transaction has committed, before the answer goes out: what the use
   * cases in it left for after the commit (uow.committed), and the outbox's delivery.
   */
  afterCommit?: (tx: Tx) => Promise<void> | void;
  ttlMs?: number;
  /**
   * How many groups of one use case may run at once in this process (1: the next group gathers
   * while one runs; docs/decisions/0058-grouped-requests.md).
   */
  groupsInFlight?: number;
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

/** Runs an idempotent use case for one customer's key: see `idempotencyPlugin`. */
function createKeyedRunner({
  db,
  clock,
  afterCommit,
  ttlMs = IDEMPOTENCY_KEY_TTL_MS,
  groupsInFlight = 1,
}: IdempotencyOptions) {
  /**
   * The keys this process is running, `customer:key`. A second request finds its key here before
   * it reads anything: on PGlite its reads would otherwise wait for the first one's transaction,
   * then replay it, where PostgreSQL answers 409. Across processes the advisory lock decides.
   */
  const running = new Set<string>();
  const joinGroup = createGroups({ db, clock, afterCommit, ttlMs, inFlight: groupsInFlight });

  const storeOrReplay = (
    useCase: AnyUseCase,
    request: FastifyRequest,
    reply: FastifyReply,
    prepared: Settled<unknown>,
    { customerId, key }: Owner,
  ) => {
    const hash = requestHash(request);
    return db.transaction(async (tx) => {
      if (!(await tryLock(tx, customerId, key))) throw keyInUse();
      const now = clock.now();
      const found = await findStored(tx, customerId, key, useCase.lock?.(request));
      if (found && found.expires_at.getTime() > now.getTime()) {
        if (found.request_hash !== hash) throw keyReused();
        return { answer: storedAnswer(found), replayed: true, tx };
      }
      if (found) {
        await tx
          .delete(idempotencyKeys)
          .where(and(eq(idempotencyKeys.customer_id, customerId), eq(idempotencyKeys.key, key)));
      }
      const payload = await useCase.run(unwrap(prepared), tx, request);
      const answer = answerOf(reply, useCase.status ?? 200, payload);
      await storeAnswer(tx, {
        customer_id: customerId,
        key,
        request_hash: hash,
        response_status: answer.status,
        response_content_type: answer.contentType,
        response_body: answer.body,
        created_at: now,
        expires_at: new Date(now.getTime() + ttlMs),
      });
      return { answer, replayed: false, tx };
    });
  };

  return async function runKeyed(
    useCase: AnyUseCase,
    request: FastifyRequest,
    reply: FastifyReply,
    owner: Owner,
  ): Promise<FastifyReply> {
    const claim = `${owner.customerId}:${owner.key}`;
    if (running.has(claim)) throw keyInUse();
    running.add(claim);
    try {
      const prepared = await settle(useCase.prepare(request));
      if (useCase.group) {
        const hash = requestHash(request);
        const decided = await joinGroup(useCase, { request, reply, owner, hash, prepared });
        if (decided.kind === 'error') throw decided.error;
        if (decided.kind === 'answer') return sendAnswer(reply, decided.answer, decided.replayed);
      }
      const outcome = await storeOrReplay(useCase, request, reply, prepared, owner);
      if (!outcome.replayed) await afterCommit?.(outcome.tx);
      return sendAnswer(reply, outcome.answer, outcome.replayed);
    } finally {
      running.delete(claim);
    }
  };
}

/**
 * Idempotency keys (docs/decisions/0014-idempotency-keys.md). A route opts in by its handler,
 * `idempotentRoute({ prepare, run })`. With an `Idempotency-Key` header from a signed-in
 * customer, `prepare` reads, then one transaction holds the key, runs `run` and stores its answer:
 * - same customer, key and request (method, route, parameters, query, canonical body) within
 *   24 h → the stored status and body, with `Idempotent-Replayed: true`, and no second effect;
 * - same key, another request → 422 `{message, errors: {idempotency_key: […]}}`;
 * - same key while a request with it is running → 409 `{type: 'idempotency_key_in_use'}` with
 *   `Retry-After: 1`;
 * - a malformed key → 422. Without the header, `prepare` then `run` (in its own transaction).
 * If `run` throws, the transaction rolls back: no effect and no stored answer, so the key is free
 * for a retry. On a route without a signed-in customer the header is ignored. Register before
 * the routes it applies to.
 */
export const idempotencyPlugin = fp<IdempotencyOptions>(
  async (app, options) => {
    const runKeyed = createKeyedRunner(options);

    app.addHook('onRoute', (route) => {
      const useCase = useCaseOf(route.handler);
      if (!useCase) return;
      route.handler = async function idempotentHandler(request, reply) {
        const key = keyOf(request);
        const customerId = request.session?.customer_id;
        if (key !== undefined && customerId) {
          return runKeyed(useCase, request, reply, { customerId, key });
        }
        const answer = await useCase.run(await useCase.prepare(request), null, request);
        reply.code(useCase.status ?? 200);
        return answer;
      };
    });
  },
  { name: 'idempotency' },
);

/** Deletes the answers whose keys expired by `now` (the app sweeps them hourly: app/background.ts). */
export async function deleteExpiredIdempotencyKeys(db: Database, now: Date): Promise<void> {
  await db.delete(idempotencyKeys).where(lte(idempotencyKeys.expires_at, now));
}
