import type { FastifyReply } from 'fastify';
import { AppError } from '../errors/app-error.ts';
import { apiText } from '../i18n/index.ts';

// The answers of idempotent requests, alone or grouped (plugins/idempotency.ts,
// docs/decisions/0014-idempotency-keys.md).

/** Set on an answer that was stored, not produced, by this request. */
export const IDEMPOTENT_REPLAYED_HEADER = 'idempotent-replayed';
export const IDEMPOTENCY_KEY_IN_USE = 'idempotency_key_in_use';
const JSON_TYPE = 'application/json; charset=utf-8';

/** An answer as sent and stored. */
export interface Answer {
  status: number;
  contentType: string | null;
  /** The body exactly as sent; null for none. */
  body: string | null;
}

/** A stored answer as it is sent again. */
export const storedAnswer = (row: {
  response_status: number;
  response_content_type: string | null;
  response_body: string | null;
}): Answer => ({
  status: row.response_status,
  contentType: row.response_content_type,
  body: row.response_body,
});

export const keyInUse = () =>
  new AppError('conflict', {
    type: IDEMPOTENCY_KEY_IN_USE,
    message: apiText('http.idempotencyKeyInUse'),
    headers: { 'Retry-After': '1' },
  });

export const keyReused = () =>
  AppError.validation({
    idempotency_key: [apiText('http.idempotencyKeyReused')],
  });

/** `prepare`'s outcome, kept until the key is checked: a replay never sees what it threw. */
export type Settled<T> = { ok: true; value: T } | { ok: false; error: unknown };

export const settle = <T>(promise: Promise<T>): Promise<Settled<T>> =>
  promise.then(
    (value) => ({ ok: true, value }),
    (error: unknown) => ({ ok: false, error }),
  );

export const unwrap = <T>(settled: Settled<T>): T => {
  if (!settled.ok) throw settled.error;
  return settled.value;
};

/** `run`'s answer as it goes out: the route's serializer (its response schema) applied. */
export function answerOf(reply: FastifyReply, status: number, payload: unknown): Answer {
  if (payload === undefined || payload === null) return { status, contentType: null, body: null };
  reply.code(status);
  return {
    status,
    contentType: JSON_TYPE,
    body: typeof payload === 'string' ? payload : String(reply.serialize(payload)),
  };
}

export function sendAnswer(reply: FastifyReply, answer: Answer, replayed: boolean): FastifyReply {
  reply.code(answer.status);
  if (replayed) reply.header(IDEMPOTENT_REPLAYED_HEADER, 'true');
  if (answer.body === null) return reply.send();
  // A string with a JSON content type goes out as it is: the same bytes every time.
  return reply.type(answer.contentType ?? JSON_TYPE).send(answer.body);
}
