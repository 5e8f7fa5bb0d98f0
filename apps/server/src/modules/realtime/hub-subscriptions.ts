import type { HubOptions } from './hub.ts';
import { send, sendError, type Connection } from './hub-connection.ts';
import type { LocalFanOut } from './hub-fan-out.ts';
import {
  createPresence,
  MAX_USER_ID_LENGTH,
  parsePresenceUser,
  type PresenceUser,
} from './hub-presence.ts';
import type { HubLimits } from './limits.ts';
import {
  CHANNEL_NAME,
  channelType,
  closeCodes,
  constantTimeEqual,
  signChannel,
  signUser,
  type ClientFrame,
} from './protocol.ts';
import type { SessionBindings } from './session-bindings.ts';

const SERVER_TO_USER = '#server-to-user-';

/** What a connection does with channels: it joins and leaves them, signs in, talks on them. */
export interface Subscriptions {
  /** A client frame other than a ping or a pong. */
  receive(connection: Connection, frame: ClientFrame): void;
  /** The connection is gone: it leaves every channel it is in. */
  leaveAll(connection: Connection): void;
}

export interface SubscriptionsOptions {
  hub: HubOptions;
  limits: HubLimits;
  /** A verified subscribe or signin token binds the socket to its session. */
  bindings: SessionBindings<Connection>;
  fanOut: LocalFanOut;
}

export function createSubscriptions(options: SubscriptionsOptions): Subscriptions {
  const { hub, limits, bindings, fanOut } = options;
  const { credentials, clock } = hub;
  const presence = createPresence();

  const subscriptionError = (
    connection: Connection,
    channel: string,
    status: number,
    error: string,
  ) =>
    send(connection, {
      event: 'pusher:subscription_error',
      channel,
      data: { type: 'AuthError', error, status },
    });

  const join = (connection: Connection, channel: string, presenceUser?: PresenceUser) => {
    const already = connection.channels.has(channel);
    fanOut.add(channel, connection);
    connection.channels.set(channel, presenceUser?.id);
    if (presenceUser && !already && presence.join(channel, presenceUser, connection.id)) {
      const added = { user_id: presenceUser.id, user_info: presenceUser.info };
      for (const other of fanOut.subscribersOf(channel)) {
        if (other !== connection) {
          send(other, { event: 'pusher_internal:member_added', channel, data: added });
        }
      }
    }
    send(connection, {
      event: 'pusher_internal:subscription_succeeded',
      channel,
      data: presenceUser ? presence.data(channel) : {},
    });
  };

  const leave = (connection: Connection, channel: string) => {
    if (!connection.channels.has(channel)) return;
    const userId = connection.channels.get(channel);
    connection.channels.delete(channel);
    fanOut.remove(channel, connection);
    if (userId === undefined || !presence.leave(channel, userId, connection.id)) return;
    for (const other of fanOut.subscribersOf(channel)) {
      send(other, { event: 'pusher_internal:member_removed', channel, data: { user_id: userId } });
    }
  };

  const subscribe = (connection: Connection, data: unknown) => {
    const { channel, auth, channel_data: channelData } = (data ?? {}) as Record<string, unknown>;
    if (typeof channel !== 'string') {
      sendError(connection, null, 'pusher:subscribe needs a channel');
      return;
    }
    if (
      !connection.channels.has(channel) &&
      connection.channels.size >= limits.channelsPerConnection
    ) {
      // Channel-scoped, so the app's channel hears it (a bare pusher:error leaves it pending).
      send(connection, {
        event: 'pusher:subscription_error',
        channel,
        data: {
          type: 'LimitReached',
          error: `At most ${limits.channelsPerConnection} channels per connection`,
          status: 429,
        },
      });
      return;
    }
    if (channel.startsWith(SERVER_TO_USER)) {
      if (connection.userId !== undefined && channel === SERVER_TO_USER + connection.userId) {
        join(connection, channel);
      } else {
        subscriptionError(connection, channel, 401, 'Sign in as this user first');
      }
      return;
    }
    if (!CHANNEL_NAME.test(channel)) {
      sendError(connection, null, 'Invalid channel name');
      return;
    }
    switch (channelType(channel)) {
      case 'public':
        join(connection, channel);
        return;
      case 'encrypted':
        subscriptionError(connection, channel, 400, 'Encrypted channels are not supported');
        return;
      case 'presence':
        subscribePresence(connection, channel, auth, channelData);
        return;
      case 'private':
        subscribePrivate(connection, channel, auth);
        return;
    }
  };

  const subscribePresence = (
    connection: Connection,
    channel: string,
    auth: unknown,
    channelData: unknown,
  ) => {
    const user = typeof channelData === 'string' ? parsePresenceUser(channelData) : undefined;
    const ok =
      user !== undefined &&
      typeof auth === 'string' &&
      typeof channelData === 'string' &&
      constantTimeEqual(signChannel(credentials, connection.id, channel, channelData), auth);
    if (!ok) {
      subscriptionError(connection, channel, 401, 'Invalid signature');
      return;
    }
    bindings.presented(connection, auth);
    join(connection, channel, user);
  };

  const subscribePrivate = (connection: Connection, channel: string, auth: unknown) => {
    if (
      typeof auth !== 'string' ||
      !constantTimeEqual(signChannel(credentials, connection.id, channel), auth)
    ) {
      subscriptionError(connection, channel, 401, 'Invalid signature');
      return;
    }
    bindings.presented(connection, auth);
    join(connection, channel);
  };

  /** Signs the connection in as a user (docs/product/realtime.md#user-sign-in), which lets it join that user's own channel. */
  const signin = (connection: Connection, data: unknown) => {
    const { auth, user_data: userData } = (data ?? {}) as Record<string, unknown>;
    let id: unknown;
    let token: string | undefined;
    if (
      typeof auth === 'string' &&
      typeof userData === 'string' &&
      constantTimeEqual(signUser(credentials, connection.id, userData), auth)
    ) {
      token = auth;
      try {
        id = (JSON.parse(userData) as { id?: unknown }).id;
      } catch {
        id = undefined;
      }
    }
    if (
      token === undefined ||
      typeof id !== 'string' ||
      id.length === 0 ||
      id.length > MAX_USER_ID_LENGTH
    ) {
      sendError(connection, closeCodes.unauthorized, 'Invalid signin');
      return;
    }
    if (connection.userId !== undefined && connection.userId !== id) {
      sendError(connection, closeCodes.unauthorized, 'Already signed in as another user');
      return;
    }
    connection.userId = id;
    bindings.presented(connection, token);
    send(connection, { event: 'pusher:signin_success', data: { user_data: userData } });
  };

  /** A `client-*` event (docs/product/realtime.md#client-events): to the other members of a private or presence channel. */
  const relayClientEvent = (connection: Connection, frame: ClientFrame) => {
    const { event, channel, data } = frame;
    const type = channel === undefined ? 'public' : channelType(channel);
    if (
      channel === undefined ||
      (type !== 'private' && type !== 'presence') ||
      !connection.channels.has(channel)
    ) {
      sendError(
        connection,
        closeCodes.unauthorized,
        'The client is not a member of the specified channel',
      );
      return;
    }
    const now = clock.now().getTime();
    const window = connection.clientEvents;
    if (now - window.windowStart >= 1000) {
      window.windowStart = now;
      window.count = 0;
    }
    window.count += 1;
    if (window.count > limits.clientEventsPerSecond) {
      sendError(connection, closeCodes.clientEventRejected, 'Client event rate limit exceeded');
      return;
    }
    const userId = connection.channels.get(channel);
    for (const other of fanOut.subscribersOf(channel)) {
      if (other === connection) continue;
      send(other, { event, channel, data, ...(userId !== undefined ? { user_id: userId } : {}) });
    }
  };

  const receive = (connection: Connection, frame: ClientFrame) => {
    switch (frame.event) {
      case 'pusher:subscribe':
        subscribe(connection, frame.data);
        return;
      case 'pusher:unsubscribe': {
        const channel = (frame.data as { channel?: unknown } | null)?.channel;
        if (typeof channel === 'string') leave(connection, channel);
        return;
      }
      case 'pusher:signin':
        signin(connection, frame.data);
        return;
      default:
        break;
    }
    if (!frame.event.startsWith('client-')) {
      sendError(connection, null, 'Unknown event');
    } else if (!hub.clientEvents) {
      sendError(connection, closeCodes.clientEventRejected, 'Client events are not enabled');
    } else {
      relayClientEvent(connection, frame);
    }
  };

  return {
    receive,
    leaveAll(connection) {
      for (const channel of [...connection.channels.keys()]) leave(connection, channel);
    },
  };
}
