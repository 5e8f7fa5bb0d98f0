import type { FastifyBaseLogger } from 'fastify';

/**
 * Work that runs after the answer has gone, so the answer takes the same time whatever the
 * work finds (forgot-password must not tell which emails exist, issue 11 defect 7). In-process
 * for now; the job queue of the money foundation takes this over. A failure is logged, never
 * shown to the client.
 */
export interface BackgroundTasks {
  run(name: string, task: () => Promise<void>): void;
  /** Resolves once every task started so far has finished (tests, shutdown). */
  drain(): Promise<void>;
}

export function createBackgroundTasks(log: FastifyBaseLogger): BackgroundTasks {
  const running = new Set<Promise<void>>();
  return {
    run(name, task) {
      const done: Promise<void> = new Promise<void>((resolve) => setImmediate(resolve))
        .then(task)
        .catch((error: unknown) => {
          log.error(
            { err: error, event: 'background.failed', task: name },
            'background task failed',
          );
        })
        .finally(() => running.delete(done));
      running.add(done);
    },
    async drain() {
      while (running.size > 0) await Promise.all([...running]);
    },
  };
}
