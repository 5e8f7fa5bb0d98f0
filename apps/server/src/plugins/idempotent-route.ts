import type {
  ContextConfigDefault,
  FastifyContextConfig,
  FastifyInstance,
  FastifyRequest,
  FastifySchema,
  RawReplyDefaultExpression,
  RawRequestDefaultExpression,
  RawServerDefault,
  RouteGenericInterface,
  RouteHandlerMethod,
} from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Tx } from '../db/executor.ts';

// How a route declares that it takes an Idempotency-Key; plugins/idempotency.ts runs it
// (docs/decisions/0014-idempotency-keys.md).

/**
 * What an idempotent route does, in two steps (docs/decisions/0014-idempotency-keys.md).
 * `Request` is the route's own, typed by its schema.
 */
export interface IdempotentUseCase<Request, Prepared, Answer> {
  /** The answer's status: 200 unless said. */
  status?: number;
  /**
   * Its reads, before the key's transaction opens: on PGlite's one connection a read outside
   * that transaction would wait for it. What it throws waits until the key is checked, so a
   * replayed key gets its stored answer whatever changed since.
   */
  prepare: (request: Request) => Promise<Prepared>;
  /**
   * The transaction-scoped advisory lock its effect runs under, if any: with a key, the plugin
   * takes it in the statement that reads the key's stored answer (one round trip fewer), so `run`
   * given an `outer` transaction already holds it; without one, `run` takes it itself.
   */
  lock?: (request: Request) => string;
  /**
   * Its effect, in the key's transaction: `outer` is that transaction (null without a key), which
   * the service takes as its outer one (`uow.run(work, outer)`), so the answer it returns is
   * stored in the same commit as the effect.
   */
  run: (prepared: Prepared, outer: Tx | null, request: Request) => Promise<Answer>;
  /**
   * Its grouped mode, if it has one (docs/decisions/0058-grouped-requests.md): the keyed
   * requests that reach it in one turn of the event loop run in ONE transaction `outer`, which
   * holds their keys. Decides each in arrival order and writes them set-based; answers one
   * outcome each, in order: its answer, or the error it alone gets, with nothing of it written.
   * Whatever it throws fails the group, whose requests then run one by one through `run`.
   * With `lock`, the group's statement that reads the keys' answers takes its members' locks,
   * each once and in sorted order, so two groups never wait for each other crosswise.
   */
  group?: (
    asked: readonly { prepared: Prepared; request: Request }[],
    outer: Tx,
  ) => Promise<readonly GroupOutcome<Answer>[]>;
}

/** One request's outcome in a group: its answer, or the error it alone gets. */
export type GroupOutcome<Answer> = { ok: true; value: Answer } | { ok: false; error: unknown };

export type AnyUseCase = IdempotentUseCase<FastifyRequest, unknown, unknown>;

type RouteHandler<Schema extends FastifySchema> = RouteHandlerMethod<
  RawServerDefault,
  RawRequestDefaultExpression,
  RawReplyDefaultExpression,
  RouteGenericInterface,
  ContextConfigDefault,
  Schema,
  ZodTypeProvider
>;
/** A route's request, typed by its schema. */
export type RouteRequest<Schema extends FastifySchema> = Parameters<RouteHandler<Schema>>[0];
/** What a route may answer: a body of one of its response schemas. */
export type RouteAnswer<Schema extends FastifySchema> = Exclude<
  Awaited<ReturnType<RouteHandler<Schema>>>,
  void
>;

/** An idempotent route: where it is, its schema, and its use case. */
export interface IdempotentRoute<Schema extends FastifySchema, Prepared> extends IdempotentUseCase<
  RouteRequest<Schema>,
  Prepared,
  RouteAnswer<Schema>
> {
  method: 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  url: string;
  schema: Schema;
  /** The route's other settings (its access, say). */
  config?: FastifyContextConfig;
}

const USE_CASE = Symbol('idempotent use case');

/**
 * Adds a route that accepts an Idempotency-Key: its reads (`prepare`), then its effect (`run`),
 * with or without a key. The idempotency plugin, registered before, runs them:
 *
 *   idempotentRoute(app, {
 *     method: 'POST', url, schema, status: 201,
 *     prepare: (request) => service.prepare(request.body),
 *     run: (prepared, outer) => service.save(prepared, outer),
 *   });
 */
export function idempotentRoute<Schema extends FastifySchema, Prepared>(
  app: Pick<FastifyInstance, 'route'>,
  { method, url, schema, config = {}, ...useCase }: IdempotentRoute<Schema, Prepared>,
): void {
  const handler: RouteHandlerMethod = async () => {
    throw new Error('idempotentRoute: register the idempotency plugin before the route');
  };
  const tagged = Object.assign(handler, { [USE_CASE]: useCase });
  app.route({ method, url, schema, config, handler: tagged });
}

export function useCaseOf(handler: unknown): AnyUseCase | undefined {
  if (typeof handler !== 'function' || !(USE_CASE in handler)) return undefined;
  return handler[USE_CASE] as AnyUseCase;
}
