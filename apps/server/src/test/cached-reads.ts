import type { FastifyInstance } from 'fastify';
import { CUSTOMERS_CACHE } from '../modules/customers/index.ts';

/**
 * For a test that writes a customer's rows straight to the database, as no use case does: the
 * app forgets what it cached of them, as a use case's commit makes it (decision 16).
 */
export async function forgetCachedCustomer(app: FastifyInstance, customerId: string) {
  await app.caches.evict(CUSTOMERS_CACHE, [customerId]);
}
