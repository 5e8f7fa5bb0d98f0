import { apiPaths, type OutboxMessage } from '@corridor/contracts';
import type { FastifyInstance } from 'fastify';
import { waitUntil } from './wait-for.ts';

/** Every message the outbox driver kept for `to`, newest first (as /dev/mailbox.json lists them). */
export async function mailsTo(app: FastifyInstance, to: string): Promise<OutboxMessage[]> {
  const response = await app.inject({ method: 'GET', url: apiPaths.devMailbox });
  return response.json<OutboxMessage[]>().filter((message) => message.to === to);
}

/**
 * The newest message to `to` whose subject matches, once it has arrived: some mail goes out
 * after the answer (jobs, the outbox), so the mailbox is polled until then.
 */
export async function waitForMail(
  app: FastifyInstance,
  to: string,
  subject: RegExp,
): Promise<OutboxMessage> {
  let found: OutboxMessage | undefined;
  await waitUntil(async () => {
    found = (await mailsTo(app, to)).find((message) => subject.test(message.subject));
    return found !== undefined;
  });
  if (!found) throw new Error(`no mail ${String(subject)} to ${to}`);
  return found;
}
