import { QueryClient } from '@tanstack/react-query';
import { shouldRetry } from './retry';

/**
 * The one query cache of the signed-in screens (the public ones do without, issue 13); route
 * loaders and the customer store use it outside React.
 */
export const queryClient = new QueryClient({
  defaultOptions: {
    queries: { retry: shouldRetry },
  },
});
