import type { ChannelEvent } from './protocol';

/** One event for one channel, on its way to every process that may hold subscribers. */
export interface FanOutMessage extends ChannelEvent {
  /** The connection that must not receive it (the sender, or the SDK's socket_id). */
  excludeSocketId?: string;
}

/** Delivers a message to the subscribers this process holds; returns how many got it. */
export type DeliverLocally = (message: FanOutMessage) => number;

/** An order every process carries out on its own connections. */
export type FanOutCommand = { type: 'terminate_user'; userId: string };

/** Carries out a command on this process's connections. */
export type RunLocally = (command: FanOutCommand) => void;

/**
 * The seam for running several processes: every published message reaches every process's
 * local delivery. The default keeps it in this process; the Redis pub/sub implementation
 * (redis-fan-out.ts) publishes to a channel that every process subscribes to and delivers locally.
 */
export interface FanOut {
  publish(messages: readonly FanOutMessage[]): Promise<void>;
  /** Sends a command to every process, this one included, in order with the messages. */
  command(command: FanOutCommand): Promise<void>;
  /** Called once by the realtime server with its local delivery and command functions. */
  connect(deliver: DeliverLocally, run: RunLocally): void;
  close(): Promise<void>;
}

export function createMemoryFanOut(): FanOut {
  let local: { deliver: DeliverLocally; run: RunLocally } | null = null;
  return {
    async publish(messages) {
      if (!local) return;
      for (const message of messages) local.deliver(message);
    },
    async command(command) {
      local?.run(command);
    },
    connect(deliver, run) {
      local = { deliver, run };
    },
    async close() {
      local = null;
    },
  };
}
