/**
 * At most this many people are notified per post, over its first version and all its edits
 * together: mentions beyond it still link, they just do not ring. Bounds the fan-out one post
 * can cause.
 */
export const MAX_MENTIONS_PER_POST = 10;

/** Characters of the post's text a notification shows (and carries in its live event). */
export const NOTIFICATION_EXCERPT_LENGTH = 140;
