import { useQuery } from '@tanstack/react-query';
import { customerQuery } from '@/features/customers';
import { hasDocumentsBeingChecked } from './document-status';

/** How often the screen asks again while a document is being checked. */
export const POLL_MS = 30_000;

/**
 * The stored customer, fetched again when the screen opens and every POLL_MS while a document
 * is being checked (docs/product/realtime.md: realtime is an optimisation, so a lost event never leaves the
 * screen stale). Polling pauses while the tab is hidden.
 */
export function useLiveCustomer() {
  return useQuery({
    ...customerQuery,
    refetchOnMount: 'always',
    refetchInterval: (query) => (hasDocumentsBeingChecked(query.state.data) ? POLL_MS : false),
  });
}
