import { z } from './zod';

/**
 * The kinds of notification an account chooses to have pushed, each on by default. Quotes go
 * with reposts, follow requests with new followers: one choice per kind a person thinks of.
 */
export const PUSHED_NOTIFICATION_KINDS = ['mention', 'reply', 'like', 'repost', 'follow'] as const;
export type PushedNotificationKind = (typeof PUSHED_NOTIFICATION_KINDS)[number];

/** A push service's endpoint URL: the longest seen in the wild is well under this. */
export const PUSH_ENDPOINT_MAX_LENGTH = 1024;
/** Devices one account may have subscribed at once; the oldest make way for a new one. */
export const PUSH_SUBSCRIPTIONS_PER_ACCOUNT = 20;

/** Base64url without padding, of exactly `bytes` bytes (RFC 8291's key and secret). */
function base64urlOf(bytes: number, name: string) {
  const length = Math.ceil((bytes * 4) / 3);
  return z
    .string()
    .length(length, `${name} must be ${bytes} bytes, base64url-encoded.`)
    .regex(/^[A-Za-z0-9_-]+$/, `${name} must be base64url-encoded.`);
}

/**
 * POST /api/v1/me/push-subscriptions: the browser's PushSubscription as `toJSON()` gives it.
 * `p256dh` is the device's P-256 public key (65 bytes), `auth` its 16-byte secret.
 */
export const pushSubscribeRequestSchema = z.object({
  endpoint: z
    .url({ protocol: /^https?$/, error: 'The endpoint must be an https URL.' })
    .max(PUSH_ENDPOINT_MAX_LENGTH),
  expirationTime: z.number().nullable().optional(),
  keys: z.object({ p256dh: base64urlOf(65, 'p256dh'), auth: base64urlOf(16, 'auth') }),
});
export type PushSubscribeRequest = z.input<typeof pushSubscribeRequestSchema>;

/** One device, as the settings list shows it. Its endpoint and keys never leave the server. */
export const pushDeviceSchema = z.strictObject({
  id: z.string(),
  /** "Chrome on Android", from the browser that subscribed. */
  device: z.string(),
  createdAt: z.iso.datetime(),
  lastPushedAt: z.iso.datetime().nullable(),
  /** Subscribed from the session making this request. */
  isThisSession: z.boolean(),
});
export type PushDevice = z.output<typeof pushDeviceSchema>;

export const pushDeviceResponseSchema = z.strictObject({ device: pushDeviceSchema });
export const pushDeviceListSchema = z.strictObject({
  devices: z.array(pushDeviceSchema),
  /** The server's VAPID public key (base64url): a browser subscribes with it as applicationServerKey. */
  applicationServerKey: z.string(),
});
export type PushDeviceList = z.output<typeof pushDeviceListSchema>;

export const pushDeviceParamsSchema = z.object({ id: z.uuid() }).strict();

/** GET and PUT /api/v1/me/push-settings: which kinds are pushed to every device of the account. */
export const pushSettingsSchema = z.strictObject({
  mention: z.boolean(),
  reply: z.boolean(),
  like: z.boolean(),
  repost: z.boolean(),
  follow: z.boolean(),
});
export type PushSettings = z.output<typeof pushSettingsSchema>;

/**
 * What a push carries: exactly what the notification shows, and where a click goes. The
 * service worker shows it as it is (client/service-worker/push-notifications.ts).
 */
export const pushPayloadSchema = z.strictObject({
  title: z.string(),
  body: z.string(),
  /** A path of the app ("/p/<id>"), opened on click. */
  url: z.string().startsWith('/'),
  /** The notification group: a later push of the same group replaces the shown one. */
  tag: z.string(),
});
export type PushPayload = z.output<typeof pushPayloadSchema>;
