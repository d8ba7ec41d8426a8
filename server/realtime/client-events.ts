import { channelKind } from './channel-names';
import { type Connection, sendError } from './connection';
import { CLIENT_EVENT_WINDOW_MS, CLIENT_EVENTS_PER_WINDOW, MAX_EVENT_DATA_BYTES } from './limits';
import { ErrorCode } from './protocol';
import type { RealtimeContext } from './realtime-context';

export interface ClientEventRequest {
  event: string;
  channel: string;
  data: unknown;
  dataBytes: number;
}

/**
 * `client-*` events go from one subscriber to the others, never back to the sender, and only on
 * private and presence channels (the app vouched for every subscriber there). Refusals are
 * pusher:error frames; the connection stays open.
 */
export async function relayClientEvent(
  ctx: RealtimeContext,
  connection: Connection,
  request: ClientEventRequest,
): Promise<void> {
  const refusal = refusalFor(ctx, connection, request);
  if (refusal) return sendError(connection, refusal.code, refusal.message);
  const membership = connection.channels.get(request.channel);
  ctx.webhooks.add({
    name: 'client_event',
    channel: request.channel,
    event: request.event,
    data: typeof request.data === 'string' ? request.data : (JSON.stringify(request.data) ?? 'null'),
    socket_id: connection.socketId,
    ...(membership?.userId === undefined ? {} : { user_id: membership.userId }),
  });
  await ctx.fanOut.publish([
    {
      channel: request.channel,
      event: request.event,
      data: request.data,
      excludeSocketId: connection.socketId,
      ...(membership?.userId === undefined ? {} : { userId: membership.userId }),
    },
  ]);
}

function refusalFor(
  ctx: RealtimeContext,
  connection: Connection,
  { channel, dataBytes }: ClientEventRequest,
): { code: number | null; message: string } | null {
  if (!ctx.enableClientEvents) {
    return { code: null, message: 'Client event rejected - client events are not enabled for this app' };
  }
  const kind = channelKind(channel);
  if (kind === 'encrypted') {
    return { code: null, message: 'Client event rejected - not supported on encrypted channels' };
  }
  if (kind !== 'private' && kind !== 'presence') {
    return { code: null, message: 'Client event rejected - only supported on private and presence channels' };
  }
  if (!connection.channels.has(channel)) {
    return { code: null, message: `Client event rejected - not subscribed to channel ${channel}` };
  }
  if (dataBytes > MAX_EVENT_DATA_BYTES) {
    return { code: null, message: `Client event rejected - data larger than ${MAX_EVENT_DATA_BYTES} bytes` };
  }
  if (!spendClientEventBudget(connection, ctx.now())) {
    return {
      code: ErrorCode.clientEventRateLimited,
      message: `Client event rejected - more than ${CLIENT_EVENTS_PER_WINDOW} per second`,
    };
  }
  return null;
}

/** A fixed one-second window per connection, as hosted Pusher counts. */
function spendClientEventBudget(connection: Connection, now: number): boolean {
  if (now - connection.clientEventWindowStart >= CLIENT_EVENT_WINDOW_MS) {
    connection.clientEventWindowStart = now;
    connection.clientEventCount = 0;
  }
  connection.clientEventCount += 1;
  return connection.clientEventCount <= CLIENT_EVENTS_PER_WINDOW;
}
