import { z } from './zod';
import { FEED_PAGE_SIZE, POST_BODY_MAX_LENGTH, POST_HTML_MAX_LENGTH } from './limits';
import { type PostImage, postImagesSchema } from './media';
import type { Avatar } from './users';

export { FEED_PAGE_SIZE, POST_BODY_MAX_LENGTH, POST_HTML_MAX_LENGTH };

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
export interface PostLinkPreview {
  url: string;
  title: string;
  description: string;
  image: string | null;
  domain: string;
}

export const createPostRequestSchema = z.object({
  body: postBodySchema,
  /** Replying: the post answered. Replies are one level deep. */
  parentId: postIdSchema.optional(),
  /** Uploaded images to attach, in display order, each with its alt text. */
  images: postImagesSchema.optional(),
  /** The link whose card the composer showed; absent or null when the author dismissed it. */
  linkPreviewUrl: z.string().max(2048).nullable().optional(),
});
export type CreatePostRequest = z.input<typeof createPostRequestSchema>;

export const updatePostRequestSchema = z.object({ body: postBodySchema });
export type UpdatePostRequest = z.input<typeof updatePostRequestSchema>;

export const feedQuerySchema = z.object({
  cursor: z.string().max(200).optional(),
});

export interface PostAuthor {
  id: string;
  handle: string;
  displayName: string;
  /** Null: show the initials; absent where the author's picture is not read (notifications). */
  avatar?: Avatar | null;
}

export interface Post {
  id: string;
  author: PostAuthor;
  parentId: string | null;
  /** Sanitised HTML in the editor's schema; render only through the client's PostBody. */
  bodyHtml: string;
  /** Plain-text projection of the body (search, previews, notifications, screen-reader labels). */
  bodyText: string;
  createdAt: string;
  editedAt: string | null;
  likeCount: number;
  replyCount: number;
  likedByMe: boolean;
  /** Attached images in display order; empty when there are none. */
  images: PostImage[];
  /** The card of the post's first link, or null. */
  linkPreview: PostLinkPreview | null;
}

export interface PostPage {
  posts: Post[];
  /** Opaque; pass back as ?cursor= for the next (older) page. Null at the end. */
  nextCursor: string | null;
}

export interface PostResponse {
  post: Post;
}

/** Creating or deleting a reply also answers the parent's new reply count. */
export interface PostWriteResponse {
  post: Post;
  parentReplyCount: number | null;
}

export interface PostDeleteResponse {
  deleted: true;
  parentReplyCount: number | null;
}

export interface LikeResponse {
  likeCount: number;
  likedByMe: boolean;
}
