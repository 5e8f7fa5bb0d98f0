import type { Task } from '@corridor/contracts';
import { apiPaths } from '@corridor/contracts/wire';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { httpClient } from '@/lib/http-client';
import { parseWith } from '@/lib/parse-with';

/** GET /client/v1/tasks: the customer's to-dos; the server decides which appear (§2.11). */
export async function getTasks(): Promise<Task[]> {
  const { data } = await httpClient.get(apiPaths.tasks);
  return parseWith((contracts) => contracts.taskListSchema, data);
}

export const tasksQuery = queryOptions({
  queryKey: ['tasks'] as const,
  queryFn: getTasks,
});

export function useTasks() {
  return useQuery(tasksQuery);
}
