import type { Connection, Membership } from './connection';

/**
 * The channels this process has subscribers for. The connection keeps its own side of the
 * relation (connection.channels) so that closing a socket never scans every channel.
 */
export interface ChannelRegistry {
  /** Returns false when the connection was already subscribed (membership kept as it was). */
  add(connection: Connection, channel: string, membership: Membership): boolean;
  /** The membership that was removed, or undefined when the connection was not subscribed. */
  remove(connection: Connection, channel: string): Membership | undefined;
  subscribers(channel: string): ReadonlySet<Connection> | undefined;
  subscriptionCount(channel: string): number;
  /** Occupied channel names, optionally only those starting with a prefix. */
  names(prefix?: string): string[];
}

export interface ChannelRegistryHooks {
  /** The channel's first subscriber on this process arrived. */
  onOccupied?: (channel: string) => void;
  /** The channel's last subscriber on this process left. */
  onVacated?: (channel: string) => void;
}

export function createChannelRegistry(hooks: ChannelRegistryHooks = {}): ChannelRegistry {
  const channels = new Map<string, Set<Connection>>();
  return {
    add(connection, channel, membership) {
      if (connection.channels.has(channel)) return false;
      connection.channels.set(channel, membership);
      let subscribers = channels.get(channel);
      if (!subscribers) {
        subscribers = new Set();
        channels.set(channel, subscribers);
      }
      subscribers.add(connection);
      if (subscribers.size === 1) hooks.onOccupied?.(channel);
      return true;
    },
    remove(connection, channel) {
      const membership = connection.channels.get(channel);
      if (membership === undefined) return undefined;
      connection.channels.delete(channel);
      const subscribers = channels.get(channel);
      subscribers?.delete(connection);
      if (subscribers?.size === 0) {
        channels.delete(channel);
        hooks.onVacated?.(channel);
      }
      return membership;
    },
    subscribers(channel) {
      return channels.get(channel);
    },
    subscriptionCount(channel) {
      return channels.get(channel)?.size ?? 0;
    },
    names(prefix = '') {
      return [...channels.keys()].filter((name) => name.startsWith(prefix));
    },
  };
}
