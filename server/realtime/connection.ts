import { WebSocket } from 'ws';
import { MAX_BUFFERED_BYTES_PER_SOCKET } from './limits';
import { CloseCode, encodeServerMessage, type ServerMessage } from './protocol';

/** What a connection holds for one subscribed channel. */
export interface Membership {
  /** The presence user id, for presence channels only. */
  userId?: string;
}

/** Public and private subscriptions share one object: thousands of sockets, no per-channel cost. */
export const PLAIN_MEMBERSHIP: Membership = Object.freeze({});

/** One client socket and the little state the protocol needs per socket. */
export interface Connection {
  readonly socketId: string;
  readonly ws: WebSocket;
  readonly channels: Map<string, Membership>;
  /** Last time any frame (message or pong) arrived, epoch ms. */
  lastSeenAt: number;
  /** When we pinged and are still waiting for an answer, epoch ms. */
  pingSentAt: number | null;
  clientEventWindowStart: number;
  clientEventCount: number;
  /** The user this connection signed in as (`pusher:signin`); null until then. */
  userId: string | null;
}

export function createConnection(socketId: string, ws: WebSocket, now: number): Connection {
  return {
    socketId,
    ws,
    channels: new Map(),
    lastSeenAt: now,
    pingSentAt: null,
    clientEventWindowStart: 0,
    clientEventCount: 0,
    userId: null,
  };
}

const TEXT_FRAME = { binary: false } as const;

/**
 * Sends one already-encoded frame. A Buffer lets a broadcast encode its UTF-8 once for every
 * recipient. A consumer that cannot keep up is closed with 4100 so that pusher-js backs off
 * instead of the server buffering without bound.
 */
export function sendFrame(connection: Connection, frame: Buffer | string): void {
  const { ws } = connection;
  if (ws.readyState !== WebSocket.OPEN) return;
  if (ws.bufferedAmount > MAX_BUFFERED_BYTES_PER_SOCKET) {
    ws.close(CloseCode.overCapacity, 'Over capacity: the client does not read fast enough');
    return;
  }
  ws.send(frame, TEXT_FRAME);
}

export function sendMessage(connection: Connection, message: ServerMessage): void {
  sendFrame(connection, encodeServerMessage(message));
}

export function sendError(connection: Connection, code: number | null, message: string): void {
  sendMessage(connection, { event: 'pusher:error', data: { code, message } });
}
