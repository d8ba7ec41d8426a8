import { z } from 'zod';
import {
  CHANNEL_NAME_PATTERN,
  MAX_CHANNEL_NAME_LENGTH,
  MAX_EVENT_NAME_LENGTH,
  MAX_SOCKET_ID_LENGTH,
  MAX_USER_ID_LENGTH,
  SOCKET_ID_PATTERN,
} from './limits';

/**
 * The kind of a channel follows from its name prefix. `private-encrypted-` channels carry
 * payloads the server never decrypts, so they behave as private ones except for client events.
 * `#server-to-user-{id}` channels belong to the connections signed in as that user.
 */
export type ChannelKind = 'public' | 'private' | 'encrypted' | 'presence' | 'user';

/** `#` may start no other name: the prefix of the channel a signed-in user's events go to. */
export const SERVER_TO_USER_PREFIX = '#server-to-user-';

export function serverToUserChannel(userId: string): string {
  return `${SERVER_TO_USER_PREFIX}${userId}`;
}

/** The user a `#server-to-user-{id}` channel belongs to; null for any other name. */
export function userIdOfChannel(name: string): string | null {
  return name.startsWith(SERVER_TO_USER_PREFIX) ? name.slice(SERVER_TO_USER_PREFIX.length) : null;
}

export function channelKind(name: string): ChannelKind {
  if (name.startsWith(SERVER_TO_USER_PREFIX)) return 'user';
  if (name.startsWith('presence-')) return 'presence';
  if (name.startsWith('private-encrypted-')) return 'encrypted';
  if (name.startsWith('private-')) return 'private';
  return 'public';
}

/** Channels whose subscription carries the app's signature (`auth`). */
export function requiresAuth(kind: ChannelKind): boolean {
  return kind === 'private' || kind === 'encrypted' || kind === 'presence';
}

export function isValidChannelName(name: string): boolean {
  if (name.length === 0 || name.length > MAX_CHANNEL_NAME_LENGTH) return false;
  const userId = userIdOfChannel(name);
  return CHANNEL_NAME_PATTERN.test(userId ?? name);
}

export function isValidSocketId(socketId: string): boolean {
  return socketId.length <= MAX_SOCKET_ID_LENGTH && SOCKET_ID_PATTERN.test(socketId);
}

/** Names our server reserves for itself; apps cannot trigger them over HTTP. */
export function isReservedEventName(name: string): boolean {
  return name.startsWith('pusher:') || name.startsWith('pusher_internal:');
}

export const channelNameSchema = z
  .string({ error: 'Give a channel name.' })
  .min(1, 'Give a channel name.')
  .max(MAX_CHANNEL_NAME_LENGTH, `Channel names have at most ${MAX_CHANNEL_NAME_LENGTH} characters.`)
  .refine(
    (name) => CHANNEL_NAME_PATTERN.test(userIdOfChannel(name) ?? name),
    'Channel names use only A-Z a-z 0-9 _ - = @ , . ; (and #server-to-user- before a user id)',
  );

/** User ids as `pusher:signin` and the HTTP API's users paths carry them. */
export const userIdSchema = z
  .string({ error: 'Give a user id.' })
  .min(1, 'Give a user id.')
  .max(MAX_USER_ID_LENGTH, `User ids have at most ${MAX_USER_ID_LENGTH} characters.`)
  .regex(CHANNEL_NAME_PATTERN, 'User ids use only A-Z a-z 0-9 _ - = @ , . ;');

export const socketIdSchema = z
  .string({ error: 'Give a socket id.' })
  .max(MAX_SOCKET_ID_LENGTH, 'That is not a socket id.')
  .regex(SOCKET_ID_PATTERN, 'That is not a socket id.');

export const eventNameSchema = z
  .string()
  .min(1)
  .max(MAX_EVENT_NAME_LENGTH, `Event names have at most ${MAX_EVENT_NAME_LENGTH} characters.`)
  .refine((name) => !isReservedEventName(name), 'Event names starting with pusher: are reserved.');
