import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { scheduledJobsRepository } from '../jobs/scheduled-jobs.repository.ts';
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

  it('leaves out the jobs ticker’s take of due jobs, which runs on real time', async () => {
    const sent = await t.statements.during(async () => {
      await scheduledJobsRepository.takeDue(
        t.database.db,
        ['statement-count.probe'],
        new Date(),
        10,
      );
      await t.database.db.execute(sql`select 4`);
    });
    expect(sent).toEqual(['select 4']);
  });
});
