import type { BackgroundTasks } from '../lib/background-tasks.ts';

/** Background tasks held until the test runs them: proves what happened before the answer. */
export function createManualBackgroundTasks(): BackgroundTasks & {
  pending(): number;
  runAll(): Promise<void>;
} {
  const queue: (() => Promise<void>)[] = [];
  return {
    run(_name, task) {
      queue.push(task);
    },
    async drain() {},
    pending: () => queue.length,
    async runAll() {
      for (let task = queue.shift(); task; task = queue.shift()) await task();
    },
  };
}
