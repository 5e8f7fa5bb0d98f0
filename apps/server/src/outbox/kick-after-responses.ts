import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Outbox } from './outbox.ts';

/**
 * Prompt dispatch without a kick in every use case: a request during which this process added
 * outbox messages kicks the dispatcher once it has answered, so after its transaction has
 * committed. Counting adds over the request's lifetime (not "since the last kick") keeps a
 * request whose commit came after another request's kick from being missed. Jobs that add
 * messages (forgot-password) commit through the unit of work, which dispatches after its
 * commit; the periodic dispatch is the floor.
 * Register on the root instance before the routes.
 */
export function kickAfterResponses(app: FastifyInstance, outbox: Outbox): void {
  const addedAtStart = new WeakMap<FastifyRequest, number>();
  app.addHook('onRequest', async (request) => {
    addedAtStart.set(request, outbox.addedCount());
  });
  app.addHook('onResponse', async (request) => {
    const before = addedAtStart.get(request);
    if (before !== undefined && outbox.addedCount() !== before) outbox.kick();
  });
}
