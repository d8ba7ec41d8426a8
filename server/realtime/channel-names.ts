import { z } from 'zod';
import {
  CHANNEL_NAME_PATTERN,
  MAX_CHANNEL_NAME_LENGTH,
  MAX_EVENT_NAME_LENGTH,
  MAX_SOCKET_ID_LENGTH,
  SOCKET_ID_PATTERN,
} from './limits';

/**
 * The kind of a channel follows from its name prefix. `private-encrypted-` channels carry
 * payloads the server never decrypts, so they behave as private ones except for client events.
 */
export type ChannelKind = 'public' | 'private' | 'encrypted' | 'presence';

export function channelKind(name: string): ChannelKind {
  if (name.startsWith('presence-')) return 'presence';
  if (name.startsWith('private-encrypted-')) return 'encrypted';
  if (name.startsWith('private-')) return 'private';
  return 'public';
}

export function requiresAuth(kind: ChannelKind): boolean {
  return kind !== 'public';
}

export function isValidChannelName(name: string): boolean {
  return name.length > 0 && name.length <= MAX_CHANNEL_NAME_LENGTH && CHANNEL_NAME_PATTERN.test(name);
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
  .regex(CHANNEL_NAME_PATTERN, 'Channel names use only A-Z a-z 0-9 _ - = @ , . ;');

export const socketIdSchema = z
  .string({ error: 'Give a socket id.' })
  .max(MAX_SOCKET_ID_LENGTH, 'That is not a socket id.')
  .regex(SOCKET_ID_PATTERN, 'That is not a socket id.');

export const eventNameSchema = z
  .string()
  .min(1)
  .max(MAX_EVENT_NAME_LENGTH, `Event names have at most ${MAX_EVENT_NAME_LENGTH} characters.`)
  .refine((name) => !isReservedEventName(name), 'Event names starting with pusher: are reserved.');
