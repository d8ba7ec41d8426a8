import { z } from './zod';
import { displayNameSchema, HANDLE_MAX_LENGTH } from './auth';
import { INVALID_TEXT_MESSAGE, isAcceptableText } from './text-input';
import type { ImageVariant } from './media';

export const handleParamSchema = z.object({
  handle: z
    .string()
    .max(HANDLE_MAX_LENGTH + 1)
    .transform((handle) => handle.replace(/^@/, '')),
});

/** Longest bio, in characters (Bluesky allows 256, Mastodon 500). */
export const BIO_MAX_LENGTH = 300;
/** Square sizes every avatar is stored in, in pixels: 48 for lists up to 400 for profiles. */
export const AVATAR_SIZES = [48, 96, 192, 400] as const;

/** A square profile picture in each of AVATAR_SIZES; WebP with a JPEG fallback. */
export interface Avatar {
  webp: ImageVariant[];
  fallback: ImageVariant[];
}

export interface PublicProfile {
  id: string;
  handle: string;
  displayName: string;
  bio: string;
  /** Null: show the initials. */
  avatar: Avatar | null;
  createdAt: string;
}

export interface ProfileCounts {
  posts: number;
  replies: number;
  /** Likes on everything the account wrote. */
  likesReceived: number;
}

/** How the reader stands towards a profile; all false for anonymous readers and one's own profile. */
export interface ProfileViewer {
  /** The reader blocks this account. */
  blocking: boolean;
  /** The reader mutes this account. */
  muting: boolean;
  /** The reader is shown none of this account's posts: a block either way, or a mute. */
  postsHidden: boolean;
}

export interface ProfileResponse {
  user: PublicProfile;
  /** Null when `viewer.postsHidden`: counts of posts the reader is not shown would disagree with the page. */
  counts: ProfileCounts | null;
  viewer: ProfileViewer;
}

/** Handles suggested at once while typing an @mention. */
export const HANDLE_SUGGESTIONS_LIMIT = 8;

export const userSearchQuerySchema = z.object({
  prefix: z
    .string()
    .max(HANDLE_MAX_LENGTH + 1)
    .transform((prefix) => prefix.replace(/^@/, '')),
});

export interface UserSearchResponse {
  users: PublicProfile[];
}

// --- The signed-in account: /api/v1/me --------------------------------------------------------

export const bioSchema = z
  .string({ error: 'Write a bio, or leave it empty.' })
  .trim()
  .max(BIO_MAX_LENGTH, `Bios have at most ${BIO_MAX_LENGTH} characters.`)
  .refine(isAcceptableText, INVALID_TEXT_MESSAGE);

/** PATCH /api/v1/me/profile: either field may be left out. */
export const updateProfileRequestSchema = z
  .object({ displayName: displayNameSchema.optional(), bio: bioSchema.optional() })
  .strict();
export type UpdateProfileRequest = z.input<typeof updateProfileRequestSchema>;

/** One signed-in browser or device. */
export interface SessionSummary {
  id: string;
  /** "Firefox on Windows", from the User-Agent the session was started with. */
  device: string;
  createdAt: string;
  lastSeenAt: string;
  isCurrent: boolean;
}

export interface SessionsResponse {
  sessions: SessionSummary[];
}

/** Session ids are hex HMACs (see the auth feature); anything else is no session of ours. */
export const sessionIdParamSchema = z.object({
  id: z.string().regex(/^[0-9a-f]{64}$/, 'Not a session id.'),
});

export interface RevokedSessionsResponse {
  revoked: number;
}
