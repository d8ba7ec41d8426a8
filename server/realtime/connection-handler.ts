import type { RawData, WebSocket } from 'ws';
import { relayClientEvent } from './client-events';
import { type Connection, createConnection, sendError, sendMessage } from './connection';
import { MIN_PROTOCOL_VERSION, PROTOCOL_VERSION } from './limits';
import { assertNever, type ClientMessage, CloseCode, parseClientFrame } from './protocol';
import type { RealtimeContext } from './realtime-context';
import { generateSocketId } from './signatures';
import { subscribe, unsubscribe, unsubscribeAll } from './subscriptions';
import { forgetSignin, signin } from './user-signin';

/** The first path segment of every socket URL: `/app/{key}` (pusher-js, hosted Pusher). */
export const SOCKET_PATH_PREFIX = '/app/';

/**
 * Takes over a freshly upgraded socket. Refusals complete the WebSocket handshake first and then
 * close with the protocol's code, because pusher-js only reads codes from a close frame.
 */
export function openConnection(ctx: RealtimeContext, ws: WebSocket, url: URL): void {
  ws.on('error', (error) => ctx.logger.debug({ err: error }, 'realtime socket error'));
  const version = protocolVersion(url);
  const refusal = refusalFor(ctx, url, version);
  if (refusal) {
    // Protocol 5 clients learn the reason from a pusher:error frame, later ones from the close code.
    if (version !== null && version < 6) {
      ws.send(JSON.stringify({ event: 'pusher:error', data: JSON.stringify(refusal) }));
    }
    ws.close(refusal.code, refusal.message);
    return;
  }
  const connection = createConnection(uniqueSocketId(ctx), ws, ctx.now());
  ctx.connections.set(connection.socketId, connection);
  ws.on('message', (raw, isBinary) => onFrame(ctx, connection, raw, isBinary));
  ws.on('pong', () => markSeen(ctx, connection));
  ws.on('close', () => onClose(ctx, connection));
  sendMessage(connection, {
    event: 'pusher:connection_established',
    data: { socket_id: connection.socketId, activity_timeout: activityTimeoutSeconds(ctx) },
  });
}

function refusalFor(
  ctx: RealtimeContext,
  url: URL,
  version: number | null,
): { code: number; message: string } | null {
  const key = safeDecode(url.pathname.slice(SOCKET_PATH_PREFIX.length));
  // The reason stays fixed ASCII: close reasons are capped at 123 bytes and must not echo input.
  if (key !== ctx.credentials.key) return { code: CloseCode.unknownAppKey, message: 'Unknown app key' };
  if (version === null || version < MIN_PROTOCOL_VERSION || version > PROTOCOL_VERSION) {
    return { code: CloseCode.unsupportedProtocol, message: 'Unsupported protocol version' };
  }
  if (ctx.connections.size >= ctx.maxConnections) {
    return { code: CloseCode.overQuota, message: 'Over connection quota' };
  }
  return null;
}

/** A missing `protocol` is treated as the current version; a malformed one as unsupported. */
function protocolVersion(url: URL): number | null {
  const raw = url.searchParams.get('protocol');
  if (raw === null) return PROTOCOL_VERSION;
  return /^\d{1,3}$/.test(raw) ? Number(raw) : null;
}

/** The handshake carries whole seconds; pusher-js refuses a handshake without a positive value. */
function activityTimeoutSeconds(ctx: RealtimeContext): number {
  return Math.max(1, Math.round(ctx.activityTimeoutMs / 1000));
}

function uniqueSocketId(ctx: RealtimeContext): string {
  let socketId = generateSocketId();
  while (ctx.connections.has(socketId)) socketId = generateSocketId();
  return socketId;
}

function markSeen(ctx: RealtimeContext, connection: Connection): void {
  connection.lastSeenAt = ctx.now();
  connection.pingSentAt = null;
}

/** Never lets an exception out of a ws listener: a bad frame costs the sender an error, nothing else. */
function onFrame(ctx: RealtimeContext, connection: Connection, raw: RawData, isBinary: boolean): void {
  markSeen(ctx, connection);
  try {
    if (isBinary) return sendError(connection, null, 'Binary frames are not supported');
    const parsed = parseClientFrame(rawText(raw));
    if (!parsed.ok) return sendError(connection, null, parsed.error);
    handleMessage(ctx, connection, parsed.message).catch((error: unknown) =>
      logFailure(ctx, connection, error),
    );
  } catch (error) {
    logFailure(ctx, connection, error);
  }
}

async function handleMessage(
  ctx: RealtimeContext,
  connection: Connection,
  message: ClientMessage,
): Promise<void> {
  switch (message.type) {
    case 'ping':
      return sendMessage(connection, { event: 'pusher:pong' });
    case 'pong':
      return;
    case 'subscribe':
      return subscribe(ctx, connection, message);
    case 'unsubscribe':
      return unsubscribe(ctx, connection, message.channel);
    case 'client_event':
      return relayClientEvent(ctx, connection, message);
    case 'signin':
      return signin(ctx, connection, message);
    case 'ignored':
      ctx.logger.debug({ socketId: connection.socketId, event: message.event }, 'realtime event ignored');
      return;
    default:
      return assertNever(message);
  }
}

function onClose(ctx: RealtimeContext, connection: Connection): void {
  ctx.connections.delete(connection.socketId);
  forgetSignin(ctx, connection);
  const cleanup = unsubscribeAll(ctx, connection)
    .catch((error: unknown) => logFailure(ctx, connection, error))
    .finally(() => ctx.pendingCleanups.delete(cleanup));
  ctx.pendingCleanups.add(cleanup);
}

function logFailure(ctx: RealtimeContext, connection: Connection, error: unknown): void {
  ctx.logger.error({ err: error, socketId: connection.socketId }, 'realtime message handling failed');
}

function rawText(raw: RawData): string {
  if (Buffer.isBuffer(raw)) return raw.toString('utf8');
  if (Array.isArray(raw)) return Buffer.concat(raw).toString('utf8');
  return Buffer.from(raw).toString('utf8');
}

function safeDecode(text: string): string {
  try {
    return decodeURIComponent(text);
  } catch {
    return text;
  }
}
