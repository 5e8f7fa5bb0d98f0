import { apiPaths, taskListSchema, type Task } from '@corridor/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { httpClient } from '@/lib/http-client';

/** GET /client/v1/tasks: the customer's to-dos; the server decides which appear (§2.11). */
export async function getTasks(): Promise<Task[]> {
  const { data } = await httpClient.get<unknown>(apiPaths.tasks);
  return taskListSchema.parse(data);
}

export const tasksQuery = queryOptions({
  queryKey: ['tasks'] as const,
  queryFn: getTasks,
});

export function useTasks() {
  return useQuery(tasksQuery);
}
