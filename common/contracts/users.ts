import { z } from './zod';
import { displayNameSchema, HANDLE_MAX_LENGTH } from './auth';
import { INVALID_TEXT_MESSAGE, isAcceptableText } from './text-input';
import { avatarSchema } from './media';

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

// A profile picture is an image like any other: its shape lives with the media contract.
export { type Avatar, avatarSchema } from './media';

export const publicProfileSchema = z.strictObject({
  id: z.string(),
  handle: z.string(),
  displayName: z.string(),
  bio: z.string(),
  /** Null: show the initials. */
  avatar: avatarSchema.nullable(),
  createdAt: z.string(),
  /** Following the account needs its owner's approval. */
  locked: z.boolean(),
});
export type PublicProfile = z.output<typeof publicProfileSchema>;

export const profileCountsSchema = z.strictObject({
  posts: z.number(),
  replies: z.number(),
  /** Likes on everything the account wrote. */
  likesReceived: z.number(),
  followers: z.number(),
  following: z.number(),
});
export type ProfileCounts = z.output<typeof profileCountsSchema>;

/** How the reader stands towards a profile; all false for anonymous readers and one's own profile. */
export const profileViewerSchema = z.strictObject({
  /** The reader blocks this account. */
  blocking: z.boolean(),
  /** The reader mutes this account. */
  muting: z.boolean(),
  /** The reader is shown none of this account's posts: a block either way, or a mute. */
  postsHidden: z.boolean(),
  /** Whether the reader follows the account, or waits for its approval. */
  follow: z.enum(['none', 'requested', 'following']),
  /** The account follows the reader. */
  followsYou: z.boolean(),
});
export type ProfileViewer = z.output<typeof profileViewerSchema>;

export const profileResponseSchema = z.strictObject({
  user: publicProfileSchema,
  /** Null when `viewer.postsHidden`: counts of posts the reader is not shown would disagree with the page. */
  counts: profileCountsSchema.nullable(),
  viewer: profileViewerSchema,
});
export type ProfileResponse = z.output<typeof profileResponseSchema>;

/** Handles suggested at once while typing an @mention. */
export const HANDLE_SUGGESTIONS_LIMIT = 8;

export const userSearchQuerySchema = z.object({
  prefix: z
    .string()
    .max(HANDLE_MAX_LENGTH + 1)
    .transform((prefix) => prefix.replace(/^@/, '')),
});

export const userSearchResponseSchema = z.strictObject({ users: z.array(publicProfileSchema) });
export type UserSearchResponse = z.output<typeof userSearchResponseSchema>;

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
export const sessionSummarySchema = z.strictObject({
  id: z.string(),
  /** "Firefox on Windows", from the User-Agent the session was started with. */
  device: z.string(),
  createdAt: z.string(),
  lastSeenAt: z.string(),
  isCurrent: z.boolean(),
});
export type SessionSummary = z.output<typeof sessionSummarySchema>;

export const sessionsResponseSchema = z.strictObject({ sessions: z.array(sessionSummarySchema) });
export type SessionsResponse = z.output<typeof sessionsResponseSchema>;

/** Session ids are hex HMACs (see the auth feature); anything else is no session of ours. */
export const sessionIdParamSchema = z.object({
  id: z.string().regex(/^[0-9a-f]{64}$/, 'Not a session id.'),
});

export const revokedSessionsResponseSchema = z.strictObject({ revoked: z.number() });
export type RevokedSessionsResponse = z.output<typeof revokedSessionsResponseSchema>;
