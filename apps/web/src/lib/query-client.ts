import { QueryClient } from '@tanstack/react-query';
import { isAxiosError } from 'axios';

function isClientError(error: unknown): boolean {
  const status = isAxiosError(error) ? error.response?.status : undefined;
  return status !== undefined && status >= 400 && status < 500;
}

/** The one query cache of the app; route loaders and the customer store use it outside React. */
export const queryClient = new QueryClient({
  defaultOptions: {
    queries: {
      // A 4xx will not change on retry; network errors and 5xx get two more tries.
      retry: (failureCount, error) => !isClientError(error) && failureCount < 2,
    },
  },
});
