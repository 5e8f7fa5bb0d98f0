import crypto from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../test/test-app.ts';
import type { DatabaseHandle } from './database.ts';

let database: DatabaseHandle;

beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(() => database.close());

/** A value over PostgreSQL's compression threshold (a row of about 2 KB) that compresses well. */
const large = 'Your transfer to Priya is on its way. '.repeat(200);

describe('payloads compressed with lz4 (migration 0022, decision 72)', () => {
  it('compresses a mail, an outbox message and a scheduled bundle with lz4 on PostgreSQL, pglz on PGlite', async () => {
    const messageId = crypto.randomUUID();
    const jobId = crypto.randomUUID();
    const payload = JSON.stringify({ events: Array.from({ length: 40 }, () => ({ large })) });
    await database.db.execute(sql`
      insert into outbox_messages (id, aggregate_type, aggregate_id, kind, payload, created_at, next_attempt_at)
      values (${messageId}, 'test', 'test', 'test', ${payload}::jsonb, now(), now())`);
    await database.db.execute(sql`
      insert into mail_outbox ("to", subject, text, html, outbox_message_id)
      values ('priya@example.com', 'On its way', ${large}, ${`<p>${large}</p>`}, ${messageId})`);
    await database.db.execute(sql`
      insert into scheduled_jobs (id, name, data, run_at, created_at)
      values (${jobId}, 'test', ${payload}::jsonb, now(), now())`);

    const { rows } = (await database.db.execute(sql`
      select 'mail text' as "column", pg_column_compression(text) as method
        from mail_outbox where outbox_message_id = ${messageId}
      union all select 'mail html', pg_column_compression(html)
        from mail_outbox where outbox_message_id = ${messageId}
      union all select 'outbox payload', pg_column_compression(payload)
        from outbox_messages where id = ${messageId}
      union all select 'scheduled data', pg_column_compression(data)
        from scheduled_jobs where id = ${jobId}`)) as unknown as {
      rows: { column: string; method: string | null }[];
    };
    const method = database.kind === 'postgres' ? 'lz4' : 'pglz';
    expect(Object.fromEntries(rows.map((row) => [row.column, row.method]))).toEqual({
      'mail text': method,
      'mail html': method,
      'outbox payload': method,
      'scheduled data': method,
    });
  });
});
