import { sql } from 'drizzle-orm';
import type { Database } from '../db/database.ts';
import type { Executor } from '../db/executor.ts';

/**
 * What the plan tests share (docs/decisions/0062-plans-made-on-empty-tables.md): a statement the
 * server sent, prepared in a transaction with the GENERIC plan PostgreSQL keeps for it, as it
 * does for a statement prepared once a connection, and what that plan reads once the tables
 * have grown. The transaction is rolled back: nothing the test writes is kept.
 */
export interface GenericPlan {
  /** The statement's parameters' types, in order (`timestamp with time zone`, `jsonb`, …). */
  parameterTypes: string[];
  /** Makes the generic plan now, with these values (SQL literals) for the parameters. */
  plan(values: readonly string[]): Promise<void>;
  /** Runs the planned statement with `values` under EXPLAIN ANALYZE: its root's figures. */
  measure(values: readonly string[]): Promise<{ actualRows: number; sharedHitBlocks: number }>;
}

const rowsOf = async <T>(ex: Executor, query: string): Promise<T[]> =>
  ((await ex.execute(sql.raw(query))) as unknown as { rows: T[] }).rows;

/** Thrown to roll the test's transaction back. */
class RolledBack extends Error {}

/** Runs `work` with `text` prepared generic as `name`, in a transaction that is rolled back. */
export async function withGenericPlan(
  db: Database,
  name: string,
  text: string,
  work: (tx: Executor, plan: GenericPlan) => Promise<void>,
): Promise<void> {
  await db
    .transaction(async (tx) => {
      await tx.execute(sql`set local plan_cache_mode = force_generic_plan`);
      await tx.execute(sql.raw(`prepare ${name} as ${text}`));
      const [prepared] = await rowsOf<{ types: string }>(
        tx,
        `select parameter_types::text as types from pg_prepared_statements where name = '${name}'`,
      );
      const parameterTypes = (prepared?.types ?? '').replace(/[{}"]/g, '').split(',');
      const execute = (values: readonly string[]) => `execute ${name}(${values.join(', ')})`;
      await work(tx, {
        parameterTypes,
        plan: async (values) => {
          await tx.execute(sql.raw(`explain ${execute(values)}`));
        },
        measure: async (values) => {
          const [explained] = await rowsOf<{ 'QUERY PLAN': unknown }>(
            tx,
            `explain (analyze, buffers, format json) ${execute(values)}`,
          );
          const plan = explained?.['QUERY PLAN'];
          const [root] = (typeof plan === 'string' ? JSON.parse(plan) : plan) as [
            { Plan: { 'Actual Rows': number; 'Shared Hit Blocks': number } },
          ];
          return {
            actualRows: root.Plan['Actual Rows'],
            sharedHitBlocks: root.Plan['Shared Hit Blocks'],
          };
        },
      });
      throw new RolledBack();
    })
    .catch((error: unknown) => {
      if (!(error instanceof RolledBack)) throw error;
    });
}
