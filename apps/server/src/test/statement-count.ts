import { AsyncLocalStorage } from 'node:async_hooks';
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
   * `{ ownOnly: true }`: only what `work` sent itself, in its own async context, so what running
   * job workers do meanwhile is left out: a request's answer kicks the outbox's dispatch job,
   * whose pass may start while the request's neighbours are still being served (CI, a busy
   * machine). Work that hands over to the workers (a tick, `runJobs`) must not use it.
   */
  during(
    work: () => Promise<unknown>,
    options?: { tick?: boolean; ownOnly?: boolean },
  ): Promise<readonly string[]>;
}

/** Which `during` a statement was sent in (drizzle logs a query in its caller's context). */
const counted = new AsyncLocalStorage<symbol>();

export function createStatementCounter(): StatementCounter {
  let seen: string[] = [];
  /** The work's mark when `ownOnly`: statements sent under another (or none) are not its. */
  let ownMark: symbol | undefined;
  return {
    onStatement: (sql) => {
      if (ownMark !== undefined && counted.getStore() !== ownMark) return;
      seen.push(sql);
    },
    texts: () => seen,
    count: () => seen.length,
    reset: () => {
      seen = [];
    },
    async during(work, options = {}) {
      seen = [];
      const mark = Symbol('during');
      ownMark = options.ownOnly ? mark : undefined;
      try {
        await counted.run(mark, work);
      } finally {
        ownMark = undefined;
      }
      const sent = options.tick ? seen : seen.filter((text) => !TICKER_TAKE.test(text));
      seen = [];
      return sent;
    },
  };
}
