import { LogController, type FastifyReply, type FastifyRequest } from 'fastify';

/** A read slower than this is worth an operator's eye even when it succeeded. */
export const SLOW_READ_MS = 1000;

/**
 * The level of a request's line (decision 25): a read that succeeded quickly is routine and
 * logged at debug; a write, an answer of 400 or more, and a slow read at info. One info line per
 * profile read cost the route a quarter of its throughput (issue 13), and the reads a page makes
 * said nothing an operator acts on; LOG_LEVEL=debug shows every request again.
 */
export function requestLineLevel(method: string, statusCode: number, elapsedMs: number) {
  const read = method === 'GET' || method === 'HEAD';
  return read && statusCode < 400 && elapsedMs < SLOW_READ_MS ? 'debug' : 'info';
}

/**
 * One line per request, once it is answered: the request (method, redacted URL, address), the
 * status and the time it took. Fastify's own "incoming request" line said the first half of
 * that a moment earlier, at the price of a second line on every request; every other line
 * (errors, streams cut short, refused routes) stays as Fastify writes it.
 */
export class OneLinePerRequest extends LogController {
  override incomingRequest(): void {}

  override requestCompleted(
    error: Error | null | undefined,
    request: FastifyRequest,
    reply: FastifyReply,
  ): void {
    if (this.isLogDisabled(request)) return;
    const elapsed = reply.elapsedTime;
    if (error) {
      reply.log.error(
        { req: request, res: reply, responseTime: elapsed, err: error },
        'request errored',
      );
      return;
    }
    const level = requestLineLevel(request.method, reply.statusCode, elapsed);
    // Below the configured level pino's method is a no-op: the line is never serialized.
    reply.log[level]({ req: request, res: reply, responseTime: elapsed }, 'request completed');
  }
}
