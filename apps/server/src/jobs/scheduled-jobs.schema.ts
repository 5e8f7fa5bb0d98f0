import { sql } from 'drizzle-orm';
import { index, jsonb, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { at, type JsonObject } from '../db/columns.ts';

/**
 * Jobs waiting for their time on the injected clock (src/jobs/): `tick()` moves due rows into
 * pg-boss, keeping the id, so a move repeated after a crash adds no second job. A row written in
 * a use case's transaction exists only if that transaction commits.
 */
export const scheduledJobs = pgTable(
  'scheduled_jobs',
  {
    id: uuid('id').primaryKey(),
    name: text('name').notNull(),
    data: jsonb('data').$type<JsonObject>().notNull(),
    run_at: at('run_at').notNull(),
    /** At most one waiting row per name and key; sending again keeps the earlier run time. */
    singleton_key: text('singleton_key'),
    created_at: at('created_at').notNull(),
  },
  (table) => [
    index('scheduled_jobs_run_at_idx').on(table.run_at),
    uniqueIndex('scheduled_jobs_singleton_idx')
      .on(table.name, table.singleton_key)
      .where(sql`singleton_key is not null`),
  ],
);
