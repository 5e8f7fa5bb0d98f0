import type { Database } from '../../db/database.ts';
import type { Executor } from '../../db/executor.ts';
import type { CacheNetwork } from '../../lib/cache-network.ts';
import type { Clock } from '../../lib/clock.ts';
import type { UnitOfWork } from '../../lib/unit-of-work.ts';
import { sha256 } from '../../lib/hashing.ts';
import type { RandomSource } from '../../lib/random.ts';
import { parseUserAgent } from '../../lib/user-agent.ts';
import { noRealtimeEvents, type EventOrigin, type RealtimeEvents } from '../realtime/index.ts';
import type { SessionCompanion } from './session-companion.ts';
import { createSessionCache } from './session-cache.ts';
import type { SessionRepository } from './session.repository.ts';
import { signedInSession, type Actor, type SignedInSession } from './signed-in-session.ts';

/** docs/product/accounts-and-sessions.md / checklist C28. */
export const SESSION_IDLE_MS = 30 * 60 * 1000;
export const SESSION_ABSOLUTE_MS = 12 * 60 * 60 * 1000;
// Writing touched_at on every request would make every read a write; a minute is precise enough.
const TOUCH_EVERY_MS = 60 * 1000;

export interface StartedSession {
  session: SignedInSession;
  /** The cookie's value. Only its hash is stored. */
  secret: string;
}

export interface ClientInfo {
  userAgent: string | undefined;
  ip: string | undefined;
}

const isIdle = (touchedAt: Date, now: Date) =>
  now.getTime() - touchedAt.getTime() > SESSION_IDLE_MS;

/**
 * Sessions. Methods that write take the executor of the use case that calls them (sign-in,
 * sign-out, a new password…), so the session changes commit with the rest of that use case.
 */
export function createSessionService(deps: {
  db: Database;
  uow: UnitOfWork;
  repository: SessionRepository;
  clock: Clock;
  random: RandomSource;
  /** Idling out ends a session like signing out does: its tabs are told, its sockets closed. */
  events?: RealtimeEvents;
  caches: CacheNetwork;
}) {
  const { db, uow, repository, clock, random, events = noRealtimeEvents } = deps;
  const newSecret = () => random.bytes(32).toString('base64url');
  const cache = createSessionCache({ caches: deps.caches, uow, touchEveryMs: TOUCH_EVERY_MS });
  /** Ends sessions in the use case `tx` belongs to: no process serves them once it returns. */
  const endSessions = async (tx: Executor, ids: readonly string[], now = clock.now()) => {
    for (const id of ids) await repository.end(tx, id, now);
    cache.evictAfterCommit(tx, ids);
  };

  /**
   * `resolve`, and when the session is read from the database and `companion` is given, the
   * companion's value for its customer, read in the same statement (decision 45); a cached
   * session comes without it.
   */
  async function resolveWith<T>(
    secret: string,
    companion?: SessionCompanion<T>,
    /** sha256(secret), when the caller has it already. */
    secretHash = sha256(secret),
  ): Promise<{ session: SignedInSession; along?: T } | undefined> {
    const now = clock.now();
    const cached = cache.find(secretHash, now);
    if (cached) return { session: cached };
    const ticket = cache.ticket();
    const found = companion
      ? await repository.findLiveBySecretHashWith(secretHash, now, companion)
      : { row: await repository.findLiveBySecretHash(secretHash, now) };
    const { row } = found ?? {};
    if (!found || !row) return undefined;
    if (isIdle(row.touched_at, now)) {
      await uow.run(async (tx) => {
        await endSessions(tx, [row.id], now);
        await events.sessionsEnded(tx, row.customer_id, [row.id]);
      });
      return undefined;
    }
    let session = signedInSession(row);
    if (now.getTime() - row.touched_at.getTime() > TOUCH_EVERY_MS) {
      await repository.touch(db, row.id, now);
      session = { ...session, touched_at: now };
    }
    cache.remember(secretHash, session, ticket);
    return 'along' in found ? { session, along: found.along } : { session };
  }

  return {
    /** A new signed-in session: a fresh id and secret every time (C24). */
    async start(
      tx: Executor,
      customerId: string,
      mfaMethod: string | null,
      client: ClientInfo,
    ): Promise<StartedSession> {
      const now = clock.now();
      const secret = newSecret();
      const session = await repository.insert(tx, {
        secret_hash: sha256(secret),
        public_token: random.bytes(24).toString('base64url'),
        customer_id: customerId,
        mfa_method: mfaMethod,
        is_mfa_completed: false,
        user_agent: client.userAgent?.slice(0, 512) ?? null,
        ip_address: client.ip ?? null,
        ...parseUserAgent(client.userAgent),
        touched_at: now,
        expires_at: new Date(now.getTime() + SESSION_ABSOLUTE_MS),
        created_at: now,
        updated_at: now,
      });
      return { session: signedInSession(session), secret };
    },

    /** The live session behind a cookie, or undefined once it ended, expired or idled out. */
    resolve: async (secret: string): Promise<SignedInSession | undefined> =>
      (await resolveWith(secret))?.session,
    resolveWith,

    /**
     * The session behind a cookie when the cache has it as `resolve` would take it (same
     * rules), in the same turn; else the secret's hash, for `resolveWith` to read it. Most
     * signed-in requests end here without a promise (issue 31).
     */
    resolveCached(secret: string): SignedInSession | string {
      const secretHash = sha256(secret);
      return cache.find(secretHash, clock.now()) ?? secretHash;
    },

    /** Second factor done: the session is complete and gets a new secret (C24). */
    async completeMfa(tx: Executor, session: SignedInSession): Promise<StartedSession> {
      const now = clock.now();
      const secret = newSecret();
      const updated = await repository.update(tx, session.id, {
        is_mfa_completed: true,
        secret_hash: sha256(secret),
        touched_at: now,
        updated_at: now,
      });
      // The old secret must stop working in every process (C24).
      cache.evictAfterCommit(tx, [session.id]);
      return { session: signedInSession(updated), secret };
    },

    /**
     * Of `ids`, the sessions that no longer authenticate (ended, past their lifetime, idle, or
     * gone), with their customer when the row still exists.
     */
    async endedAmong(ids: readonly string[]): Promise<{ id: string; customerId?: string }[]> {
      const now = clock.now();
      const states = new Map((await repository.findStates(db, ids)).map((row) => [row.id, row]));
      return ids.flatMap((id) => {
        const state = states.get(id);
        if (!state) return [{ id }];
        const live =
          state.ended_at === null && state.expires_at > now && !isIdle(state.touched_at, now);
        return live ? [] : [{ id, customerId: state.customer_id }];
      });
    },

    end: (tx: Executor, sessionId: string) => endSessions(tx, [sessionId]),
    async endAllForCustomer(tx: Executor, customerId: string, exceptId?: string) {
      const ended = await repository.endAllForCustomer(tx, customerId, clock.now(), exceptId);
      cache.evictAfterCommit(tx, ended);
      return ended;
    },
    /**
     * One page of the customer's signed-in devices (live sessions): the one asking first
     * (defect 26), then the most recently used.
     */
    listDevices(actor: Actor, page: { limit: number; offset: number }) {
      const now = clock.now();
      const idleSince = new Date(now.getTime() - SESSION_IDLE_MS);
      const window = { now, idleSince, firstId: actor.sessionId };
      return repository.pageLiveForCustomer(db, actor.customerId, window, page);
    },
    /**
     * Signs out every other device of the customer in one use case (defect 7): each is ended,
     * evicted from every cache, its tabs told (DeviceSignedOut) and its sockets closed, as
     * signing it out alone does. The device asking stays signed in. Returns how many ended.
     */
    async signOutOtherDevices(actor: Actor, origin?: EventOrigin): Promise<number> {
      return uow.run(async (tx) => {
        const now = clock.now();
        const idleSince = new Date(now.getTime() - SESSION_IDLE_MS);
        const ended = await repository.endOthersInUse(tx, actor.customerId, actor.sessionId, {
          now,
          idleSince,
        });
        cache.evictAfterCommit(tx, ended);
        await events.sessionsEnded(tx, actor.customerId, ended, origin);
        return ended.length;
      });
    },
    /**
     * Signs out one of the customer's devices, and its tabs are told; false when the customer has
     * no live device by that id (C38).
     */
    async signOutDevice(customerId: string, id: string, origin?: EventOrigin): Promise<boolean> {
      return uow.run(async (tx) => {
        const now = clock.now();
        const device = await repository.findLiveForCustomer(tx, id, customerId, now);
        if (!device) return false;
        await endSessions(tx, [device.id], now);
        await events.sessionsEnded(tx, customerId, [device.id], origin);
        return true;
      });
    },
    /** Sessions found ended with no request (the sweeper): their tabs are told, sockets closed. */
    announceEnded: (customerId: string, sessionIds: readonly string[]) =>
      uow.run(async (tx) => {
        await events.sessionsEnded(tx, customerId, sessionIds);
        // They no longer authenticate (the database says so): no cache may say otherwise.
        cache.evictAfterCommit(tx, sessionIds);
      }),
    isNewDevice: async (tx: Executor, session: SignedInSession) =>
      !(await repository.hasEarlierFrom(tx, session.customer_id, session, session.id)),
  };
}

export type SessionService = ReturnType<typeof createSessionService>;
