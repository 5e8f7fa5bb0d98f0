import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { fromPglite, type Db } from 'pg-boss';
import type { DatabaseHandle } from '../db/database.ts';

export interface PgBossDatabase {
  db: Db;
  backend: 'pglite' | 'postgres';
}

/** What node-postgres answers a query with: one result, or one per statement of a simple query. */
type QueryAnswer = { rows: unknown[] } | { rows: unknown[] }[];

/**
 * pg-boss runs on the application's own connection: the PGlite instance (one session, so every
 * statement of a multi-statement query goes through `exec`, whose rows are all handed back), or
 * the PostgreSQL pool. The client is the one drizzle was built on (`db.$client`).
 */
export function pgBossDatabase(database: DatabaseHandle): PgBossDatabase {
  const client = (database.db as unknown as { $client?: unknown }).$client;
  if (client instanceof PGlite) return { db: fromPglite(client), backend: 'pglite' };
  if (client instanceof pg.Pool) {
    return {
      backend: 'postgres',
      db: {
        async executeSql(text, values) {
          // Without values node-postgres uses the simple protocol, which takes several statements
          // (pg-boss's BEGIN … COMMIT blocks) and answers each: their rows are handed back together.
          const answer = (await (values?.length
            ? client.query(text, values)
            : client.query(text))) as unknown as QueryAnswer;
          return Array.isArray(answer)
            ? { rows: answer.flatMap((result) => result.rows) }
            : { rows: answer.rows };
        },
      },
    };
  }
  throw new Error(`pg-boss: unsupported database client (${database.kind})`);
}
