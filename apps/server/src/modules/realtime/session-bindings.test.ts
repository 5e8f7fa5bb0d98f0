import { describe, expect, it } from 'vitest';
import { createSessionBindings } from './session-bindings.ts';

/** The binding rules alone; realtime.limits.test.ts drives them with real sockets. */
function bindings(perSession = 10) {
  const evicted: [string, string][] = [];
  const state = createSessionBindings<string>({
    perSession,
    onOverLimit: (oldest, sessionId) => void evicted.push([oldest, sessionId]),
  });
  return { state, evicted };
}

describe('session bindings', () => {
  it('binds a socket when it presents a token signed for the session, in either order', () => {
    const { state } = bindings();
    state.signed('socket-1', 'token-a', 'session-a');
    expect(state.sessionsOf('socket-1')).toEqual([]);
    state.presented('socket-1', 'token-a');
    expect(state.sessionsOf('socket-1')).toEqual(['session-a']);

    // Through another process, the socket may present the token before its signing arrives.
    state.presented('socket-2', 'token-b');
    expect(state.sessionsOf('socket-2')).toEqual([]);
    state.signed('socket-2', 'token-b', 'session-a');
    expect(state.connectionsOf('session-a')).toEqual(['socket-1', 'socket-2']);
  });

  it('never binds on a token the socket did not present', () => {
    const { state } = bindings();
    state.presented('victim', 'victim-token');
    state.signed('victim', 'intruder-token', 'intruder-session');
    state.signed('victim', 'victim-token-2', 'intruder-session');
    expect(state.sessionIds()).toEqual([]);
    state.signed('victim', 'victim-token', 'victim-session');
    expect(state.sessionsOf('victim')).toEqual(['victim-session']);
  });

  it('hands the oldest socket of a session over its limit to onOverLimit, and forgets it', () => {
    const { state, evicted } = bindings(2);
    for (const socket of ['s1', 's2', 's3']) {
      state.signed(socket, `t-${socket}`, 'session');
      state.presented(socket, `t-${socket}`);
    }
    expect(evicted).toEqual([['s1', 'session']]);
    expect(state.connectionsOf('session')).toEqual(['s2', 's3']);
    expect(state.sessionsOf('s1')).toEqual([]);
  });

  it('forgets a closed socket, and keeps at most 128 unmatched tokens a socket', () => {
    const { state } = bindings();
    state.signed('socket', 't', 'session');
    state.presented('socket', 't');
    state.forget('socket');
    expect(state.sessionIds()).toEqual([]);

    for (let n = 0; n <= 128; n += 1) state.signed('other', `t-${n}`, 'session');
    state.presented('other', 't-0'); // the oldest was dropped
    expect(state.sessionsOf('other')).toEqual([]);
    state.presented('other', 't-128');
    expect(state.sessionsOf('other')).toEqual(['session']);
  });
});
