/**
 * Which sessions an open socket belongs to: what logout, device revocation and the session
 * sweeper close (docs/product/realtime.md#channel-authorization).
 *
 * /broadcasting/auth and /broadcasting/user-auth sign a token for whatever socket id the
 * caller names, so naming a socket id proves nothing: customer A could name B's socket and
 * have it closed when A signs out. A socket is therefore bound to a session only when the
 * socket itself presents a token that was signed on behalf of that session. Only the browser
 * that received the token can do that, and the token is useless on any other socket (it is
 * signed over the socket id). The two halves may arrive in either order (the token is recorded
 * through the fan-out bus when the socket lives in another process), so both are kept, per
 * connection and bounded, until they meet.
 *
 * A socket can be bound to several sessions (the same browser signed out and in again without
 * a reload): it is closed when any of them ends. Bindings are only ever added by the socket's
 * own proof; a caller can never move a socket to, or add it to, its session by naming it.
 */

/** Tokens waiting for their other half, per connection (FIFO beyond this). */
const MAX_UNMATCHED_TOKENS = 128;

export interface SessionBindings<C> {
  /** An auth endpoint signed `token` for `connection`'s socket id on behalf of `sessionId`. */
  signed(connection: C, token: string, sessionId: string): void;
  /** `connection` presented `token` and the hub verified it (a subscribe or a signin). */
  presented(connection: C, token: string): void;
  /** The sessions `connection` is bound to. */
  sessionsOf(connection: C): readonly string[];
  /** The open connections bound to `sessionId`, oldest binding first. */
  connectionsOf(sessionId: string): readonly C[];
  sessionIds(): string[];
  /** The connection is gone. */
  forget(connection: C): void;
}

export interface SessionBindingOptions<C> {
  /** Connections one session may have; past it `onOverLimit` gets the oldest other one. */
  perSession: number;
  onOverLimit(oldest: C, sessionId: string): void;
}

interface Unmatched {
  /** Token → session, signed by an endpoint and not presented yet. */
  signed: Map<string, string>;
  /** Tokens presented and verified whose signing was not recorded yet. */
  presented: Set<string>;
}

export function createSessionBindings<C>(options: SessionBindingOptions<C>): SessionBindings<C> {
  const unmatched = new Map<C, Unmatched>();
  const bySession = new Map<string, Set<C>>();
  const byConnection = new Map<C, Set<string>>();

  const unmatchedOf = (connection: C) => {
    let entry = unmatched.get(connection);
    if (!entry) unmatched.set(connection, (entry = { signed: new Map(), presented: new Set() }));
    return entry;
  };

  const forget = (connection: C) => {
    unmatched.delete(connection);
    for (const sessionId of byConnection.get(connection) ?? []) {
      const connections = bySession.get(sessionId);
      connections?.delete(connection);
      if (connections?.size === 0) bySession.delete(sessionId);
    }
    byConnection.delete(connection);
  };

  const bind = (connection: C, sessionId: string) => {
    let sessions = byConnection.get(connection);
    if (!sessions) byConnection.set(connection, (sessions = new Set()));
    if (sessions.has(sessionId)) return;
    sessions.add(sessionId);
    let connections = bySession.get(sessionId);
    if (!connections) bySession.set(sessionId, (connections = new Set()));
    connections.add(connection);
    while (connections.size > options.perSession) {
      const oldest = [...connections].find((other) => other !== connection);
      if (oldest === undefined) break;
      options.onOverLimit(oldest, sessionId);
      forget(oldest);
    }
  };

  return {
    signed(connection, token, sessionId) {
      const entry = unmatchedOf(connection);
      if (entry.presented.delete(token)) {
        bind(connection, sessionId);
        return;
      }
      if (entry.signed.size >= MAX_UNMATCHED_TOKENS) {
        entry.signed.delete(entry.signed.keys().next().value as string);
      }
      entry.signed.set(token, sessionId);
    },

    presented(connection, token) {
      const entry = unmatchedOf(connection);
      const sessionId = entry.signed.get(token);
      if (sessionId !== undefined) {
        entry.signed.delete(token);
        bind(connection, sessionId);
        return;
      }
      if (entry.presented.size >= MAX_UNMATCHED_TOKENS) {
        entry.presented.delete(entry.presented.values().next().value as string);
      }
      entry.presented.add(token);
    },

    sessionsOf: (connection) => [...(byConnection.get(connection) ?? [])],
    connectionsOf: (sessionId) => [...(bySession.get(sessionId) ?? [])],
    sessionIds: () => [...bySession.keys()],
    forget,
  };
}
