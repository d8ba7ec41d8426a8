import type { Duplex } from 'node:stream';
import { type WebSocket, WebSocketServer } from 'ws';
import { createChannelRegistry } from './channel-registry';
import { channelKind } from './channel-names';
import { sendFrame } from './connection';
import { openConnection, SOCKET_PATH_PREFIX } from './connection-handler';
import { createMemoryFanOut, type FanOut, type FanOutCommand, type FanOutMessage } from './fan-out';
import {
  CLOSE_GRACE_MS,
  DEFAULT_ACTIVITY_TIMEOUT_SECONDS,
  DEFAULT_MAX_CONNECTIONS,
  DEFAULT_PONG_TIMEOUT_SECONDS,
  MAX_PRESENCE_MEMBERS,
  MAX_WS_FRAME_BYTES,
} from './limits';
import { startLivenessSweep } from './liveness';
import { createMemoryPresenceStore, type PresenceStore } from './presence';
import { CloseCode, encodeChannelEvent } from './protocol';
import type { RealtimeContext, RealtimeLogger } from './realtime-context';
import { terminateLocalUserConnections } from './user-signin';
import { createWebhookSender, NO_WEBHOOKS, type WebhookSenderOptions } from './webhooks';

export type { RealtimeLogger } from './realtime-context';

/** The request type ws hands to handleUpgrade: node:http's IncomingMessage. */
export type UpgradeRequest = Parameters<WebSocketServer['handleUpgrade']>[0];
type UpgradeListener = (request: UpgradeRequest, socket: Duplex, head: Buffer) => void;

/** What attach() needs of an http.Server (Fastify's app.server is one). */
export interface UpgradeableServer {
  on(event: 'upgrade', listener: UpgradeListener): unknown;
  off(event: 'upgrade', listener: UpgradeListener): unknown;
  listenerCount(event: 'upgrade'): number;
}

export interface RealtimeServerOptions {
  appId: string;
  key: string;
  secret: string;
  /** `client-*` events between subscribers of private and presence channels; off by default. */
  enableClientEvents?: boolean;
  activityTimeoutSeconds?: number;
  pongTimeoutSeconds?: number;
  maxConnections?: number;
  logger: RealtimeLogger;
  /** Cross-process delivery; in-process by default. */
  fanOut?: FanOut;
  /** Presence membership; in-process by default. */
  presence?: PresenceStore;
  /** Where to POST webhooks (channel_occupied, member_added, client_event, …); none by default. */
  webhookUrl?: string;
  /** Tests shorten the webhook batching and retry waits. */
  webhookTimings?: Pick<WebhookSenderOptions, 'batchDelayMs' | 'retryDelaysMs' | 'timeoutMs'>;
  /** Injectable clock (epoch ms) for tests. */
  now?: () => number;
}

export interface ChannelInfo {
  occupied: boolean;
  subscriptionCount: number;
  /** Presence channels only. */
  userCount?: number;
}

export interface RealtimeServer {
  readonly appId: string;
  readonly key: string;
  readonly secret: string;
  /** Serves `/app/{key}` sockets on this server's 'upgrade' event; other paths are left alone. */
  attach(server: UpgradeableServer): void;
  /** Sends events to every subscriber in every process (through the fan-out). */
  publish(messages: readonly FanOutMessage[]): Promise<void>;
  /** Sends one event to this process's subscribers only; returns the number of recipients. */
  deliver(message: FanOutMessage): number;
  channelInfo(channel: string): Promise<ChannelInfo>;
  /**
   * Occupied channels, optionally filtered by name prefix: this process's, plus presence
   * channels occupied on any node sharing the presence store.
   */
  listChannels(prefix?: string): Promise<string[]>;
  presenceUserIds(channel: string): Promise<string[]>;
  /** Closes every connection signed in as the user, on every process (4009, no reconnect). */
  terminateUserConnections(userId: string): Promise<void>;
  connectionCount(): number;
  /** Closes every socket with 4200 so pusher-js reconnects at once, and detaches. */
  close(): Promise<void>;
}

export function createRealtimeServer(options: RealtimeServerOptions): RealtimeServer {
  const ctx = createContext(options);
  const wss = new WebSocketServer({
    noServer: true,
    maxPayload: MAX_WS_FRAME_BYTES,
    perMessageDeflate: false,
  });
  const attached = new Map<UpgradeableServer, UpgradeListener>();
  const state = { isClosing: false };
  const stopSweep = startLivenessSweep(ctx);
  const deliver = (message: FanOutMessage): number => deliverLocally(ctx, message);
  ctx.fanOut.connect(deliver, (command) => runLocally(ctx, command));

  return {
    appId: options.appId,
    key: options.key,
    secret: options.secret,
    attach(server) {
      if (attached.has(server)) return;
      const listener = upgradeListener(ctx, wss, server, state);
      attached.set(server, listener);
      server.on('upgrade', listener);
    },
    publish: (messages) => ctx.fanOut.publish(messages),
    deliver,
    channelInfo: (channel) => channelInfo(ctx, channel),
    async listChannels(prefix) {
      const presence = await ctx.presence.channels(prefix);
      return [...new Set([...ctx.registry.names(prefix), ...presence])];
    },
    presenceUserIds: (channel) => ctx.presence.userIds(channel),
    terminateUserConnections: (userId) => ctx.fanOut.command({ type: 'terminate_user', userId }),
    connectionCount: () => ctx.connections.size,
    async close() {
      if (state.isClosing) return;
      state.isClosing = true;
      stopSweep();
      for (const [server, listener] of attached) server.off('upgrade', listener);
      attached.clear();
      await closeSockets([...wss.clients], CloseCode.reconnectNow, 'Server shutting down');
      // Their presence leaves (and member_removed) must reach the fan-out before it closes.
      await Promise.allSettled([...ctx.pendingCleanups]);
      await new Promise<void>((resolve) => wss.close(() => resolve()));
      await ctx.webhooks.close();
      // An injected fan-out belongs to whoever made it; only the default one is ours to close.
      if (options.fanOut === undefined) await ctx.fanOut.close();
    },
  };
}

/** Takes `/app/…` upgrades; leaves other paths to other listeners, or answers 404 if there are none. */
function upgradeListener(
  ctx: RealtimeContext,
  wss: WebSocketServer,
  server: UpgradeableServer,
  state: { isClosing: boolean },
): UpgradeListener {
  return (request, socket, head) => {
    const url = parseRequestUrl(request.url);
    if (url?.pathname.startsWith(SOCKET_PATH_PREFIX) !== true) {
      if (server.listenerCount('upgrade') > 1) return;
      return rejectUpgrade(socket, url ? '404 Not Found' : '400 Bad Request');
    }
    if (state.isClosing) return rejectUpgrade(socket, '503 Service Unavailable');
    socket.on('error', (error) => ctx.logger.debug({ err: error }, 'realtime upgrade socket error'));
    wss.handleUpgrade(request, socket, head, (ws) => {
      try {
        openConnection(ctx, ws, url);
      } catch (error) {
        ctx.logger.error({ err: error }, 'realtime connection setup failed');
        ws.terminate();
      }
    });
  };
}

function parseRequestUrl(raw: string | undefined): URL | null {
  try {
    return new URL(raw ?? '/', 'http://localhost');
  } catch {
    return null;
  }
}

/** Presence channels answer for every node sharing the presence store; others for this process. */
async function channelInfo(ctx: RealtimeContext, channel: string): Promise<ChannelInfo> {
  if (channelKind(channel) !== 'presence') {
    const subscriptionCount = ctx.registry.subscriptionCount(channel);
    return { occupied: subscriptionCount > 0, subscriptionCount };
  }
  const [subscriptionCount, userCount] = await Promise.all([
    ctx.presence.socketCount(channel),
    ctx.presence.userCount(channel),
  ]);
  return { occupied: subscriptionCount > 0, subscriptionCount, userCount };
}

function createContext(options: RealtimeServerOptions): RealtimeContext {
  const credentials = { key: options.key, secret: options.secret };
  const webhooks =
    options.webhookUrl === undefined
      ? NO_WEBHOOKS
      : createWebhookSender({
          url: options.webhookUrl,
          credentials,
          logger: options.logger,
          ...options.webhookTimings,
          ...(options.now ? { now: options.now } : {}),
        });
  // Server-to-user channels are the protocol's plumbing, not the app's: hosted Pusher reports none.
  const isReported = (channel: string) => channelKind(channel) !== 'user';
  return {
    appId: options.appId,
    credentials,
    enableClientEvents: options.enableClientEvents ?? false,
    activityTimeoutMs: (options.activityTimeoutSeconds ?? DEFAULT_ACTIVITY_TIMEOUT_SECONDS) * 1000,
    pongTimeoutMs: (options.pongTimeoutSeconds ?? DEFAULT_PONG_TIMEOUT_SECONDS) * 1000,
    maxConnections: options.maxConnections ?? DEFAULT_MAX_CONNECTIONS,
    logger: options.logger,
    registry: createChannelRegistry({
      onOccupied: (channel) => isReported(channel) && webhooks.add({ name: 'channel_occupied', channel }),
      onVacated: (channel) => isReported(channel) && webhooks.add({ name: 'channel_vacated', channel }),
    }),
    webhooks,
    users: new Map(),
    presence: options.presence ?? createMemoryPresenceStore(MAX_PRESENCE_MEMBERS),
    fanOut: options.fanOut ?? createMemoryFanOut(),
    connections: new Map(),
    pendingCleanups: new Set(),
    now: options.now ?? Date.now,
  };
}

function runLocally(ctx: RealtimeContext, command: FanOutCommand): void {
  switch (command.type) {
    case 'terminate_user':
      terminateLocalUserConnections(ctx, command.userId);
      return;
  }
}

/** Encodes the frame once and hands the same bytes to every local subscriber. */
function deliverLocally(ctx: RealtimeContext, message: FanOutMessage): number {
  const subscribers = ctx.registry.subscribers(message.channel);
  if (!subscribers || subscribers.size === 0) return 0;
  const frame = Buffer.from(encodeChannelEvent(message), 'utf8');
  let recipients = 0;
  for (const connection of subscribers) {
    if (connection.socketId === message.excludeSocketId) continue;
    sendFrame(connection, frame);
    recipients += 1;
  }
  return recipients;
}

function rejectUpgrade(socket: Duplex, status: string): void {
  socket.on('error', () => socket.destroy());
  socket.once('finish', () => socket.destroy());
  socket.end(`HTTP/1.1 ${status}\r\nConnection: close\r\nContent-Length: 0\r\n\r\n`);
}

/** Starts the closing handshake everywhere; sockets that do not finish it in time are cut. */
async function closeSockets(sockets: WebSocket[], code: number, reason: string): Promise<void> {
  if (sockets.length === 0) return;
  let timer: NodeJS.Timeout | undefined;
  const allClosed = Promise.all(
    sockets.map(
      (ws) =>
        new Promise<void>((resolve) =>
          ws.readyState === ws.CLOSED ? resolve() : ws.once('close', () => resolve()),
        ),
    ),
  );
  for (const ws of sockets) ws.close(code, reason);
  await Promise.race([
    allClosed,
    new Promise<void>((resolve) => (timer = setTimeout(resolve, CLOSE_GRACE_MS))),
  ]);
  clearTimeout(timer);
  for (const ws of sockets) if (ws.readyState !== ws.CLOSED) ws.terminate();
  await allClosed;
}
