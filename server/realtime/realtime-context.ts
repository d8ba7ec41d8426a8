import type { ChannelRegistry } from './channel-registry';
import type { Connection } from './connection';
import type { FanOut } from './fan-out';
import type { PresenceStore } from './presence';
import type { AppCredentials } from './signatures';
import type { WebhookQueue } from './webhooks';

type LogFn = {
  (message: string): void;
  (details: object, message?: string): void;
};

/** The subset of Fastify's (pino) logger the realtime server uses. */
export interface RealtimeLogger {
  debug: LogFn;
  info: LogFn;
  warn: LogFn;
  error: LogFn;
}

/** Everything the connection handlers share; built once by createRealtimeServer. */
export interface RealtimeContext {
  readonly appId: string;
  readonly credentials: AppCredentials;
  readonly enableClientEvents: boolean;
  readonly activityTimeoutMs: number;
  readonly pongTimeoutMs: number;
  readonly maxConnections: number;
  readonly logger: RealtimeLogger;
  readonly registry: ChannelRegistry;
  readonly presence: PresenceStore;
  readonly fanOut: FanOut;
  readonly connections: Map<string, Connection>;
  /** This process's signed-in connections by user id, for terminating a user's connections. */
  readonly users: Map<string, Set<Connection>>;
  /** Where webhook events go; a no-op without a webhook URL. */
  readonly webhooks: WebhookQueue;
  /** Clean-ups of closed sockets still running (presence leaves), awaited on shutdown. */
  readonly pendingCleanups: Set<Promise<void>>;
  readonly now: () => number;
}
