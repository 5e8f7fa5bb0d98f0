import crypto from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { Database } from '../db/database.ts';
import { customers, sessions } from '../db/schema.ts';
import { systemClock, type Clock } from '../lib/clock.ts';
import { sha256 } from '../lib/hashing.ts';
import { TestBrowser } from '../test/test-browser.ts';

/**
 * Test support (outbox, jobs and idempotency tests): a customer row and a signed-in browser
 * for it, made directly in the database so these tests do not depend on the accounts flows.
 * The browser's session cookie (from GET /sanctum/csrf-cookie) is made a live, complete session.
 */
export async function signedInCustomer(
  app: FastifyInstance,
  db: Database,
  clock: Clock = systemClock,
): Promise<{ browser: TestBrowser; customerId: string }> {
  const browser = new TestBrowser(app);
  await browser.get('/sanctum/csrf-cookie');
  const secret = [...browser.cookies].find(([name]) => name.endsWith('corridor_session'))?.[1];
  if (!secret) throw new Error('no session cookie');
  const [customer] = await db
    .insert(customers)
    .values({ crn: `T${crypto.randomInt(100_000_000, 999_999_999)}` })
    .returning({ id: customers.id });
  if (!customer) throw new Error('no customer');
  const now = clock.now();
  await db.insert(sessions).values({
    secret_hash: sha256(secret),
    public_token: crypto.randomBytes(24).toString('base64url'),
    customer_id: customer.id,
    mfa_method: null,
    is_mfa_completed: true,
    touched_at: now,
    expires_at: new Date(now.getTime() + 12 * 60 * 60 * 1000),
    created_at: now,
    updated_at: now,
  });
  return { browser, customerId: customer.id };
}
