import { and, asc, inArray, lte, sql } from 'drizzle-orm';
import type { Executor } from '../db/executor.ts';
import type { JsonObject } from '../db/columns.ts';
import { scheduledJobs } from './scheduled-jobs.schema.ts';

export interface NewScheduledJob {
  id: string;
  name: string;
  data: JsonObject;
  runAt: Date;
  singletonKey: string | null;
  createdAt: Date;
}

export type ScheduledJobRow = typeof scheduledJobs.$inferSelect;

/** The jobs that wait for their time on the injected clock (schema.ts `scheduled_jobs`). */
export const scheduledJobsRepository = {
  /**
   * Adds a job and returns its id. With a singleton key that already waits, nothing is added
   * (the waiting row only moves to the earlier of the two run times) and the answer is null.
   */
  async insert(ex: Executor, job: NewScheduledJob): Promise<string | null> {
    const values = {
      id: job.id,
      name: job.name,
      data: job.data,
      run_at: job.runAt,
      singleton_key: job.singletonKey,
      created_at: job.createdAt,
    };
    if (job.singletonKey === null) {
      await ex.insert(scheduledJobs).values(values);
      return job.id;
    }
    const rows = await ex
      .insert(scheduledJobs)
      .values(values)
      .onConflictDoUpdate({
        target: [scheduledJobs.name, scheduledJobs.singleton_key],
        targetWhere: sql`singleton_key is not null`,
        set: { run_at: sql`least(${scheduledJobs.run_at}, excluded.run_at)` },
        setWhere: sql`excluded.run_at < ${scheduledJobs.run_at}`,
      })
      .returning({ id: scheduledJobs.id });
    return rows[0]?.id === job.id ? job.id : null;
  },

  /** Due jobs of the given kinds, oldest first, locked; rows another ticker holds are skipped. */
  due(ex: Executor, names: readonly string[], now: Date, limit: number) {
    if (names.length === 0) return Promise.resolve([]);
    return ex
      .select()
      .from(scheduledJobs)
      .where(and(inArray(scheduledJobs.name, [...names]), lte(scheduledJobs.run_at, now)))
      .orderBy(asc(scheduledJobs.run_at), asc(scheduledJobs.id))
      .limit(limit)
      .for('update', { skipLocked: true });
  },

  async remove(ex: Executor, ids: readonly string[]): Promise<void> {
    if (ids.length === 0) return;
    await ex.delete(scheduledJobs).where(inArray(scheduledJobs.id, [...ids]));
  },

  async countDue(ex: Executor, names: readonly string[], now: Date): Promise<number> {
    if (names.length === 0) return 0;
    const [row] = await ex
      .select({ count: sql<number>`count(*)::int` })
      .from(scheduledJobs)
      .where(and(inArray(scheduledJobs.name, [...names]), lte(scheduledJobs.run_at, now)));
    return row?.count ?? 0;
  },
};
