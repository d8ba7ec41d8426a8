import { createHash, createHmac, randomInt, timingSafeEqual } from 'node:crypto';

/** The app's credentials: the key is public (in the page), the secret never leaves the server. */
export interface AppCredentials {
  key: string;
  secret: string;
}

/** Socket ids are two random integers, `\d+\.\d+`, the only shape the `pusher` SDK signs for. */
const SOCKET_ID_PART_MAX = 2 ** 47;

export function generateSocketId(): string {
  return `${randomInt(1, SOCKET_ID_PART_MAX)}.${randomInt(1, SOCKET_ID_PART_MAX)}`;
}

export function hmacSha256Hex(secret: string, text: string): string {
  return createHmac('sha256', secret).update(text, 'utf8').digest('hex');
}

export function md5Hex(body: string | Buffer): string {
  return createHash('md5').update(body).digest('hex');
}

/**
 * `socket_id:channel` for private channels, `socket_id:channel:channel_data` for presence, where
 * channel_data is the exact JSON string the client sends on subscribe.
 */
export function channelStringToSign(socketId: string, channel: string, channelData?: string): string {
  return channelData === undefined ? `${socketId}:${channel}` : `${socketId}:${channel}:${channelData}`;
}

/** The `auth` value a client sends with pusher:subscribe: `key:hex-hmac`. */
export function signChannelAuth(
  credentials: AppCredentials,
  socketId: string,
  channel: string,
  channelData?: string,
): string {
  const digest = hmacSha256Hex(credentials.secret, channelStringToSign(socketId, channel, channelData));
  return `${credentials.key}:${digest}`;
}

export function verifyChannelAuth(
  credentials: AppCredentials,
  auth: string | undefined,
  socketId: string,
  channel: string,
  channelData?: string,
): boolean {
  if (auth === undefined) return false;
  return constantTimeEqual(auth, signChannelAuth(credentials, socketId, channel, channelData));
}

/** `pusher:signin`'s signature: `socket_id::user::user_data`, user_data exactly as sent. */
export function signUserAuth(credentials: AppCredentials, socketId: string, userData: string): string {
  return `${credentials.key}:${hmacSha256Hex(credentials.secret, `${socketId}::user::${userData}`)}`;
}

export function verifyUserAuth(
  credentials: AppCredentials,
  auth: string,
  socketId: string,
  userData: string,
): boolean {
  return constantTimeEqual(auth, signUserAuth(credentials, socketId, userData));
}

/** Compares without leaking where the strings differ; only the length can be learnt. */
export function constantTimeEqual(given: string, expected: string): boolean {
  const a = Buffer.from(given, 'utf8');
  const b = Buffer.from(expected, 'utf8');
  if (a.length !== b.length) {
    timingSafeEqual(b, b);
    return false;
  }
  return timingSafeEqual(a, b);
}

/**
 * HTTP API signature: `METHOD\nPATH\nquery` where the query holds every parameter except
 * auth_signature, keys lower-cased, sorted by key, joined as k=v with & and not URL-escaped.
 */
export function httpStringToSign(method: string, path: string, params: Record<string, string>): string {
  const query = Object.keys(params)
    .map((key) => [key.toLowerCase(), params[key] ?? ''] as const)
    .filter(([key]) => key !== 'auth_signature')
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
    .map(([key, value]) => `${key}=${value}`)
    .join('&');
  return `${method.toUpperCase()}\n${path}\n${query}`;
}
