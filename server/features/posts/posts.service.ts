import { v7 as timeOrderedUuid } from 'uuid';
import type { FeedEvent } from '../../../common/contracts/feed-events';
import { FEED_PAGE_SIZE, type Post, type PostPage } from '../../../common/contracts/posts';
import { errors } from '../../errors';
import type { Db } from '../../platform/db/database';
import { decodeCursor, encodeCursor } from './post-cursor';
import { presentPost, presentPublicPost } from './post.presenter';
import {
  createPostsRepository,
  type PostRow,
  type PostScope,
  type PostsRepository,
} from './posts.repository';

/** Events older than this are pruned from the log; clients that were away longer refetch. */
export const FEED_EVENT_RETENTION_MS = 24 * 60 * 60 * 1000;
const PRUNE_EVERY_N_EVENTS = 500;

export type FeedPublisher = (event: FeedEvent) => Promise<void>;
type EventWithoutSeq = FeedEvent extends infer E ? (E extends FeedEvent ? Omit<E, 'seq'> : never) : never;

export interface PostsServiceDeps {
  db: Db;
  publish: FeedPublisher;
  now?: () => number;
}

export function createPostsService({ db, publish, now = Date.now }: PostsServiceDeps) {
  const posts = createPostsRepository(db);

  /** Writes and their event-log rows commit together; events go out only after the commit. */
  async function write<T>(
    work: (repo: PostsRepository) => Promise<{ result: T; events: EventWithoutSeq[] }>,
  ): Promise<T> {
    const { result, sequenced } = await db.transaction().execute(async (trx) => {
      const repo = createPostsRepository(trx);
      const { result, events } = await work(repo);
      const sequenced: FeedEvent[] = [];
      for (const event of events) {
        sequenced.push({ ...event, seq: await repo.nextEventSeq(event.type, now()) });
      }
      return { result, sequenced };
    });
    for (const event of sequenced) {
      await publish(event);
      if (event.seq % PRUNE_EVERY_N_EVENTS === 0) await posts.pruneEvents(now() - FEED_EVENT_RETENTION_MS);
    }
    return result;
  }

  async function requireOwnPost(repo: PostsRepository, postId: string, userId: string): Promise<PostRow> {
    const row = await repo.findById(postId, userId);
    if (!row) throw errors.notFound('This post does not exist or was deleted.');
    if (row.author_id !== userId)
      throw errors.forbidden('not_author', 'Only the author can change this post.');
    return row;
  }

  async function page(
    scope: PostScope,
    viewerId: string | null,
    cursor: string | undefined,
    order: 'newest' | 'oldest',
  ) {
    const after = cursor === undefined ? null : decodeCursor(cursor);
    if (cursor !== undefined && after === null)
      throw errors.badRequest('invalid_cursor', 'That page cursor is not valid.');
    const rows = await posts.list(scope, viewerId, FEED_PAGE_SIZE + 1, after, order);
    const visible = rows.slice(0, FEED_PAGE_SIZE);
    const last = visible.at(-1);
    const body: PostPage = {
      posts: visible.map(presentPost),
      nextCursor:
        rows.length > FEED_PAGE_SIZE && last
          ? encodeCursor({ createdAt: last.created_at, id: last.id })
          : null,
    };
    return body;
  }

  return {
    feed: (viewerId: string | null, cursor?: string) => page({ kind: 'feed' }, viewerId, cursor, 'newest'),
    byAuthor: (authorId: string, viewerId: string | null, cursor?: string) =>
      page({ kind: 'author', authorId }, viewerId, cursor, 'newest'),

    async replies(postId: string, viewerId: string | null, cursor?: string): Promise<PostPage> {
      if (!(await posts.findById(postId, viewerId)))
        throw errors.notFound('This post does not exist or was deleted.');
      return page({ kind: 'replies', parentId: postId }, viewerId, cursor, 'oldest');
    },

    async get(postId: string, viewerId: string | null): Promise<Post> {
      const row = await posts.findById(postId, viewerId);
      if (!row) throw errors.notFound('This post does not exist or was deleted.');
      return presentPost(row);
    },

    create(
      authorId: string,
      input: { body: string; parentId?: string | undefined },
    ): Promise<{ post: Post; parentReplyCount: number | null }> {
      return write(async (repo) => {
        const parentId = input.parentId ?? null;
        if (parentId !== null) {
          const parent = await repo.findById(parentId, authorId);
          if (!parent) throw errors.notFound('The post you are replying to no longer exists.');
          if (parent.parent_id !== null)
            throw errors.badRequest('reply_too_deep', 'Reply to the original post instead.');
        }
        // Time-ordered ids keep (created_at, id) in writing order within one millisecond.
        const id = timeOrderedUuid();
        await repo.insert({
          id,
          author_id: authorId,
          parent_id: parentId,
          body_text: input.body,
          created_at: now(),
        });
        const events: EventWithoutSeq[] = [];
        const replyCount = parentId === null ? null : await repo.refreshReplyCount(parentId);
        const row = await repo.findById(id, authorId);
        if (!row) throw new Error('inserted post vanished');
        events.push({ type: 'post.created', post: presentPublicPost(row) });
        if (parentId !== null && replyCount !== null)
          events.push({ type: 'post.replied', postId: parentId, replyCount });
        return { result: { post: presentPost(row), parentReplyCount: replyCount }, events };
      });
    },

    update(userId: string, postId: string, body: string): Promise<Post> {
      return write(async (repo) => {
        await requireOwnPost(repo, postId, userId);
        await repo.updateBody(postId, body, now());
        const row = await repo.findById(postId, userId);
        if (!row) throw errors.notFound();
        return { result: presentPost(row), events: [{ type: 'post.updated', post: presentPublicPost(row) }] };
      });
    },

    remove(userId: string, postId: string): Promise<{ parentReplyCount: number | null }> {
      return write(async (repo) => {
        const row = await requireOwnPost(repo, postId, userId);
        await repo.delete(postId);
        const events: EventWithoutSeq[] = [{ type: 'post.deleted', postId, parentId: row.parent_id }];
        const parentReplyCount = row.parent_id === null ? null : await repo.refreshReplyCount(row.parent_id);
        if (row.parent_id !== null && parentReplyCount !== null) {
          events.push({ type: 'post.replied', postId: row.parent_id, replyCount: parentReplyCount });
        }
        return { result: { parentReplyCount }, events };
      });
    },

    setLike(
      userId: string,
      postId: string,
      isLiked: boolean,
    ): Promise<{ likeCount: number; likedByMe: boolean }> {
      return write(async (repo) => {
        if (!(await repo.findById(postId, userId)))
          throw errors.notFound('This post does not exist or was deleted.');
        const likeCount = await repo.setLike(postId, userId, isLiked, now());
        return {
          result: { likeCount, likedByMe: isLiked },
          events: [{ type: 'post.liked', postId, likeCount }],
        };
      });
    },
  };
}

export type PostsService = ReturnType<typeof createPostsService>;
