import { z } from 'zod';
import { MAX_EVENT_NAME_LENGTH } from './limits';

/**
 * Pusher Channels protocol 7, the wire format pusher-js speaks. Server-to-client `data` is a
 * JSON-encoded string ("double encoding"); client-to-server `data` arrives as an object (pusher-js)
 * or as a string (some other clients), so the parser accepts both.
 */

/** WebSocket close codes (the Pusher protocol's "Error codes"). 4000–4099: the client must not retry. */
export const CloseCode = {
  /** 4001: no app with this key here; pusher-js stops retrying. */
  unknownAppKey: 4001,
  /** 4004: over the connection quota; pusher-js stops retrying. */
  overQuota: 4004,
  /** 4007: unsupported protocol version. */
  unsupportedProtocol: 4007,
  /** 4009: the app terminated the signed-in user's connections; pusher-js stops retrying. */
  unauthorized: 4009,
  /** 4100: over capacity (here: a consumer too slow to drain its buffer); retry after 1 s. */
  overCapacity: 4100,
  /** 4200: generic "reconnect now", used on shutdown so clients come straight back. */
  reconnectNow: 4200,
  /** 4201: the connection stayed silent after our ping. */
  pongNotReceived: 4201,
} as const;
export type CloseCode = (typeof CloseCode)[keyof typeof CloseCode];

/** Codes carried inside pusher:error without closing (4300–4399 must never be close codes). */
export const ErrorCode = {
  /** 4009: not authorised (a channel, a sign-in); sent with the refusal, without a close. */
  unauthorized: 4009,
  /** 4301: client events over the per-connection rate. */
  clientEventRateLimited: 4301,
} as const;

export interface PresenceSnapshot {
  ids: string[];
  hash: Record<string, unknown>;
  count: number;
}

export interface SubscriptionErrorData {
  type: 'AuthError' | 'InvalidChannel' | 'InvalidChannelData' | 'LimitReached';
  error: string;
  status: number;
}

/** Frames the server sends about the connection itself or a subscription. */
export type ServerMessage =
  | { event: 'pusher:connection_established'; data: { socket_id: string; activity_timeout: number } }
  | { event: 'pusher:error'; data: { code: number | null; message: string } }
  | { event: 'pusher:ping' }
  | { event: 'pusher:pong' }
  | { event: 'pusher:signin_success'; data: { user_data: string } }
  | {
      event: 'pusher_internal:subscription_succeeded';
      channel: string;
      data: { presence?: PresenceSnapshot };
    }
  | { event: 'pusher:subscription_error'; channel: string; data: SubscriptionErrorData };

/** One event on one channel, as every subscriber receives it (triggers, client events, presence). */
export interface ChannelEvent {
  channel: string;
  event: string;
  /** Strings go out as they are (already JSON from the SDK); anything else is forwarded as sent. */
  data: unknown;
  /** The sender's presence user id on client events in presence channels. */
  userId?: string;
}

export const MemberEvent = {
  added: 'pusher_internal:member_added',
  removed: 'pusher_internal:member_removed',
} as const;

export function encodeServerMessage(message: ServerMessage): string {
  switch (message.event) {
    case 'pusher:ping':
    case 'pusher:pong':
      return JSON.stringify({ event: message.event, data: '{}' });
    case 'pusher:connection_established':
    case 'pusher:error':
    case 'pusher:signin_success':
      return JSON.stringify({ event: message.event, data: JSON.stringify(message.data) });
    case 'pusher_internal:subscription_succeeded':
    case 'pusher:subscription_error':
      return JSON.stringify({
        event: message.event,
        channel: message.channel,
        data: JSON.stringify(message.data),
      });
    default:
      return assertNever(message);
  }
}

export function encodeChannelEvent({ channel, event, data, userId }: ChannelEvent): string {
  return JSON.stringify(
    userId === undefined ? { event, channel, data } : { event, channel, data, user_id: userId },
  );
}

/** What a client frame means, once parsed. */
export type ClientMessage =
  | { type: 'ping' }
  | { type: 'pong' }
  | { type: 'subscribe'; channel: string; auth: string | undefined; channelData: string | undefined }
  | { type: 'unsubscribe'; channel: string }
  | { type: 'client_event'; event: string; channel: string; data: unknown; dataBytes: number }
  /** User authentication: `user_data` is the exact JSON string the app signed. */
  | { type: 'signin'; auth: string; userData: string }
  /** Other `pusher:` events and unknown names: ignored, as hosted Pusher does. */
  | { type: 'ignored'; event: string };

export type ParsedFrame = { ok: true; message: ClientMessage } | { ok: false; error: string };

const envelopeSchema = z.object({
  event: z.string().min(1).max(MAX_EVENT_NAME_LENGTH),
  channel: z.string().optional(),
  data: z.unknown().optional(),
});

/** `data` may be the object itself or its JSON string. */
const decodedData = <T extends z.ZodType>(schema: T) =>
  z.preprocess((value) => (typeof value === 'string' ? safeJsonParse(value) : value), schema);

const subscribeDataSchema = decodedData(
  z.object({
    channel: z.string(),
    auth: z.string().optional(),
    channel_data: z.string().optional(),
  }),
);
const unsubscribeDataSchema = decodedData(z.object({ channel: z.string() }));
const signinDataSchema = decodedData(z.object({ auth: z.string(), user_data: z.string() }));

export function parseClientFrame(text: string): ParsedFrame {
  const json = safeJsonParse(text);
  if (json === undefined) return { ok: false, error: 'Invalid JSON' };
  const envelope = envelopeSchema.safeParse(json);
  if (!envelope.success) return { ok: false, error: 'Invalid message: expected {event, channel?, data?}' };
  const { event, channel, data } = envelope.data;
  switch (event) {
    case 'pusher:ping':
      return { ok: true, message: { type: 'ping' } };
    case 'pusher:pong':
      return { ok: true, message: { type: 'pong' } };
    case 'pusher:subscribe': {
      const parsed = subscribeDataSchema.safeParse(data);
      if (!parsed.success) return { ok: false, error: 'Invalid pusher:subscribe: data.channel is required' };
      const { channel: name, auth, channel_data: channelData } = parsed.data;
      return { ok: true, message: { type: 'subscribe', channel: name, auth, channelData } };
    }
    case 'pusher:unsubscribe': {
      const parsed = unsubscribeDataSchema.safeParse(data);
      if (!parsed.success)
        return { ok: false, error: 'Invalid pusher:unsubscribe: data.channel is required' };
      return { ok: true, message: { type: 'unsubscribe', channel: parsed.data.channel } };
    }
    case 'pusher:signin': {
      const parsed = signinDataSchema.safeParse(data);
      if (!parsed.success)
        return { ok: false, error: 'Invalid pusher:signin: data.auth and data.user_data are required' };
      return {
        ok: true,
        message: { type: 'signin', auth: parsed.data.auth, userData: parsed.data.user_data },
      };
    }
    default:
      return parseOtherEvent(event, channel, data);
  }
}

function parseOtherEvent(event: string, channel: string | undefined, data: unknown): ParsedFrame {
  if (!event.startsWith('client-')) return { ok: true, message: { type: 'ignored', event } };
  if (channel === undefined) return { ok: false, error: 'Client event rejected - no channel given' };
  const dataBytes = Buffer.byteLength(typeof data === 'string' ? data : (JSON.stringify(data) ?? ''));
  return { ok: true, message: { type: 'client_event', event, channel, data, dataBytes } };
}

function safeJsonParse(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

export function assertNever(value: never): never {
  throw new Error(`Unexpected value: ${JSON.stringify(value)}`);
}
