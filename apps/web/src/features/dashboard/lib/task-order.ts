import type { Task } from '@corridor/contracts';

/**
 * What is still owed first, in the server's order, then what is done (defect 24): the
 * dashboard opens on the next thing to do, not on a list of finished ones.
 */
export function tasksInOrder(tasks: readonly Task[]): { owed: Task[]; done: Task[] } {
  return {
    owed: tasks.filter((task) => task.status !== 'completed'),
    done: tasks.filter((task) => task.status === 'completed'),
  };
}
