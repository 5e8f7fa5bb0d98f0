import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { appPerFile } from './app-per-file.ts';

// No jobs: a background job's statements (the outbox's dispatch) would be counted with the test's.
const t = appPerFile({ startJobs: false });

describe('the statement counter', () => {
  it('sees each statement drizzle sends on the app database, and only during the work', async () => {
    await t.database.db.execute(sql`select 1`);
    const sent = await t.statements.during(async () => {
      await t.database.db.execute(sql`select 2`);
      await t.database.db.execute(sql`select 3`);
    });
    expect(sent).toEqual(['select 2', 'select 3']);
    expect(t.statements.count()).toBe(0);
  });
});
