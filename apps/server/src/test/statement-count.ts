import type { StatementObserver } from '../db/database.ts';

/**
 * Counts the statements drizzle sends on a test database, so a test can hold a use case to its
 * statement budget (docs/performance.md: the server's time goes into many small queries).
 * pg-boss's own statements and PGlite's BEGIN/COMMIT are not drizzle's and are not counted.
 */
/**
 * The jobs ticker's take of due jobs (jobs/scheduled-jobs.repository.ts `takeDue`). It runs on
 * real time (its interval, and its wake at a written job's run time, decision 13), so it can fall
 * inside any count while the app's jobs run; it is never the counted work's statement.
 */
export const TICKER_TAKE = /^delete from "scheduled_jobs" .*"scheduled_jobs"\."run_at" <= \$/s;

export interface StatementCounter extends StatementObserver {
  /** The statements sent since the last `reset()` (or since the database opened). */
  texts(): readonly string[];
  count(): number;
  reset(): void;
  /**
   * Runs `work` and answers the statements it sent (and only those: nothing else may run), less
   * the jobs ticker's takes of due jobs (`TICKER_TAKE`) unless `work` is a tick itself
   * (`{ tick: true }`, the jobs' own tests).
   */
  during(work: () => Promise<unknown>, options?: { tick?: boolean }): Promise<readonly string[]>;
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
    async during(work, options = {}) {
      seen = [];
      await work();
      const sent = options.tick ? seen : seen.filter((text) => !TICKER_TAKE.test(text));
      seen = [];
      return sent;
    },
  };
}
