import { QueryClientProvider } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { queryClient } from '@/lib/query-client';

/**
 * What only the signed-in screens use: the query cache. It comes with the signed-in frame,
 * so the public screens (sign-in first) never load TanStack Query (issue 13).
 */
export function SignedInProviders({ children }: { children: ReactNode }) {
  return <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>;
}
