import { LogController, type FastifyReply, type FastifyRequest } from 'fastify';

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
    const line = { req: request, res: reply, responseTime: reply.elapsedTime };
    if (error) reply.log.error({ ...line, err: error }, 'request errored');
    else reply.log.info(line, 'request completed');
  }
}
