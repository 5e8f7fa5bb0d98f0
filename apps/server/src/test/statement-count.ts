import type { StatementObserver } from '../db/database.ts';

/**
 * Counts the statements drizzle sends on a test database, so a test can hold a use case to its
 * statement budget (docs/performance.md: the server's time goes into many small queries).
 * pg-boss's own statements and PGlite's BEGIN/COMMIT are not drizzle's and are not counted.
 */
export interface StatementCounter extends StatementObserver {
  /** The statements sent since the last `reset()` (or since the database opened). */
  texts(): readonly string[];
  count(): number;
  reset(): void;
  /** Runs `work` and answers the statements it sent (and only those: nothing else may run). */
  during(work: () => Promise<unknown>): Promise<readonly string[]>;
}

export function createStatementCounter(): StatementCounter {
  let seen: string[] = [];
  return {
    onStatement: (sql) => {
      seen.push(sql);
    },
    texts: () => seen,
    count: () => seen.length,
    reset: () => {
      seen = [];
    },
    async during(work) {
      seen = [];
      await work();
      const sent = seen;
      seen = [];
      return sent;
    },
  };
}
