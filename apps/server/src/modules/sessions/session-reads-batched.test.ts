/**
 * Decision 53: the session reads of one turn of the event loop are one statement, and each
 * request still gets exactly what reading its own session alone would have given it.
 */
import crypto from 'node:crypto';
import { apiPaths, customerSchema } from '@corridor/contracts';
import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { customers } from '../customers/customers.schema.ts';
import { sha256 } from '../../lib/hashing.ts';
import { appPerFile } from '../../test/app-per-file.ts';
import { MINUTE, TestClock } from '../../test/clock.ts';
import { signedInCustomer, verifiedCustomer } from '../../test/factories.ts';
import type { SessionCompanion } from './session-companion.ts';
import { createSessionRepository } from './session.repository.ts';
import { sessions } from './sessions.schema.ts';

const clock = new TestClock();
const testApp = appPerFile({ clock });

/** A signed-in customer's session: its secret's hash and its customer. */
async function liveSession() {
  const { browser, customerId } = await signedInCustomer(testApp.app, testApp.database.db, clock);
  const secret = [...browser.cookies].find(([name]) => name.endsWith('corridor_session'))?.[1];
  if (!secret) throw new Error('no session cookie');
  return { browser, customerId, secretHash: sha256(secret) };
}

const batchedReads = (texts: readonly string[]) =>
  texts.filter((text) => /secret_hash" = any\(/.test(text));

describe('session reads batched per turn (decision 53)', () => {
  it('one statement for the turn: each live session found, an ended or unknown one not', async () => {
    const repository = createSessionRepository(testApp.database.db);
    const [a, b, ended] = [await liveSession(), await liveSession(), await liveSession()];
    const now = clock.now();
    await testApp.database.db
      .update(sessions)
      .set({ ended_at: now })
      .where(eq(sessions.secret_hash, ended.secretHash));
    const unknown = sha256(crypto.randomUUID());
    const sent = await testApp.statements.during(async () => {
      const found = await Promise.all(
        [a, b, ended.secretHash, unknown, a].map((asked) =>
          repository.findLiveBySecretHash(
            typeof asked === 'string' ? asked : asked.secretHash,
            now,
          ),
        ),
      );
      expect(found.map((row) => row?.customer_id)).toEqual([
        a.customerId,
        b.customerId,
        undefined,
        undefined,
        a.customerId,
      ]);
    });
    expect(batchedReads(sent)).toHaveLength(1);
  });

  it('each read applies its own moment: a session expires for the later one of one batch', async () => {
    const repository = createSessionRepository(testApp.database.db);
    const { secretHash } = await liveSession();
    const [row] = await testApp.database.db
      .select({ expires_at: sessions.expires_at })
      .from(sessions)
      .where(eq(sessions.secret_hash, secretHash));
    const expiresAt = row?.expires_at.getTime() ?? 0;
    const [before, atExpiry] = await Promise.all([
      repository.findLiveBySecretHash(secretHash, new Date(expiresAt - 1)),
      repository.findLiveBySecretHash(secretHash, new Date(expiresAt)),
    ]);
    expect(before?.secret_hash).toBe(secretHash);
    expect(atExpiry).toBeUndefined();
  });

  it("with a companion, each session comes with its own customer's value", async () => {
    const repository = createSessionRepository(testApp.database.db);
    const companion: SessionCompanion<{ id: string; crn: unknown }> = {
      sql: (customerId) =>
        sql`(select ${customers.crn} from ${customers} where ${customers.id} = ${customerId})`,
      values: () => ({}),
      decode: (id, crn) => ({ id, crn }),
    };
    const [a, b] = [await liveSession(), await liveSession()];
    const crnOf = async (id: string) =>
      (
        await testApp.database.db
          .select({ crn: customers.crn })
          .from(customers)
          .where(eq(customers.id, id))
      )[0]?.crn;
    const now = clock.now();
    const sent = await testApp.statements.during(async () => {
      const [foundA, foundB, none] = await Promise.all([
        repository.findLiveBySecretHashWith(a.secretHash, now, companion),
        repository.findLiveBySecretHashWith(b.secretHash, now, companion),
        repository.findLiveBySecretHashWith(sha256(crypto.randomUUID()), now, companion),
      ]);
      expect(foundA?.along).toEqual({ id: a.customerId, crn: await crnOf(a.customerId) });
      expect(foundB?.along).toEqual({ id: b.customerId, crn: await crnOf(b.customerId) });
      expect(foundA?.row.customer_id).toBe(a.customerId);
      expect(none).toBeUndefined();
    });
    expect(batchedReads(sent)).toHaveLength(1);
  });

  it('two repositories on one pool, each with a companion of its own, read each their own', async () => {
    // Each numbered its companion's statement from 1: on PostgreSQL a pooled connection that had
    // prepared one refused the other's text under the same name (the app's profile reads failed).
    const crnCompanion: SessionCompanion<unknown> = {
      sql: (customerId) =>
        sql`(select ${customers.crn} from ${customers} where ${customers.id} = ${customerId})`,
      values: () => ({}),
      decode: (_id, crn) => crn,
    };
    const localeCompanion: SessionCompanion<unknown> = {
      sql: (customerId) =>
        sql`(select ${customers.locale} from ${customers} where ${customers.id} = ${customerId})`,
      values: () => ({}),
      decode: (_id, locale) => locale,
    };
    const [first, second] = [
      createSessionRepository(testApp.database.db),
      createSessionRepository(testApp.database.db),
    ];
    const { secretHash } = await liveSession();
    const now = clock.now();
    for (let i = 0; i < 3; i += 1) {
      const crn = await first.findLiveBySecretHashWith(secretHash, now, crnCompanion);
      const locale = await second.findLiveBySecretHashWith(secretHash, now, localeCompanion);
      expect(crn?.along).toEqual(expect.any(String));
      expect(locale?.along).toBe('en');
    }
  });

  it('concurrent profile reads of two customers: each answer is its own customer', async () => {
    const emails = [1, 2].map(() => `batched-${crypto.randomUUID()}@example.com`);
    const browsers = await Promise.all(
      emails.map(async (email) => (await verifiedCustomer(testApp.app, email)).browser),
    );
    // Past the minute the session cache serves a session for: both are read from the database.
    clock.advance(2 * MINUTE);
    const sent = await testApp.statements.during(async () => {
      const answers = await Promise.all(browsers.map((browser) => browser.get(apiPaths.profile)));
      expect(answers.map((answer) => answer.statusCode)).toEqual([200, 200]);
      expect(answers.map((answer) => customerSchema.parse(answer.json()).account.email)).toEqual(
        emails,
      );
    });
    expect(batchedReads(sent)).toHaveLength(1);
  });
});
