import type { Executor } from '../../db/executor.ts';
import type { CacheNetwork } from '../../lib/cache-network.ts';
import type { CacheTicket } from '../../lib/read-cache.ts';
import type { UnitOfWork } from '../../lib/unit-of-work.ts';
import type { SignedInSession } from './signed-in-session.ts';

export const SESSIONS_CACHE = 'sessions';

/**
 * The live sessions read in the last moments, by the hash of their secret (decision 16), so a
 * signed-in read need not query the sessions table each time. Every use case that ends a session
 * or replaces its secret evicts it in every process after its commit and before it answers.
 */
export function createSessionCache(deps: {
  caches: CacheNetwork;
  uow: Pick<UnitOfWork, 'afterCommit'>;
  /** touched_at is written when it is older than this: the cache never serves such a session. */
  touchEveryMs: number;
}) {
  const { caches, uow, touchEveryMs } = deps;
  const cache = caches.cache<SignedInSession>(SESSIONS_CACHE, { evictionKey: (s) => s.id });
  return {
    /**
     * The cached session behind `secretHash` when the rules would take it as it is at `now`:
     * within its lifetime, and touched within the minute (so neither idle nor due a touch).
     * Anything else goes to the database, where those rules are applied.
     */
    find(secretHash: string, now: Date): SignedInSession | undefined {
      const session = cache.get(secretHash);
      if (!session) return undefined;
      const at = now.getTime();
      if (session.expires_at.getTime() <= at) return undefined;
      if (at - session.touched_at.getTime() > touchEveryMs) return undefined;
      return session;
    },
    /** Taken before the database read whose session `remember` keeps. */
    ticket: (): CacheTicket => cache.ticket(),
    remember(secretHash: string, session: SignedInSession, ticket: CacheTicket): void {
      cache.put(secretHash, session, ticket);
    },
    /** Once `tx` commits, `sessionIds` leave the cache of every process before the use case returns. */
    evictAfterCommit(tx: Executor, sessionIds: readonly string[]): void {
      if (sessionIds.length === 0) return;
      const ids = [...sessionIds];
      uow.afterCommit(tx, () => caches.evict(SESSIONS_CACHE, ids));
    },
  };
}

export type SessionCache = ReturnType<typeof createSessionCache>;
