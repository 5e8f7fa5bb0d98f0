import { and, asc, eq, inArray, lte, sql } from 'drizzle-orm';
import type { Executor } from '../db/executor.ts';
import { preparedSql, preparedStatement } from '../db/prepared-statements.ts';
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

/** A new job's columns. */
const columnsOf = (job: NewScheduledJob) => ({
  id: job.id,
  name: job.name,
  data: job.data,
  run_at: job.runAt,
  singleton_key: job.singletonKey,
  created_at: job.createdAt,
});

/** A waiting row with the same singleton key keeps its place, moved to the earlier run time. */
const keepEarlier = {
  target: [scheduledJobs.name, scheduledJobs.singleton_key],
  targetWhere: sql`singleton_key is not null`,
  set: { run_at: sql`least(${scheduledJobs.run_at}, excluded.run_at)` },
  setWhere: sql`excluded.run_at < ${scheduledJobs.run_at}`,
};

/** `columnsOf`'s columns, each a placeholder of its name. */
const placeholders = {
  id: sql.placeholder('id'),
  name: sql.placeholder('name'),
  data: sql.placeholder('data'),
  run_at: sql.placeholder('run_at'),
  singleton_key: sql.placeholder('singleton_key'),
  created_at: sql.placeholder('created_at'),
};

/**
 * A job's waiting rows with these singleton keys: the keys as one array, so the text is one
 * whatever their number.
 */
const namedWithKeys = and(
  eq(scheduledJobs.name, sql.placeholder('name')),
  sql`${scheduledJobs.singleton_key} = any(${sql.placeholder('keys')}::text[])`,
);

/** `takeBySingletonKeys`' statement. */
const takeByKeys = preparedStatement(
  'scheduled_job_take_by_keys',
  (ex, name) => ex.delete(scheduledJobs).where(namedWithKeys).returning().prepare(name),
  'each call',
);

/**
 * One job, as a use case's `jobs.send(…, tx)` writes it in its transaction (confirm's payment
 * deadline, "I've paid"'s settlement): prepared once a connection
 * (docs/decisions/0052-statements-prepared-in-transactions.md), with a singleton key or without.
 */
const insertOne = preparedStatement('scheduled_job_insert', (ex, name) =>
  ex.insert(scheduledJobs).values(placeholders).prepare(name),
);

const insertKeyed = preparedStatement('scheduled_job_insert_keyed', (ex, name) =>
  ex
    .insert(scheduledJobs)
    .values(placeholders)
    .onConflictDoUpdate(keepEarlier)
    .returning({ id: scheduledJobs.id })
    .prepare(name),
);

const takeByKey = preparedStatement('scheduled_job_take_by_key', (ex, name) =>
  ex
    .delete(scheduledJobs)
    .where(
      and(
        eq(scheduledJobs.name, sql.placeholder('name')),
        eq(scheduledJobs.singleton_key, sql.placeholder('singleton_key')),
      ),
    )
    .returning()
    .prepare(name),
);

/** `removeBySingletonKeys`' statement: `takeByKeys` without the rows back. */
const removeByKeys = preparedStatement(
  'scheduled_job_remove_by_keys',
  (ex, name) => ex.delete(scheduledJobs).where(namedWithKeys).prepare(name),
  'each call',
);

/**
 * Several jobs in one statement (a batched step's next steps, grouped "I've paid"'s
 * settlements), with `keepEarlier`'s rule: the jobs travel as one JSON text, so the statement's
 * text is the same whatever their number and it is prepared once a connection
 * (docs/decisions/0052-statements-prepared-in-transactions.md).
 */
const insertManyStatement = preparedSql(
  'scheduled_job_insert_many',
  sql`insert into "scheduled_jobs" ("id", "name", "data", "run_at", "singleton_key", "created_at")
    select "j"."id", "j"."name", "j"."data", "j"."run_at", "j"."singleton_key", "j"."created_at"
    from jsonb_to_recordset(${sql.placeholder('jobs')}::jsonb) as "j"
      ("id" uuid, "name" text, "data" jsonb, "run_at" timestamptz, "singleton_key" text,
       "created_at" timestamptz)
    on conflict ("name", "singleton_key") where singleton_key is not null
    do update set "run_at" = least("scheduled_jobs"."run_at", excluded."run_at")
    where excluded."run_at" < "scheduled_jobs"."run_at"`,
  'each call',
);

/** The jobs that wait for their time on the injected clock (schema.ts `scheduled_jobs`). */
export const scheduledJobsRepository = {
  /**
   * Adds a job and returns its id. With a singleton key that already waits, nothing is added
   * (the waiting row only moves to the earlier of the two run times) and the answer is null.
   */
  async insert(ex: Executor, job: NewScheduledJob): Promise<string | null> {
    const values = columnsOf(job);
    if (job.singletonKey === null) {
      await insertOne.run(ex, values);
      return job.id;
    }
    const rows = await insertKeyed.run(ex, values);
    return rows[0]?.id === job.id ? job.id : null;
  },

  /**
   * Adds several jobs in one statement, each as `insert` would (a singleton key that already
   * waits keeps its row, moved to the earlier run time). The keys must differ from each other.
   */
  async insertMany(ex: Executor, jobs: readonly NewScheduledJob[]): Promise<void> {
    if (jobs.length === 0) return;
    await insertManyStatement.run(ex, {
      jobs: JSON.stringify(
        jobs.map((job) => ({
          id: job.id,
          name: job.name,
          data: job.data,
          run_at: job.runAt.toISOString(),
          singleton_key: job.singletonKey,
          created_at: job.createdAt.toISOString(),
        })),
      ),
    });
  },

  /**
   * Removes up to `limit` due jobs of the given kinds, oldest first, and answers them in that
   * order: one statement. Rows another ticker holds are skipped; in the caller's transaction the
   * rows come back if it rolls back.
   */
  async takeDue(
    ex: Executor,
    names: readonly string[],
    now: Date,
    limit: number,
  ): Promise<ScheduledJobRow[]> {
    if (names.length === 0) return [];
    // Built each time, not prepared: with the time as a value, PostgreSQL's generic plan scans
    // every waiting job (a time compared with a placeholder is planned as a third of the rows);
    // with it written in, the run_at index finds the few due ones.
    const due = ex
      .select({ id: scheduledJobs.id })
      .from(scheduledJobs)
      .where(and(inArray(scheduledJobs.name, [...names]), lte(scheduledJobs.run_at, now)))
      .orderBy(asc(scheduledJobs.run_at), asc(scheduledJobs.id))
      .limit(limit)
      .for('update', { skipLocked: true });
    const rows = await ex.delete(scheduledJobs).where(inArray(scheduledJobs.id, due)).returning();
    return rows.sort(
      (a, b) => a.run_at.getTime() - b.run_at.getTime() || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0),
    );
  },

  /** Removes and answers the waiting job of `name` with `singletonKey`, if there is one. */
  async takeBySingletonKey(
    ex: Executor,
    name: string,
    singletonKey: string,
  ): Promise<ScheduledJobRow | undefined> {
    const [row] = await takeByKey.run(ex, { name, singleton_key: singletonKey });
    return row;
  },

  /** Removes and answers the waiting jobs of `name` with these singleton keys (one statement). */
  async takeBySingletonKeys(
    ex: Executor,
    name: string,
    singletonKeys: readonly string[],
  ): Promise<ScheduledJobRow[]> {
    if (singletonKeys.length === 0) return [];
    return takeByKeys.run(ex, { name, keys: [...singletonKeys] });
  },

  /** Removes the waiting jobs of `name` with these singleton keys (one prepared statement). */
  async removeBySingletonKeys(
    ex: Executor,
    name: string,
    singletonKeys: readonly string[],
  ): Promise<void> {
    if (singletonKeys.length === 0) return;
    await removeByKeys.run(ex, { name, keys: [...singletonKeys] });
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
