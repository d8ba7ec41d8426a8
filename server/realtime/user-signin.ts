import { userIdSchema } from './channel-names';
import { type Connection, sendError, sendMessage } from './connection';
import { MAX_USER_DATA_BYTES } from './limits';
import { CloseCode, ErrorCode } from './protocol';
import type { RealtimeContext } from './realtime-context';
import { verifyUserAuth } from './signatures';

export interface SigninRequest {
  auth: string;
  userData: string;
}

/** What terminated connections are told, in the pusher:error frame and the close frame. */
export const TERMINATED_MESSAGE = 'You got disconnected by the app.';

/**
 * `pusher:signin`: the app vouches (HMAC of `socket_id::user::user_data`) that this connection
 * is user `user_data.id`. The connection can then join `#server-to-user-{id}` and is closed
 * when the app terminates that user's connections. A refusal is a pusher:error 4009; the
 * connection stays open, as after a refused subscription. A connection signs in once: a second
 * sign-in as someone else is refused rather than moving its server-to-user channel.
 */
export function signin(ctx: RealtimeContext, connection: Connection, request: SigninRequest): void {
  const userId = userIdOf(request.userData);
  if (userId === null) {
    return sendError(connection, ErrorCode.unauthorized, 'Invalid user_data: a JSON object with a string id');
  }
  if (!verifyUserAuth(ctx.credentials, request.auth, connection.socketId, request.userData)) {
    return sendError(connection, ErrorCode.unauthorized, 'Invalid signature for pusher:signin');
  }
  if (connection.userId !== null && connection.userId !== userId) {
    return sendError(connection, ErrorCode.unauthorized, 'This connection is signed in as another user');
  }
  connection.userId = userId;
  let sockets = ctx.users.get(userId);
  if (!sockets) {
    sockets = new Set();
    ctx.users.set(userId, sockets);
  }
  sockets.add(connection);
  sendMessage(connection, { event: 'pusher:signin_success', data: { user_data: request.userData } });
}

/** On close: the user's index no longer holds this connection. */
export function forgetSignin(ctx: RealtimeContext, connection: Connection): void {
  if (connection.userId === null) return;
  const sockets = ctx.users.get(connection.userId);
  sockets?.delete(connection);
  if (sockets?.size === 0) ctx.users.delete(connection.userId);
}

/**
 * Closes this process's connections signed in as the user, the way hosted Pusher does: a
 * pusher:error 4009, then close code 4009, so pusher-js does not reconnect on its own.
 * Returns how many were closed.
 */
export function terminateLocalUserConnections(ctx: RealtimeContext, userId: string): number {
  const sockets = [...(ctx.users.get(userId) ?? [])];
  for (const connection of sockets) {
    sendError(connection, CloseCode.unauthorized, TERMINATED_MESSAGE);
    connection.ws.close(CloseCode.unauthorized, TERMINATED_MESSAGE);
  }
  return sockets.length;
}

function userIdOf(userData: string): string | null {
  if (Buffer.byteLength(userData, 'utf8') > MAX_USER_DATA_BYTES) return null;
  let parsed: unknown;
  try {
    parsed = JSON.parse(userData);
  } catch {
    return null;
  }
  if (typeof parsed !== 'object' || parsed === null) return null;
  const id = userIdSchema.safeParse((parsed as { id?: unknown }).id);
  return id.success ? id.data : null;
}
