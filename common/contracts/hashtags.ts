import { z } from './zod';
import { hashtagKey, isHashtag } from '../rich-text/hashtag';

/** Tags in the trending list. */
export const TRENDING_TAGS_LIMIT = 10;
/** The window trending tags are counted over: distinct authors in the last 24 hours. */
export const TRENDING_WINDOW_MS = 24 * 60 * 60 * 1000;

/** A tag in a path, with or without its `#`, in any case; the server reads its key. */
export const hashtagParamsSchema = z.object({
  tag: z
    .string()
    .max(200)
    .transform((tag) => tag.replace(/^#/, ''))
    .refine(isHashtag, 'Not a hashtag: letters, digits and _ only, with at least one letter.')
    .transform(hashtagKey),
});

export const hashtagResponseSchema = z.strictObject({
  tag: z.string(),
  /** The reader follows the tag: its posts are in their Home timeline. */
  followedByMe: z.boolean(),
});
export type HashtagResponse = z.output<typeof hashtagResponseSchema>;

export const followedTagsResponseSchema = z.strictObject({ tags: z.array(z.string()) });
export type FollowedTagsResponse = z.output<typeof followedTagsResponseSchema>;

export const trendingTagsResponseSchema = z.strictObject({
  tags: z.array(z.strictObject({ tag: z.string(), authors: z.number() })),
});
export type TrendingTagsResponse = z.output<typeof trendingTagsResponseSchema>;
