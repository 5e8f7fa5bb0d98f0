import type { Executor } from '../db/executor.ts';
import type { JsonObject } from '../db/columns.ts';

/**
 * A kind of background job: its queue name and the shape of its data. Define each once, beside
 * the module that handles it, and use the same value to send and to register:
 *
 *   export const settlePayment = defineJob<{ payment_id: string }>('payments.settle');
 */
export interface JobType<T extends JsonObject> {
  readonly name: string;
  /** Never set: carries `T` for the compiler. */
  readonly __data?: T;
}

/** Queue names: letters, digits and `.`, `_`, `-` (pg-boss's rule, made stricter). */
const jobName = /^[A-Za-z0-9][A-Za-z0-9._-]{0,99}$/;

export function defineJob<T extends JsonObject = JsonObject>(name: string): JobType<T> {
  if (!jobName.test(name)) throw new Error(`invalid job name ${JSON.stringify(name)}`);
  return { name };
}

/** The slice of a pino/Fastify logger the jobs use. */
export interface JobsLog {
  info(details: Record<string, unknown>, message: string): void;
  warn(details: Record<string, unknown>, message: string): void;
  error(details: Record<string, unknown>, message: string): void;
}

/** What a handler learns about the run besides the data. */
export interface JobContext {
  /** Stable across retries (and, for a scheduled job, the id it was sent with). */
  readonly id: string;
  readonly name: string;
  /** 0 on the first attempt. */
  readonly retryCount: number;
}

/**
 * Runs one job. Jobs are delivered at least once (a crash mid-run, a lost completion): a handler
 * must tolerate running again for the same id. A throw fails the attempt, and pg-boss retries it.
 */
export type JobHandler<T extends JsonObject> = (data: T, context: JobContext) => Promise<void>;

/** One job of a fetched batch, as a batch handler gets it. */
export interface BatchJob<T extends JsonObject> {
  data: T;
  context: JobContext;
}

/**
 * Runs a fetched batch of one kind together (docs/decisions/0043-batched-steps.md): typically one
 * transaction of set-based statements for all of them. Answers the ids of the jobs it completed;
 * every other job of the batch then runs alone through the kind's handler, so each job's outcome
 * stays its own. A throw runs them all alone.
 */
export type BatchJobHandler<T extends JsonObject> = (
  jobs: readonly BatchJob<T>[],
) => Promise<ReadonlySet<string>>;

export interface RegisterOptions {
  /** Retries after the first attempt (default 3), `retryDelaySeconds` apart (default 5). */
  retryLimit?: number;
  retryDelaySeconds?: number;
  /** Doubles the delay on every retry (default true), up to `retryDelayMaxSeconds` (default 600). */
  retryBackoff?: boolean;
  retryDelayMaxSeconds?: number;
  /**
   * A run that takes longer counts as failed and is retried (default 300). pg-boss times a fetched
   * batch as a whole: the batch (`batchSize` jobs, `concurrency` at a time) must end within it.
   * It is also how long the jobs a crashed process had claimed wait before another process runs
   * them (plus up to `EXPIRY_CHECK_SECONDS` and the retry delay): size it to the batch, not more.
   */
  expireInSeconds?: number;
  /**
   * pg-boss queue policy. 'stately': at most one job waiting and one running at a time, across
   * every process (the outbox dispatcher); 'standard' (default): no limit.
   */
  policy?: 'standard' | 'stately' | 'singleton';
  /** Jobs of this kind that one process runs at once (default 1). */
  concurrency?: number;
  /**
   * Jobs a worker claims per fetch (default 20): one statement fetches them and one completes
   * them, while each job still succeeds, fails and is retried on its own.
   */
  batchSize?: number;
  /**
   * `sendMany` sends its items of one run time as one job, a bundle (jobs/bundled-jobs.ts,
   * decision 69), and a worker takes `bundlesPerFetch` jobs a fetch, their items `batchSize` a
   * call of the batch handler. For a kind with a batch handler whose many sends need no
   * singleton key: a bundle of several has none. A bundle completes when all its items have,
   * and fails (and is retried whole) when one fails alone: its other items then run again, which
   * each tolerates, as any job's handler must.
   */
  bundle?: boolean;
  /**
   * Bundles a worker of a bundled kind claims per fetch (default BUNDLES_PER_FETCH, 1). More let
   * small bundles merge into fuller batches when the kind's loop falls behind; the kind's expiry
   * must then cover that many calls of its batch handler.
   */
  bundlesPerFetch?: number;
  /** How often an idle worker looks for work (default 2 s; a send in this process wakes it). */
  pollingIntervalSeconds?: number;
  /**
   * A recurring job: after each run (and at start when none is waiting) the next is scheduled
   * `everyMs` later on the injected clock. `firstRunAtStart` runs it as soon as the workers start.
   */
  every?: { ms: number; firstRunAtStart?: boolean };
}

export interface SendOptions {
  /** Not before this time on the injected clock (default: now). */
  runAt?: Date;
  /**
   * At most one waiting job of this kind with this key: sending again while one waits keeps the
   * earlier run time (and the first data; sent due now, the waiting job goes to the workers at
   * once). Once the job is due and handed to the workers, a new one can be sent.
   */
  singletonKey?: string;
}

export interface StartOptions {
  /**
   * Run the registered handlers in this process (`npm start`, `npm run worker`). Without, the
   * process only sends (API processes of a scaled deployment).
   */
  work: boolean;
}

/**
 * Background jobs (docs/architecture.md#rules-of-the-code, #one-process-or-many): pg-boss on the application's database, with delayed jobs
 * kept by the injected clock. One instance per process.
 */
export interface Jobs {
  /** Declares a handler; before `start()`. Every process registers every job it may send. */
  register<T extends JsonObject>(
    job: JobType<T>,
    handler: JobHandler<T>,
    options?: RegisterOptions & { batch?: BatchJobHandler<T> },
  ): void;
  /**
   * Sends a job. Given `executor` (the use case's transaction), the job is written with it and
   * exists only if that transaction commits: a job due now goes straight into pg-boss's table in
   * that transaction (`kick()` after the commit wakes this process's worker), a job for later
   * waits in `scheduled_jobs` for a `tick()` (every second in a worker). Resolves to the job's
   * id, or null when a waiting job with the same singleton key absorbed it.
   */
  send<T extends JsonObject>(
    job: JobType<T>,
    data: T,
    options?: SendOptions,
    executor?: Executor,
  ): Promise<string | null>;
  /**
   * Sends several jobs of one kind in the use case's transaction (`executor`), as `send` would
   * each, in at most two statements: what a batched step schedules (decision 43). A kind
   * registered with `bundle` gets one job a run time (decision 69).
   */
  sendMany<T extends JsonObject>(
    job: JobType<T>,
    items: readonly { data: T; options: SendOptions }[],
    executor: Executor,
  ): Promise<void>;
  /**
   * Withdraws the waiting jobs of one kind with these singleton keys, in the use case's
   * transaction (`executor`): work the use case made needless (the hand-over closes a
   * cancellation window before the window's job). A job already handed to the workers is not
   * withdrawn, so handlers stay idempotent.
   */
  unschedule<T extends JsonObject>(
    job: JobType<T>,
    singletonKeys: readonly string[],
    executor: Executor,
  ): Promise<void>;
  /** Creates the queues and, with `work`, starts the workers and the ticker. */
  start(options: StartOptions): Promise<void>;
  /** Stops taking jobs and waits for the running ones (up to the grace period). */
  stop(): Promise<void>;
  /**
   * Moves the jobs due on the injected clock to the workers; returns how many. A worker calls it
   * every second; tests call it after moving the clock.
   */
  tick(): Promise<number>;
  /**
   * After a commit that sent jobs: wakes this process's workers of the jobs sent due now, and
   * ticks soon when a due job waits in `scheduled_jobs`. Failures are logged.
   */
  kick(): void;
  /**
   * Runs pg-boss's maintenance now, as a working process does every `EXPIRY_CHECK_SECONDS`: a job
   * active past its `expireInSeconds` (its process died or hung) goes back to its queue for a
   * retry. A queue's pass runs at most once per interval across processes (tests, which move the
   * jobs' start back, clear that claim first).
   */
  superviseNow(): Promise<void>;
  /**
   * Resolves once no registered job is due or running, in the database and in this process
   * (tests; shutdown reports). Rejects after `timeoutMs`.
   */
  idle(timeoutMs?: number): Promise<void>;
}
