import type { PgBoss } from 'pg-boss';
import type { Database } from '../db/database.ts';
import type { Clock } from '../lib/clock.ts';
import type { JobsLog } from './jobs.ts';
import { withExecutor } from './pg-boss-instance.ts';
import { scheduledJobsRepository as scheduled } from './scheduled-jobs.repository.ts';

/** Rows moved per statement by tick(). */
const TICK_BATCH = 100;
/** `kickAt` arms a timer for run times this near; later ones wait for the interval. */
const KICK_AT_HORIZON_MS = 60_000;
/** Run times asked of `kickAt` are gathered in slots this long: one wake a slot. */
const KICK_AT_SLOT_MS = 25;

export interface ScheduledJobsTickerOptions {
  db: Database;
  clock: Clock;
  log: JobsLog;
  /** The job kinds whose due jobs are moved. */
  names: () => string[];
  /** The pg-boss they move to; undefined before the jobs start and once they stop. */
  activeBoss: () => PgBoss | undefined;
  /** Told each kind that received jobs, so its worker takes them at once. */
  wake: (name: string) => void;
}

/**
 * Hands the jobs due on the injected clock to pg-boss, which runs them at once (pg-boss's own
 * timing follows the database's clock, so jobs for later wait in `scheduled_jobs` until then).
 */
export interface ScheduledJobsTicker {
  /** Moves every due job; resolves to how many. */
  tick(): Promise<number>;
  /** A tick soon, without waiting; failures are logged. */
  kick(): void;
  /** Kicks every `intervalMs` (0: never) until stop(). */
  startInterval(intervalMs: number): void;
  /**
   * While the interval runs, also a kick at `runAt` (a job this process just wrote for then), so
   * a job due within a minute moves when it falls due rather than at the next interval.
   */
  kickAt(runAt: Date): void;
  /** Stops the interval and waits for the ticks under way. */
  stop(): Promise<void>;
}

export function createScheduledJobsTicker(
  options: ScheduledJobsTickerOptions,
): ScheduledJobsTicker {
  const { db, clock, log, names, activeBoss, wake } = options;
  let interval: NodeJS.Timeout | undefined;
  /** The slots (their ends, ms) `kickAt` was asked to wake at and has not yet. */
  const slots = new Set<number>();
  /** The timer of the earliest slot. */
  let armed: { at: number; timer: NodeJS.Timeout } | undefined;

  /**
   * Arms a timer for the earliest slot. When it fires, every slot up to it is done (by the time
   * it was armed for, not the clock, which a test may hold still), a tick runs, and the next
   * slot is armed: a job written for later than one already waited for still gets its wake.
   */
  const arm = (): void => {
    let next = Infinity;
    for (const at of slots) next = Math.min(next, at);
    if (next === Infinity || (armed && armed.at <= next)) return;
    if (armed) clearTimeout(armed.timer);
    const timer = setTimeout(
      () => {
        armed = undefined;
        for (const at of slots) if (at <= next) slots.delete(at);
        kick();
        arm();
      },
      Math.max(0, next - clock.now().getTime()),
    );
    timer.unref();
    armed = { at: next, timer };
  };
  // Ticks run one after another; a tick asked for while one waits to start shares that one.
  let tickChain: Promise<unknown> = Promise.resolve();
  let waitingTick: Promise<number> | undefined;

  /**
   * Moves one batch of due jobs: their rows leave `scheduled_jobs` (one statement) and enter
   * pg-boss (one insert per kind) in one transaction, so a crash moves all or nothing, a job
   * cannot run (and schedule its next run) before its row is gone, and two processes ticking at
   * once skip each other's rows. A job keeps its id through the move; pg-boss ignores a second
   * insert of an id, so a repeated move adds nothing.
   */
  const moveBatch = async (instance: PgBoss): Promise<string[]> =>
    db.transaction(async (tx) => {
      const due = await scheduled.takeDue(tx, names(), clock.now(), TICK_BATCH);
      if (due.length === 0) return [];
      const byName = new Map<string, typeof due>();
      for (const row of due) byName.set(row.name, [...(byName.get(row.name) ?? []), row]);
      const inTransaction = withExecutor(tx);
      for (const [name, rows] of byName) {
        await instance.insert(
          name,
          rows.map((row) => ({ id: row.id, data: row.data })),
          inTransaction,
        );
      }
      return due.map((row) => row.name);
    });

  const tickOnce = async (): Promise<number> => {
    const instance = activeBoss();
    if (!instance) return 0;
    let moved = 0;
    for (;;) {
      const batch = await moveBatch(instance);
      for (const name of new Set(batch)) wake(name);
      moved += batch.length;
      if (batch.length < TICK_BATCH) return moved;
    }
  };

  const tick = (): Promise<number> => {
    if (waitingTick) return waitingTick;
    const next = tickChain.then(() => {
      waitingTick = undefined;
      return tickOnce();
    });
    waitingTick = next;
    tickChain = next.catch(() => undefined);
    return next;
  };

  const kick = (): void => {
    if (!activeBoss()) return;
    tick().catch((error: unknown) =>
      log.error({ err: error, event: 'jobs.tick_failed' }, 'moving due jobs failed'),
    );
  };

  return {
    tick,
    kick,
    startInterval(intervalMs) {
      if (intervalMs > 0) {
        interval = setInterval(kick, intervalMs);
        interval.unref();
      }
    },
    kickAt(runAt) {
      if (!interval) return;
      const at = runAt.getTime();
      const delay = at - clock.now().getTime();
      if (delay < 0 || delay > KICK_AT_HORIZON_MS) return;
      // The slot's end: the tick compares run times with the clock, due when not later.
      slots.add(Math.ceil((at + 1) / KICK_AT_SLOT_MS) * KICK_AT_SLOT_MS);
      arm();
    },
    async stop() {
      clearInterval(interval);
      interval = undefined;
      if (armed) clearTimeout(armed.timer);
      armed = undefined;
      slots.clear();
      await tickChain;
    },
  };
}
