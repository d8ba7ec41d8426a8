import { z } from 'zod';

/** Longest post body, in characters of text. */
export const POST_BODY_MAX_LENGTH = 5_000;
/** Posts in one feed or replies page. */
export const FEED_PAGE_SIZE = 20;

export const postBodySchema = z
  .string({ error: 'Write something first.' })
  .max(POST_BODY_MAX_LENGTH * 2, `Posts have at most ${POST_BODY_MAX_LENGTH} characters.`)
  .transform((body) => body.replace(/\r\n?/g, '\n').trim())
  .refine((body) => body.length > 0, 'Write something first.')
  .refine(
    (body) => body.length <= POST_BODY_MAX_LENGTH,
    `Posts have at most ${POST_BODY_MAX_LENGTH} characters.`,
  );

export const postIdSchema = z.uuid({ error: 'Not a post id.' });

export const createPostRequestSchema = z.object({
  body: postBodySchema,
  /** Replying: the post answered. Replies are one level deep. */
  parentId: postIdSchema.optional(),
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
}

export interface Post {
  id: string;
  author: PostAuthor;
  parentId: string | null;
  body: string;
  createdAt: string;
  editedAt: string | null;
  likeCount: number;
  replyCount: number;
  likedByMe: boolean;
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
