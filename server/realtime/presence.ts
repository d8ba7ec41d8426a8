import type { PresenceSnapshot } from './protocol';

export interface PresenceMember {
  userId: string;
  /** Whatever the auth endpoint signed as user_info; null when it gave none. */
  userInfo: unknown;
}

export type PresenceJoin =
  | { outcome: 'full' }
  /** isFirstForUser: the user had no other socket in the channel, so others see member_added. */
  | { outcome: 'joined'; isFirstForUser: boolean };

/**
 * Who is in which presence channel, counted per user (a user with three tabs is one member).
 * Behind an interface because with several processes the state must be shared (redis-presence.ts);
 * the methods are async for that reason even though the in-memory store answers at once.
 * Callers rely on calls for one socket being applied in the order they are made.
 */
export interface PresenceStore {
  join(channel: string, socketId: string, member: PresenceMember): Promise<PresenceJoin>;
  /** The member whose last socket just left, or null when the user is still there (or was not). */
  leave(channel: string, socketId: string): Promise<PresenceMember | null>;
  snapshot(channel: string): Promise<PresenceSnapshot>;
  userIds(channel: string): Promise<string[]>;
  userCount(channel: string): Promise<number>;
  /** Sockets subscribed to the channel, on every node that shares this store. */
  socketCount(channel: string): Promise<number>;
  /** Presence channels with at least one member, optionally only names starting with `prefix`. */
  channels(prefix?: string): Promise<string[]>;
}

interface MemberEntry {
  userInfo: unknown;
  sockets: Set<string>;
}

interface ChannelPresence {
  members: Map<string, MemberEntry>;
  userBySocket: Map<string, string>;
}

export function createMemoryPresenceStore(maxMembers: number): PresenceStore {
  const channels = new Map<string, ChannelPresence>();

  const joinNow = (channel: string, socketId: string, member: PresenceMember): PresenceJoin => {
    let presence = channels.get(channel);
    if (!presence) {
      presence = { members: new Map(), userBySocket: new Map() };
      channels.set(channel, presence);
    }
    const existing = presence.members.get(member.userId);
    if (existing) {
      existing.sockets.add(socketId);
      presence.userBySocket.set(socketId, member.userId);
      return { outcome: 'joined', isFirstForUser: false };
    }
    if (presence.members.size >= maxMembers) return { outcome: 'full' };
    presence.members.set(member.userId, { userInfo: member.userInfo, sockets: new Set([socketId]) });
    presence.userBySocket.set(socketId, member.userId);
    return { outcome: 'joined', isFirstForUser: true };
  };

  const leaveNow = (channel: string, socketId: string): PresenceMember | null => {
    const presence = channels.get(channel);
    const userId = presence?.userBySocket.get(socketId);
    if (!presence || userId === undefined) return null;
    presence.userBySocket.delete(socketId);
    const entry = presence.members.get(userId);
    if (!entry) return null;
    entry.sockets.delete(socketId);
    if (entry.sockets.size > 0) return null;
    presence.members.delete(userId);
    if (presence.members.size === 0) channels.delete(channel);
    return { userId, userInfo: entry.userInfo };
  };

  return {
    async join(channel, socketId, member) {
      return joinNow(channel, socketId, member);
    },
    async leave(channel, socketId) {
      return leaveNow(channel, socketId);
    },
    async snapshot(channel) {
      const members = channels.get(channel)?.members ?? new Map<string, MemberEntry>();
      const hash: Record<string, unknown> = {};
      for (const [userId, entry] of members) hash[userId] = entry.userInfo;
      return { ids: [...members.keys()], hash, count: members.size };
    },
    async userIds(channel) {
      return [...(channels.get(channel)?.members.keys() ?? [])];
    },
    async userCount(channel) {
      return channels.get(channel)?.members.size ?? 0;
    },
    async socketCount(channel) {
      return channels.get(channel)?.userBySocket.size ?? 0;
    },
    async channels(prefix = '') {
      return [...channels.keys()].filter((name) => name.startsWith(prefix));
    },
  };
}
