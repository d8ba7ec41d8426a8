import Pusher from 'pusher';
import type { FanOutMessage } from './fan-out';
import { MAX_CHANNELS_PER_TRIGGER, PUBLISH_TIMEOUT_MS } from './limits';
import type { RealtimeServer } from './realtime-server';
import { checkPublish, chunk, encodeEventData } from './trigger-rules';

export interface PublishOptions {
  /** A socket_id that must not receive the event (the tab that caused it). */
  excludeSocketId?: string;
}

/**
 * How the app sends real-time events, wherever the sockets live. Data follows the SDK's rule:
 * strings are sent as they are, anything else as JSON. Both implementations apply the same
 * limits (names, 10 KB data) and throw on a violation: that is a bug in the caller.
 */
export interface Broadcaster {
  publish(channel: string | string[], event: string, data: unknown, options?: PublishOptions): Promise<void>;
  /** Closes every connection signed in (pusher:signin) as this user, wherever it is. */
  terminateUserConnections(userId: string): Promise<void>;
  close(): Promise<void>;
}

/** In-process: straight into the embedded server's fan-out, no HTTP, no signing. */
export function createEmbeddedBroadcaster(
  realtime: Pick<RealtimeServer, 'publish' | 'terminateUserConnections'>,
): Broadcaster {
  let isClosed = false;
  return {
    async publish(channel, event, data, options = {}) {
      if (isClosed) throw new Error('The broadcaster is closed');
      const channels = typeof channel === 'string' ? [channel] : channel;
      const encoded = encodeEventData(data);
      checkPublish(channels, event, encoded, options.excludeSocketId);
      await realtime.publish(
        channels.map((name) => {
          const message: FanOutMessage = { channel: name, event, data: encoded };
          if (options.excludeSocketId !== undefined) message.excludeSocketId = options.excludeSocketId;
          return message;
        }),
      );
    },
    async terminateUserConnections(userId) {
      if (isClosed) throw new Error('The broadcaster is closed');
      await realtime.terminateUserConnections(userId);
    },
    async close() {
      isClosed = true;
    },
  };
}

export interface PusherBroadcasterOptions {
  appId: string;
  key: string;
  secret: string;
  /** Hosted Pusher's cluster (eu); ignored when host is set. */
  cluster: string;
  /** Any Pusher-compatible server (soketi, Reverb, another Tidings); omitted for hosted Pusher. */
  host?: string;
  port?: number;
  useTLS: boolean;
}

/** Over the Pusher HTTP API with the official SDK: hosted Pusher or any compatible server. */
export function createPusherBroadcaster(options: PusherBroadcasterOptions): Broadcaster {
  const base = {
    appId: options.appId,
    key: options.key,
    secret: options.secret,
    useTLS: options.useTLS,
    timeout: PUBLISH_TIMEOUT_MS,
  };
  const pusher =
    options.host === undefined
      ? new Pusher({ ...base, cluster: options.cluster })
      : new Pusher({ ...base, host: options.host, ...(options.port ? { port: String(options.port) } : {}) });
  let isClosed = false;
  return {
    async publish(channel, event, data, publishOptions = {}) {
      if (isClosed) throw new Error('The broadcaster is closed');
      const channels = typeof channel === 'string' ? [channel] : channel;
      const encoded = encodeEventData(data);
      checkPublish(channels, event, encoded, publishOptions.excludeSocketId);
      const params =
        publishOptions.excludeSocketId === undefined
          ? undefined
          : { socket_id: publishOptions.excludeSocketId };
      for (const group of chunk(channels, MAX_CHANNELS_PER_TRIGGER)) {
        try {
          await pusher.trigger(group, event, encoded, params);
        } catch (error) {
          throw withoutSignedUrl(error);
        }
      }
    },
    async terminateUserConnections(userId) {
      if (isClosed) throw new Error('The broadcaster is closed');
      try {
        await pusher.terminateUserConnections(userId);
      } catch (error) {
        throw withoutSignedUrl(error);
      }
    },
    // The SDK keeps no state of its own; requests in flight finish or time out.
    async close() {
      isClosed = true;
    },
  };
}

/**
 * The SDK's errors carry the signed request URL (and its cause repeats it); a signature is
 * replayable for minutes, so logs get the reason only: the answer's status and body, or the
 * network error's code.
 */
function withoutSignedUrl(error: unknown): unknown {
  if (!(error instanceof Pusher.RequestError)) return error;
  const cause = error.error as (Error & { code?: string }) | undefined;
  const reason =
    error.status === undefined
      ? `no answer (${cause?.code ?? 'network error'})`
      : `${error.status} ${(error.body ?? '').slice(0, 200)}`.trim();
  return new Error(`The Pusher HTTP API refused or missed the event: ${reason}`);
}
