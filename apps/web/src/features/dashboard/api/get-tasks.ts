import type { Task } from '@corridor/contracts';
import { apiPaths } from '@corridor/contracts/wire/routes';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { httpClient, type RequestOptions } from '@/lib/http-client';
import { parseWith } from '@/lib/parse-with';
import { queryClient } from '@/lib/query-client';

/** GET /client/v1/tasks: the customer's to-dos; the server decides which appear (docs/product/customer-and-onboarding.md#tasks). */
export async function getTasks(options?: RequestOptions): Promise<Task[]> {
  const { data } = await httpClient.get(apiPaths.tasks, options);
  return parseWith((contracts) => contracts.taskListSchema, data);
}

export const tasksQuery = queryOptions({
  queryKey: ['tasks'] as const,
  queryFn: getTasks,
});

/**
 * Asks for the tasks while the signed-in frame still checks the session, so the list does not
 * wait for the profile first. Nobody signed in: the frame sends them to sign-in, so this one
 * stays quiet about its 401. One try: the route waits for it, and the screen that mounts after a
 * failure asks again with the usual retries (useTasks), while it shows the list's skeleton.
 */
export function prefetchTasks(): Promise<void> {
  return queryClient.prefetchQuery({
    ...tasksQuery,
    queryFn: () => getTasks({ skipAuthRedirect: true }),
    retry: false,
  });
}

/**
 * The tasks for the screen. The route's loader asked for them on this very navigation, so
 * mounting asks again only when nothing is there (it asked twice before, one after the other).
 */
export function useTasks() {
  return useQuery({ ...tasksQuery, refetchOnMount: false });
}
