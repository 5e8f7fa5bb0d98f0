const MAX_PRESENCE_USER_BYTES = 1024;
export const MAX_USER_ID_LENGTH = 128;

export interface PresenceUser {
  id: string;
  info: unknown;
}

/**
 * Who is on each presence channel (docs/product/realtime.md#presence-channels): users, not sockets. A user with several sockets on a
 * channel is one member, added with the first socket and removed with the last.
 */
export interface Presence {
  /** True when the user is new to the channel (others are then told member_added). */
  join(channel: string, user: PresenceUser, socketId: string): boolean;
  /** True when that was the user's last socket on the channel (others are told member_removed). */
  leave(channel: string, userId: string, socketId: string): boolean;
  /** The channel's members, as pusher_internal:subscription_succeeded carries them. */
  data(channel: string): {
    presence: { ids: string[]; hash: Record<string, unknown>; count: number };
  };
}

interface Member {
  info: unknown;
  socketIds: Set<string>;
}

export function createPresence(): Presence {
  const channels = new Map<string, Map<string, Member>>();
  return {
    join(channel, user, socketId) {
      let members = channels.get(channel);
      if (!members) channels.set(channel, (members = new Map()));
      const member = members.get(user.id);
      if (member) {
        member.socketIds.add(socketId);
        return false;
      }
      members.set(user.id, { info: user.info, socketIds: new Set([socketId]) });
      return true;
    },

    leave(channel, userId, socketId) {
      const members = channels.get(channel);
      const member = members?.get(userId);
      if (!members || !member) return false;
      member.socketIds.delete(socketId);
      if (member.socketIds.size > 0) return false;
      members.delete(userId);
      if (members.size === 0) channels.delete(channel);
      return true;
    },

    data(channel) {
      const members = channels.get(channel) ?? new Map<string, Member>();
      const ids = [...members.keys()];
      const hash = Object.fromEntries(
        [...members].map(([id, member]) => [id, member.info ?? null]),
      );
      return { presence: { ids, hash, count: ids.length } };
    },
  };
}

/** The user a presence subscription names in its channel_data; undefined when unusable. */
export function parsePresenceUser(channelData: string): PresenceUser | undefined {
  if (Buffer.byteLength(channelData) > MAX_PRESENCE_USER_BYTES) return undefined;
  try {
    const parsed = JSON.parse(channelData) as { user_id?: unknown; user_info?: unknown };
    const id = parsed.user_id;
    if ((typeof id !== 'string' && typeof id !== 'number') || String(id).length === 0) {
      return undefined;
    }
    if (String(id).length > MAX_USER_ID_LENGTH) return undefined;
    return { id: String(id), info: parsed.user_info };
  } catch {
    return undefined;
  }
}
