import { z } from 'zod';
import type { RedisBus } from '../platform/redis/redis-bus';
import type { DeliverLocally, FanOut, FanOutCommand, FanOutMessage, RunLocally } from './fan-out';
import type { RealtimeLogger } from './realtime-context';

export interface RedisFanOutOptions {
  bus: RedisBus;
  /** The pub/sub channel every node of one deployment shares (prefixed by REDIS_PREFIX). */
  channel: string;
  logger: Pick<RealtimeLogger, 'warn'>;
}

/** A batch on the wire: the publisher's messages in order, sender exclusion included. */
const wireBatchSchema = z.array(
  z.object({
    channel: z.string(),
    event: z.string(),
    data: z.unknown(),
    userId: z.string().optional(),
    excludeSocketId: z.string().optional(),
  }),
);

/** A command on the wire: an object, where a batch is an array. */
const wireCommandSchema = z.object({
  command: z.object({ type: z.literal('terminate_user'), userId: z.string().min(1) }),
});

/**
 * Every node subscribes to one Redis channel and delivers what arrives to its own sockets, its
 * own publishes included: one path for all, so each node delivers each message exactly once
 * and in the order its publisher sent them. A batch travels as one Redis message.
 *
 * When Redis cannot take a publish, this node's own subscribers still get it and the failure
 * is logged: the others miss it, and their clients catch up by `seq` on the next event or
 * reconnect, as after any outage.
 */
export async function createRedisFanOut(options: RedisFanOutOptions): Promise<FanOut> {
  const { bus, channel, logger } = options;
  let deliver: DeliverLocally | null = null;
  let run: RunLocally | null = null;
  await bus.subscribe(channel, (raw) => {
    const received = parseWire(raw);
    if (received === null) return logger.warn({ channel }, 'malformed fan-out message ignored');
    if ('command' in received) return run?.(received.command);
    if (!deliver) return;
    for (const message of received.batch) deliver(message);
  });
  return {
    async publish(messages) {
      if (messages.length === 0) return;
      try {
        await bus.publish(channel, JSON.stringify(messages));
      } catch (error) {
        logger.warn({ err: error }, 'Redis publish failed; delivered on this node only');
        if (deliver) for (const message of messages) deliver(message);
      }
    },
    /** Unlike events, a lost command cannot be caught up later: the caller hears of the failure. */
    async command(command) {
      try {
        await bus.publish(channel, JSON.stringify({ command }));
      } catch (error) {
        run?.(command);
        throw error;
      }
    },
    connect(localDeliver, localRun) {
      deliver = localDeliver;
      run = localRun;
    },
    async close() {
      deliver = null;
      run = null;
    },
  };
}

function parseWire(raw: string): { batch: FanOutMessage[] } | { command: FanOutCommand } | null {
  let json: unknown;
  try {
    json = JSON.parse(raw);
  } catch {
    return null;
  }
  if (!Array.isArray(json)) {
    const command = wireCommandSchema.safeParse(json);
    return command.success ? { command: command.data.command } : null;
  }
  const batch = parseBatch(json);
  return batch === null ? null : { batch };
}

function parseBatch(json: unknown): FanOutMessage[] | null {
  const parsed = wireBatchSchema.safeParse(json);
  if (!parsed.success) return null;
  // exactOptionalPropertyTypes: absent fields stay absent rather than becoming undefined.
  return parsed.data.map(({ channel, event, data, userId, excludeSocketId }) => ({
    channel,
    event,
    data,
    ...(userId === undefined ? {} : { userId }),
    ...(excludeSocketId === undefined ? {} : { excludeSocketId }),
  }));
}
