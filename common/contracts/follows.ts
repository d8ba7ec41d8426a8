import { z } from './zod';
import { publicProfileSchema } from './users';

/** Accounts per page of a followers, following or follow-requests list. */
export const FOLLOW_LIST_PAGE_SIZE = 40;

/** Accounts suggested at most on an empty Home ("Who to follow"). */
export const FOLLOW_SUGGESTIONS_LIMIT = 8;

/** Suggestions fill up with the authors of the most top-level posts in this last stretch. */
export const FOLLOW_SUGGESTIONS_ACTIVITY_WINDOW_MS = 7 * 24 * 60 * 60 * 1000;

/**
 * How the reader stands towards an account they might follow: not following, waiting for a
 * locked account to approve, or following.
 */
export const FOLLOW_STATES = ['none', 'requested', 'following'] as const;
export type FollowState = (typeof FOLLOW_STATES)[number];

export const followTargetParamsSchema = z.object({ userId: z.uuid({ error: 'Not an account id.' }) });

export const followResponseSchema = z.strictObject({
  state: z.enum(FOLLOW_STATES),
  /** The account's followers after the change. */
  followerCount: z.number(),
});
export type FollowResponse = z.output<typeof followResponseSchema>;

export const followListQuerySchema = z.object({ cursor: z.string().max(200).optional() });

export const followListResponseSchema = z.strictObject({
  users: z.array(publicProfileSchema),
  /**
   * How the signed-in reader stands towards the listed accounts they could follow, by account
   * id: every one but the reader and those a block stands between; empty for a visitor, and in
   * the reader's follow requests (whose rows are answered, not followed).
   */
  viewerFollows: z.record(z.string(), z.enum(FOLLOW_STATES)),
  /** Opaque; pass back as ?cursor= for the next (older) page. Null at the end. */
  nextCursor: z.string().nullable(),
});
export type FollowListResponse = z.output<typeof followListResponseSchema>;

/** Who may follow the account: anyone at once, or (locked) those its owner approves. */
export const followSettingsSchema = z.strictObject({ locked: z.boolean() });
export type FollowSettings = z.output<typeof followSettingsSchema>;

/**
 * What the reader's Home timeline is made of: the accounts they follow and the hashtags they
 * follow (their own posts are always in it). The browser filters the live feed with it.
 */
export const homeSourcesResponseSchema = z.strictObject({
  userIds: z.array(z.string()),
  tags: z.array(z.string()),
});
export type HomeSourcesResponse = z.output<typeof homeSourcesResponseSchema>;

/**
 * Accounts the reader might follow, best first: those followed by the accounts they follow,
 * then recently active authors.
 */
export const followSuggestionsResponseSchema = z.strictObject({
  users: z.array(publicProfileSchema).max(FOLLOW_SUGGESTIONS_LIMIT),
});
export type FollowSuggestionsResponse = z.output<typeof followSuggestionsResponseSchema>;
