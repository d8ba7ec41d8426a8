import { channelKind, isValidChannelName, requiresAuth, userIdOfChannel } from './channel-names';
import { type Connection, PLAIN_MEMBERSHIP, sendError, sendMessage } from './connection';
import { MAX_PRESENCE_USER_ID_LENGTH, MAX_PRESENCE_USER_INFO_BYTES } from './limits';
import type { PresenceMember } from './presence';
import { ErrorCode, MemberEvent, type SubscriptionErrorData } from './protocol';
import type { RealtimeContext } from './realtime-context';
import { verifyChannelAuth } from './signatures';

export interface SubscribeRequest {
  channel: string;
  auth: string | undefined;
  channelData: string | undefined;
}

/**
 * Subscribing twice is idempotent (subscription_succeeded again); unsubscribing from a channel
 * the socket is not in is a no-op, as in hosted Pusher.
 */
export async function subscribe(ctx: RealtimeContext, connection: Connection, request: SubscribeRequest) {
  const { channel, auth, channelData } = request;
  if (!isValidChannelName(channel)) {
    return refuse(connection, channel, null, {
      type: 'InvalidChannel',
      status: 400,
      error: `Invalid channel name: "${channel.slice(0, 200)}"`,
    });
  }
  const kind = channelKind(channel);
  if (kind === 'presence' && channelData === undefined) {
    return refuse(connection, channel, null, {
      type: 'InvalidChannelData',
      status: 400,
      error: 'Presence channels need channel_data',
    });
  }
  if (kind === 'user' && userIdOfChannel(channel) !== connection.userId) {
    return refuse(connection, channel, ErrorCode.unauthorized, {
      type: 'AuthError',
      status: 401,
      error: `Sign in as the user of ${channel} first (pusher:signin)`,
    });
  }
  const signedData = kind === 'presence' ? channelData : undefined;
  if (
    requiresAuth(kind) &&
    !verifyChannelAuth(ctx.credentials, auth, connection.socketId, channel, signedData)
  ) {
    return refuse(connection, channel, ErrorCode.unauthorized, {
      type: 'AuthError',
      status: 401,
      error: `Invalid signature for channel ${channel}`,
    });
  }
  if (kind === 'presence') return subscribePresence(ctx, connection, channel, channelData ?? '');
  ctx.registry.add(connection, channel, PLAIN_MEMBERSHIP);
  sendMessage(connection, { event: 'pusher_internal:subscription_succeeded', channel, data: {} });
}

async function subscribePresence(
  ctx: RealtimeContext,
  connection: Connection,
  channel: string,
  channelData: string,
): Promise<void> {
  const member = parseChannelData(channelData);
  if (typeof member === 'string') {
    return refuse(connection, channel, null, { type: 'InvalidChannelData', status: 400, error: member });
  }
  const membership = { userId: member.userId };
  if (!ctx.registry.add(connection, channel, membership)) {
    const presence = await ctx.presence.snapshot(channel);
    return sendMessage(connection, {
      event: 'pusher_internal:subscription_succeeded',
      channel,
      data: { presence },
    });
  }
  const joined = await ctx.presence.join(channel, connection.socketId, member);
  if (joined.outcome === 'full') {
    ctx.registry.remove(connection, channel);
    return refuse(connection, channel, null, {
      type: 'LimitReached',
      status: 403,
      error: `Presence channel ${channel} is full`,
    });
  }
  // The socket may have left or closed while the store answered; its leave already ran.
  if (connection.channels.get(channel) !== membership) return;
  const presence = await ctx.presence.snapshot(channel);
  sendMessage(connection, { event: 'pusher_internal:subscription_succeeded', channel, data: { presence } });
  if (!joined.isFirstForUser) return;
  ctx.webhooks.add({ name: 'member_added', channel, user_id: member.userId });
  const data = JSON.stringify({ user_id: member.userId, user_info: member.userInfo });
  await ctx.fanOut.publish([
    { channel, event: MemberEvent.added, data, excludeSocketId: connection.socketId },
  ]);
}

export async function unsubscribe(
  ctx: RealtimeContext,
  connection: Connection,
  channel: string,
): Promise<void> {
  const membership = ctx.registry.remove(connection, channel);
  if (membership?.userId === undefined) return;
  const left = await ctx.presence.leave(channel, connection.socketId);
  if (!left) return;
  ctx.webhooks.add({ name: 'member_removed', channel, user_id: left.userId });
  const data = JSON.stringify({ user_id: left.userId });
  await ctx.fanOut.publish([{ channel, event: MemberEvent.removed, data }]);
}

/** On close: every channel is left, so presence members leave with their last socket. */
export async function unsubscribeAll(ctx: RealtimeContext, connection: Connection): Promise<void> {
  const channels = [...connection.channels.keys()];
  await Promise.all(channels.map((channel) => unsubscribe(ctx, connection, channel)));
}

/**
 * Both pusher:error (what hosted Pusher sends, no channel) and pusher:subscription_error (what
 * soketi sends, routed by pusher-js to the channel) so app code written for either sees it.
 */
function refuse(connection: Connection, channel: string, code: number | null, error: SubscriptionErrorData) {
  sendError(connection, code, error.error);
  sendMessage(connection, { event: 'pusher:subscription_error', channel, data: error });
}

/** The presence member from channel_data, or a message saying what is wrong with it. */
export function parseChannelData(channelData: string): PresenceMember | string {
  let parsed: unknown;
  try {
    parsed = JSON.parse(channelData);
  } catch {
    return 'channel_data is not valid JSON';
  }
  if (typeof parsed !== 'object' || parsed === null) return 'channel_data must be a JSON object';
  const { user_id: rawUserId, user_info: userInfo = null } = parsed as Record<string, unknown>;
  if (typeof rawUserId !== 'string' && typeof rawUserId !== 'number')
    return 'channel_data.user_id is required';
  const userId = String(rawUserId);
  if (userId.length === 0 || userId.length > MAX_PRESENCE_USER_ID_LENGTH) {
    return `channel_data.user_id must have 1 to ${MAX_PRESENCE_USER_ID_LENGTH} characters`;
  }
  if (Buffer.byteLength(JSON.stringify(userInfo)) > MAX_PRESENCE_USER_INFO_BYTES) {
    return `channel_data.user_info is larger than ${MAX_PRESENCE_USER_INFO_BYTES} bytes`;
  }
  return { userId, userInfo };
}
