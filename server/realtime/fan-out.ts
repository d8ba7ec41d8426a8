import type { ChannelEvent } from './protocol';

/** One event for one channel, on its way to every process that may hold subscribers. */
export interface FanOutMessage extends ChannelEvent {
  /** The connection that must not receive it (the sender, or the SDK's socket_id). */
  excludeSocketId?: string;
}

/** Delivers a message to the subscribers this process holds; returns how many got it. */
export type DeliverLocally = (message: FanOutMessage) => number;

/**
 * The seam for running several processes: every published message reaches every process's
 * local delivery. The default keeps it in this process; the Redis pub/sub implementation
 * (redis-fan-out.ts) publishes to a channel that every process subscribes to and delivers locally.
 */
export interface FanOut {
  publish(messages: readonly FanOutMessage[]): Promise<void>;
  /** Called once by the realtime server with its local delivery function. */
  connect(deliver: DeliverLocally): void;
  close(): Promise<void>;
}

export function createMemoryFanOut(): FanOut {
  let deliver: DeliverLocally | null = null;
  return {
    async publish(messages) {
      if (!deliver) return;
      for (const message of messages) deliver(message);
    },
    connect(localDeliver) {
      deliver = localDeliver;
    },
    async close() {
      deliver = null;
    },
  };
}
