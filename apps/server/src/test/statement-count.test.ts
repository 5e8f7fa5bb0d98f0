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

  it('counts only the work’s own statements when asked, not what runs beside it', async () => {
    // A loop started before the work, as the job workers are, that sends when the work asks it.
    let wake: () => void = () => undefined;
    const asked = new Promise<void>((resolve) => {
      wake = resolve;
    });
    const beside = asked.then(() => t.database.db.execute(sql`select 'beside'`));
    const work = async () => {
      wake();
      await beside;
      await t.database.db.execute(sql`select 'own'`);
    };
    expect(await t.statements.during(work, { ownOnly: true })).toEqual(["select 'own'"]);
  });

  it('counts what runs beside the work by default', async () => {
    let wake: () => void = () => undefined;
    const asked = new Promise<void>((resolve) => {
      wake = resolve;
    });
    const beside = asked.then(() => t.database.db.execute(sql`select 'beside'`));
    const sent = await t.statements.during(async () => {
      wake();
      await beside;
    });
    expect(sent).toEqual(["select 'beside'"]);
  });
});
