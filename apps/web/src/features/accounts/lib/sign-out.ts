import { isUnauthorized } from '@/lib/http-client';
import { forgetSessionMemory } from '@/lib/session-memory';
import { logout } from '../api/logout';

/**
 * Forgets everything about the signed-in customer in this browser: the realtime connection,
 * every query (the stored customer with them) and what the tab kept for the session (the
 * calculator's amounts), so nothing of theirs is shown to whoever signs in next. Loaded on
 * demand: the public screens never hold them.
 */
export async function forgetSession(): Promise<void> {
  const [{ disconnectRealtime }, { queryClient }] = await Promise.all([
    import('@/features/realtime'),
    import('@/lib/query-client'),
  ]);
  disconnectRealtime();
  queryClient.clear();
  forgetSessionMemory();
}

/**
 * Signs out: ends the session on the server, then forgets it here. A 401 means it had already
 * ended. Any other failure (the server unreachable) is thrown and nothing is forgotten, since
 * the session lives on (defect 12): the customer must hear so and may retry.
 */
export async function signOut(): Promise<void> {
  try {
    await logout();
  } catch (error) {
    if (!isUnauthorized(error)) throw error;
  }
  await forgetSession();
}
