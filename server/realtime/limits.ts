/**
 * Every limit of the embedded Pusher-compatible server in one place. The numbers copy hosted
 * Pusher's published limits so that anything that works against the
 * embedded server also works against hosted Pusher, soketi or Reverb.
 */

/** The only protocol version the server speaks; pusher-js 8 always sends 7. */
export const PROTOCOL_VERSION = 7;
/** Versions 5 and 6 use the same frames; 1–4 are long gone. A missing value counts as 7. */
export const MIN_PROTOCOL_VERSION = 5;

/** Seconds of silence after which either side pings; soketi and Reverb also send 30. */
export const DEFAULT_ACTIVITY_TIMEOUT_SECONDS = 30;
/** After our ping, this long for any frame before the socket is closed with 4201. */
export const DEFAULT_PONG_TIMEOUT_SECONDS = 30;
/** Upper bound for the liveness sweep interval; shorter when the activity timeout is short. */
export const LIVENESS_SWEEP_MAX_INTERVAL_MS = 1_000;

/** Hosted Pusher refuses event data above 10 KB (measured on the data bytes) with 413. */
export const MAX_EVENT_DATA_BYTES = 10 * 1024;
/** Event data plus envelope (name, channel, escaping); larger frames are refused by ws (1009). */
export const MAX_WS_FRAME_BYTES = 16 * 1024;
/** Event names: the Node SDK's limit. */
export const MAX_EVENT_NAME_LENGTH = 200;
/**
 * Channel names: the docs say 164, the Node SDK accepts 200. We enforce the smaller number so
 * a name that works here also works on hosted Pusher.
 */
export const MAX_CHANNEL_NAME_LENGTH = 164;
/** Channels in one HTTP trigger. */
export const MAX_CHANNELS_PER_TRIGGER = 100;
/** Events in one HTTP batch trigger (multi-tenant clusters). */
export const MAX_EVENTS_PER_BATCH = 10;

/** Distinct users per presence channel. */
export const MAX_PRESENCE_MEMBERS = 100;
/** Presence user ids, in characters. */
export const MAX_PRESENCE_USER_ID_LENGTH = 128;
/** The JSON of one presence member's user_info, in bytes. */
export const MAX_PRESENCE_USER_INFO_BYTES = 1024;

/** User ids of `pusher:signin` (and of `#server-to-user-{id}` channels), in characters. */
export const MAX_USER_ID_LENGTH = 128;
/** The `user_data` JSON a sign-in carries, in bytes (hosted Pusher: 1 KB of user_info). */
export const MAX_USER_DATA_BYTES = 2 * 1024;

/** Client events (`client-*`) one connection may send per window before 4301. */
export const CLIENT_EVENTS_PER_WINDOW = 10;
export const CLIENT_EVENT_WINDOW_MS = 1_000;

/** A socket whose unsent bytes pass this is too slow to keep up; closed with 4100 (back off). */
export const MAX_BUFFERED_BYTES_PER_SOCKET = 1024 * 1024;
/** Connections one server accepts before answering 4004 (over quota). */
export const DEFAULT_MAX_CONNECTIONS = 20_000;
/** On shutdown, sockets that have not finished their closing handshake are cut after this. */
export const CLOSE_GRACE_MS = 1_000;

/** HTTP API: the signed timestamp may be this far from our clock, either way. */
export const HTTP_AUTH_TIMESTAMP_WINDOW_SECONDS = 600;
/**
 * Longest path parameter the router matches (its default is 100): a channel name (164) or a
 * user id, percent-encoded, must reach the API rather than fall through to a 404.
 */
export const HTTP_API_MAX_PARAM_LENGTH = 3 * MAX_CHANNEL_NAME_LENGTH;
/** HTTP API: raw request bodies; a full batch of 10 KB events with escaping fits. */
export const HTTP_API_BODY_LIMIT_BYTES = 256 * 1024;

/** socket_id as pusher-js and the `pusher` SDK expect it. */
export const SOCKET_ID_PATTERN = /^\d+\.\d+$/;
export const MAX_SOCKET_ID_LENGTH = 64;
/** Allowed channel-name characters (hosted Pusher); `#` is reserved for server-to-user channels. */
export const CHANNEL_NAME_PATTERN = /^[A-Za-z0-9_\-=@,.;]+$/;

/** Publishing through the `pusher` SDK gives up after this long (it has no default timeout). */
export const PUBLISH_TIMEOUT_MS = 10_000;

/** With Redis: each node renews its `alive` key this often… */
export const PRESENCE_HEARTBEAT_INTERVAL_MS = 2_000;
/** …which expires this long after the last renewal: a node silent this long is presumed dead. */
export const PRESENCE_NODE_TTL_MS = 6_000;
/** Every node looks for dead nodes this often and removes their presence members. */
export const PRESENCE_REAP_INTERVAL_MS = 2_000;
/** So members of a killed node are gone (member_removed sent) at most this long after it died. */
export const PRESENCE_REAP_WITHIN_MS = PRESENCE_NODE_TTL_MS + PRESENCE_REAP_INTERVAL_MS;

/** Webhooks: events wait this long for others to go out in the same request. */
export const WEBHOOK_BATCH_DELAY_MS = 250;
/** …and a batch holding this many goes at once. */
export const WEBHOOK_MAX_EVENTS_PER_BATCH = 100;
/** One webhook request gives up (and counts as failed) after this long. */
export const WEBHOOK_TIMEOUT_MS = 5_000;
/** A failed batch (no answer, or not 2xx) is sent again after each of these delays, then dropped. */
export const WEBHOOK_RETRY_DELAYS_MS: readonly number[] = [1_000, 5_000, 30_000, 120_000];
/** Batches waiting for a retry at most; past this the oldest is dropped (and logged). */
export const WEBHOOK_MAX_PENDING_BATCHES = 1_000;
