import { z } from './zod';
import { FEED_PAGE_SIZE, POST_BODY_MAX_LENGTH, POST_HTML_MAX_LENGTH, QUOTE_EXCERPT_LENGTH } from './limits';
import { avatarSchema, postImageSchema, postImagesSchema } from './media';

export { FEED_PAGE_SIZE, POST_BODY_MAX_LENGTH, POST_HTML_MAX_LENGTH, QUOTE_EXCERPT_LENGTH };

/**
 * A body as the composer sends it: HTML in the editor's schema (plain text is fine too). The
 * server sanitises it and then checks the length of its text; these checks only bound the input.
 */
export const postBodySchema = z
  .string({ error: 'Write something first.' })
  .max(
    POST_HTML_MAX_LENGTH,
    `This post is too long to store (at most ${POST_HTML_MAX_LENGTH} characters of markup).`,
  )
  .refine((body) => body.trim().length > 0, 'Write something first.');

export const postIdSchema = z.uuid({ error: 'Not a post id.' });

/** The path of every `/posts/:id…` endpoint. */
export const postParamsSchema = z.object({ id: postIdSchema });

/**
 * The link card a post carries: built by the server from its own preview of `url` (never from
 * fields a client sends). `image` is a copy on our origin, or null when the page had none usable.
 */
export const postLinkPreviewSchema = z.strictObject({
  url: z.string(),
  title: z.string(),
  description: z.string(),
  image: z.string().nullable(),
  domain: z.string(),
});
export type PostLinkPreview = z.output<typeof postLinkPreviewSchema>;

export const createPostRequestSchema = z.object({
  body: postBodySchema,
  /** Replying: the post answered. Replies are one level deep. */
  parentId: postIdSchema.optional(),
  /** Uploaded images to attach, in display order, each with its alt text. */
  images: postImagesSchema.optional(),
  /** The link whose card the composer showed; absent or null when the author dismissed it. */
  linkPreviewUrl: z.string().max(2048).nullable().optional(),
  /** Quoting: the top-level post this one embeds (never a reply; a reply may quote, though). */
  quoteOfId: postIdSchema.optional(),
});
export type CreatePostRequest = z.input<typeof createPostRequestSchema>;

export const updatePostRequestSchema = z.object({ body: postBodySchema });
export type UpdatePostRequest = z.input<typeof updatePostRequestSchema>;

export const feedQuerySchema = z.object({
  cursor: z.string().max(200).optional(),
});

export const postAuthorSchema = z.strictObject({
  id: z.string(),
  handle: z.string(),
  displayName: z.string(),
  /** Null: show the initials; absent where the author's picture is not read (notifications). */
  avatar: avatarSchema.nullable().optional(),
});
export type PostAuthor = z.output<typeof postAuthorSchema>;

/**
 * The post a quote embeds, as its card shows it. `removed`: deleted, or its author suspended.
 * `unavailable`: a block or a mute stands between the reader and its author.
 */
export const quotedPostSchema = z.discriminatedUnion('state', [
  z.strictObject({
    state: z.literal('visible'),
    id: z.string(),
    author: postAuthorSchema,
    /** The start of its plain text, at most QUOTE_EXCERPT_LENGTH characters. */
    excerpt: z.string(),
    createdAt: z.string(),
    imageCount: z.number(),
  }),
  z.strictObject({ state: z.literal('removed') }),
  z.strictObject({ state: z.literal('unavailable') }),
]);
export type QuotedPost = z.output<typeof quotedPostSchema>;

/** Why a post is in a timeline although its author is not followed: someone followed reposted it. */
export const repostReasonSchema = z.strictObject({
  /** The repost's own id: a timeline entry's key, and its cursor's. */
  id: z.string(),
  by: postAuthorSchema,
  createdAt: z.string(),
});
export type RepostReason = z.output<typeof repostReasonSchema>;

export const postSchema = z.strictObject({
  id: z.string(),
  author: postAuthorSchema,
  parentId: z.string().nullable(),
  /** Sanitised HTML in the editor's schema; render only through the client's PostBody. */
  bodyHtml: z.string(),
  /** Plain-text projection of the body (search, previews, notifications, screen-reader labels). */
  bodyText: z.string(),
  createdAt: z.string(),
  editedAt: z.string().nullable(),
  likeCount: z.number(),
  replyCount: z.number(),
  likedByMe: z.boolean(),
  repostCount: z.number(),
  /** The reader reposted the post; false for anonymous readers. */
  repostedByMe: z.boolean(),
  /** The post this one quotes, or null. */
  quote: quotedPostSchema.nullable(),
  /**
   * Set on a Home entry that is a repost: the same post can then be in a timeline twice, so a
   * list keys its entries by `repostedBy.id ?? id`. Null everywhere else.
   */
  repostedBy: repostReasonSchema.nullable(),
  /** The reader bookmarked the post; bookmarks are private, so false for anyone else. */
  bookmarkedByMe: z.boolean(),
  /** Attached images in display order; empty when there are none. */
  images: z.array(postImageSchema),
  /** The card of the post's first link, or null. */
  linkPreview: postLinkPreviewSchema.nullable(),
});
export type Post = z.output<typeof postSchema>;

export const postPageSchema = z.strictObject({
  posts: z.array(postSchema),
  /** Opaque; pass back as ?cursor= for the next (older) page. Null at the end. */
  nextCursor: z.string().nullable(),
});
export type PostPage = z.output<typeof postPageSchema>;

export const postResponseSchema = z.strictObject({ post: postSchema });
export type PostResponse = z.output<typeof postResponseSchema>;

/** Creating or deleting a reply also answers the parent's new reply count. */
export const postWriteResponseSchema = z.strictObject({
  post: postSchema,
  parentReplyCount: z.number().nullable(),
});
export type PostWriteResponse = z.output<typeof postWriteResponseSchema>;

export const postDeleteResponseSchema = z.strictObject({
  deleted: z.literal(true),
  parentReplyCount: z.number().nullable(),
});
export type PostDeleteResponse = z.output<typeof postDeleteResponseSchema>;

export const likeResponseSchema = z.strictObject({
  likeCount: z.number(),
  likedByMe: z.boolean(),
});
export type LikeResponse = z.output<typeof likeResponseSchema>;

export const repostResponseSchema = z.strictObject({
  repostCount: z.number(),
  repostedByMe: z.boolean(),
});
export type RepostResponse = z.output<typeof repostResponseSchema>;
