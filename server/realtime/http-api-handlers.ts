import type { z } from 'zod';
import { errors } from '../errors';
import { channelKind, channelNameSchema, userIdSchema } from './channel-names';
import type { FanOutMessage } from './fan-out';
import { MAX_EVENT_DATA_BYTES } from './limits';
import type { RealtimeServer } from './realtime-server';
import { batchBodySchema, describeIssues, isDataTooLarge, triggerBodySchema } from './trigger-rules';

/** The Pusher HTTP API endpoints, past signature checking (http-api.ts). */
type ChannelAttributes = { user_count?: number; subscription_count?: number };

/** POST /apps/{id}/events: one event to 1–100 channels, optionally minus one socket. */
export async function triggerEvent(realtime: RealtimeServer, rawBody: unknown) {
  const body = parseJsonBody(rawBody, triggerBodySchema);
  if (isDataTooLarge(body.data)) throw errors.payloadTooLarge(MAX_EVENT_DATA_BYTES);
  const channels = body.channels ?? (body.channel === undefined ? [] : [body.channel]);
  await realtime.publish(channels.map((channel) => toMessage({ ...body, channel })));
  if (body.info === undefined) return {};
  const result: Record<string, ChannelAttributes> = {};
  for (const channel of channels) result[channel] = await attributesFor(realtime, channel, body.info);
  return { channels: result };
}

/** POST /apps/{id}/batch_events: up to 10 events, each with its own channel. */
export async function triggerBatch(realtime: RealtimeServer, rawBody: unknown) {
  const { batch } = parseJsonBody(rawBody, batchBodySchema);
  if (batch.some((event) => isDataTooLarge(event.data))) throw errors.payloadTooLarge(MAX_EVENT_DATA_BYTES);
  await realtime.publish(batch.map(toMessage));
  if (batch.every((event) => event.info === undefined)) return {};
  const infos = await Promise.all(
    batch.map(async (event) => (event.info ? attributesFor(realtime, event.channel, event.info) : {})),
  );
  return { batch: infos };
}

/** GET /apps/{id}/channels: occupied channels; user_count only when filtered to presence. */
export async function listChannels(realtime: RealtimeServer, rawQuery: string) {
  const query = new URLSearchParams(rawQuery);
  const prefix = query.get('filter_by_prefix') ?? '';
  const wantsUserCount = infoAttributes(query.get('info')).has('user_count');
  if (wantsUserCount && !prefix.startsWith('presence-')) {
    throw errors.invalidInfo('info=user_count needs filter_by_prefix=presence-');
  }
  const channels: Record<string, ChannelAttributes> = {};
  for (const name of await realtime.listChannels(prefix)) {
    channels[name] = wantsUserCount ? { user_count: (await realtime.channelInfo(name)).userCount ?? 0 } : {};
  }
  return { channels };
}

/** GET /apps/{id}/channels/{name}: occupied, plus user_count / subscription_count on request. */
export async function channelDetails(realtime: RealtimeServer, name: string, rawQuery: string) {
  const channel = parseChannelName(name);
  const attributes = infoAttributes(new URLSearchParams(rawQuery).get('info'));
  if (attributes.has('user_count') && channelKind(channel) !== 'presence') {
    throw errors.invalidInfo('info=user_count is only available for presence channels');
  }
  const info = await realtime.channelInfo(channel);
  return {
    occupied: info.occupied,
    ...(attributes.has('user_count') ? { user_count: info.userCount ?? 0 } : {}),
    ...(attributes.has('subscription_count') ? { subscription_count: info.subscriptionCount } : {}),
  };
}

/** GET /apps/{id}/channels/{presence-name}/users. */
export async function presenceUsers(realtime: RealtimeServer, name: string) {
  const channel = parseChannelName(name);
  if (channelKind(channel) !== 'presence') {
    throw errors.notPresence();
  }
  const ids = await realtime.presenceUserIds(channel);
  return { users: ids.map((id) => ({ id })) };
}

/** POST /apps/{id}/users/{user_id}/terminate_connections: every node closes that user's sockets. */
export async function terminateUserConnections(realtime: RealtimeServer, rawUserId: string) {
  const parsed = userIdSchema.safeParse(rawUserId);
  if (!parsed.success) throw errors.invalidUserId(describeIssues(parsed.error));
  await realtime.terminateUserConnections(parsed.data);
  return {};
}

function toMessage(event: { channel: string; name: string; data: string; socket_id?: string | undefined }) {
  const message: FanOutMessage = { channel: event.channel, event: event.name, data: event.data };
  if (event.socket_id !== undefined) message.excludeSocketId = event.socket_id;
  return message;
}

/** user_count only means something for presence channels; other channels just leave it out. */
async function attributesFor(
  realtime: RealtimeServer,
  channel: string,
  info: string,
): Promise<ChannelAttributes> {
  const attributes = infoAttributes(info);
  const current = await realtime.channelInfo(channel);
  const result: ChannelAttributes = {};
  if (attributes.has('user_count') && current.userCount !== undefined) result.user_count = current.userCount;
  if (attributes.has('subscription_count')) result.subscription_count = current.subscriptionCount;
  return result;
}

function infoAttributes(info: string | null | undefined): Set<string> {
  return new Set((info ?? '').split(',').map((attribute) => attribute.trim()));
}

function parseJsonBody<T>(body: unknown, schema: z.ZodType<T>): T {
  let json: unknown;
  try {
    json = JSON.parse(Buffer.isBuffer(body) ? body.toString('utf8') : '');
  } catch {
    throw errors.invalidJson('The request body is not valid JSON');
  }
  const parsed = schema.safeParse(json);
  if (!parsed.success) throw errors.invalidRequest(describeIssues(parsed.error));
  return parsed.data;
}

function parseChannelName(name: string): string {
  const parsed = channelNameSchema.safeParse(name);
  if (!parsed.success) throw errors.invalidChannel(describeIssues(parsed.error));
  return parsed.data;
}
