import { v7 as timeOrderedUuid } from 'uuid';
import type { PostImageRef } from '../../../common/contracts/media';
import { FEED_PAGE_SIZE, type Post, type PostPage } from '../../../common/contracts/posts';
import { errors } from '../../errors';
import type { Db, Tx } from '../../platform/db/database';
import type { FeedPublisher } from '../live';
import type { MediaService } from '../media';
import type { MentionsInPost, NotificationsService, PendingNotification } from '../notifications';
import type { PostLinkPreviews } from '../link-previews';
import type { UsersService } from '../users';
import { type PreparedPostBody, preparePostBody } from './post-body';
import { decodeCursor, encodeCursor } from '../../platform/cursor/keyset-cursor';
import { presentPost, presentPublicPost } from './post.presenter';
import { createPostWriter, type EventWithoutSeq } from './post-writes';
import { createRepostAction } from './repost-action';
import {
  createPostsRepository,
  type PostRow,
  type PostScope,
  type PostsRepository,
} from './posts.repository';

export interface PostsServiceDeps {
  db: Db;
  publish: FeedPublisher;
  users: UsersService;
  notifications: NotificationsService;
  media: Pick<MediaService, 'attachToPost'>;
  /** Builds a new post's link card; without it posts carry none. */
  linkPreviews?: PostLinkPreviews;
  /** Blocks and mutes (server/features/safety); without it every reader sees every author. */
  visibility?: PostVisibility;
  now?: () => number;
}

/** What the posts feature asks of blocks and mutes. */
export interface PostVisibility {
  hiddenAuthorsFor(viewerId: string | null): Promise<ReadonlySet<string>>;
  /** Throws 403 `blocked` when a block stands between the two accounts. */
  assertCanInteract(actorId: string, authorId: string): Promise<void>;
  hides(recipientId: string, actorId: string): Promise<boolean>;
}

const EVERYONE_VISIBLE: PostVisibility = {
  hiddenAuthorsFor: async () => new Set(),
  assertCanInteract: async () => undefined,
  hides: async () => false,
};

const byPostId = (a: { post_id: string }, b: { post_id: string }) => a.post_id.localeCompare(b.post_id);

/** A reply's parent author hears of it as a reply, not a second time as a mention. */
function mentionsIn(row: PostRow, body: PreparedPostBody, parentAuthorId: string | null): MentionsInPost {
  return {
    post: { id: row.id },
    authorId: row.author_id,
    mentionedUserIds: body.mentionedUserIds,
    alreadyToldUserId: parentAuthorId,
  };
}

export function createPostsService({
  db,
  publish,
  users,
  notifications,
  media,
  linkPreviews,
  visibility = EVERYONE_VISIBLE,
  now = Date.now,
}: PostsServiceDeps) {
  const posts = createPostsRepository(db);
  const write = createPostWriter({ db, publish, notifications, now });

  /** A post the viewer may read: it exists, its author is not suspended, nor hidden from them. */
  async function findVisible(postId: string, viewerId: string | null): Promise<Post | undefined> {
    const row = await posts.findById(postId, viewerId);
    if (!row) return undefined;
    const hidden = await visibility.hiddenAuthorsFor(viewerId);
    return hidden.has(row.author_id) ? undefined : presentPost(row, hidden);
  }

  /**
   * Mentions notify only people who do not hide the author (blocks either way, mutes). Asked
   * before the write's transaction: on SQLite a query outside it would wait for it forever.
   */
  async function withNotifiableMentions(authorId: string, body: PreparedPostBody): Promise<PreparedPostBody> {
    const allowed: string[] = [];
    for (const id of body.mentionedUserIds) {
      if (!(await visibility.hides(id, authorId))) allowed.push(id);
    }
    return { ...body, mentionedUserIds: allowed };
  }

  /** Refuses replies and likes across a block; before the transaction, like the mentions. */
  async function assertCanInteractWith(actorId: string, postId: string): Promise<void> {
    const post = await posts.findById(postId, actorId);
    if (post) await visibility.assertCanInteract(actorId, post.author_id);
  }

  /** Deletes the post `find` returns (and its replies, by cascade) and announces it. */
  function removePost(
    find: (repo: PostsRepository) => Promise<PostRow>,
  ): Promise<{ parentReplyCount: number | null }> {
    return write(async (repo, trx) => {
      const row = await find(repo);
      const postId = row.id;
      // Asked before the delete: the post's replies and all their notifications go with it.
      const removed = await notifications.beforePostsDeleted(trx, [postId, ...(await repo.replyIds(postId))]);
      await repo.delete(postId);
      const events: EventWithoutSeq[] = [{ type: 'post.deleted', postId, parentId: row.parent_id }];
      const parentReplyCount = row.parent_id === null ? null : await repo.refreshReplyCount(row.parent_id);
      if (row.parent_id !== null && parentReplyCount !== null) {
        events.push({ type: 'post.replied', postId: row.parent_id, replyCount: parentReplyCount });
      }
      return { result: { parentReplyCount }, events, notifications: removed };
    });
  }

  async function requireOwnPost(repo: PostsRepository, postId: string, userId: string): Promise<PostRow> {
    const row = await repo.findById(postId, userId);
    if (!row) throw errors.notFound('This post does not exist or was deleted.');
    if (row.author_id !== userId) throw errors.notAuthor();
    return row;
  }

  async function page(
    scope: PostScope,
    viewerId: string | null,
    cursor: string | undefined,
    order: 'newest' | 'oldest',
  ) {
    const after = cursor === undefined ? null : decodeCursor(cursor);
    if (cursor !== undefined && after === null) throw errors.invalidCursor();
    const hidden = await visibility.hiddenAuthorsFor(viewerId);
    const rows = await posts.list(scope, viewerId, FEED_PAGE_SIZE + 1, after, order, hidden.size > 0);
    const visible = rows.slice(0, FEED_PAGE_SIZE);
    const last = visible.at(-1);
    const body: PostPage = {
      posts: visible.map((row) => presentPost(row, hidden)),
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
    repliesByAuthor: (authorId: string, viewerId: string | null, cursor?: string) =>
      page({ kind: 'author-replies', authorId }, viewerId, cursor, 'newest'),

    async replies(postId: string, viewerId: string | null, cursor?: string): Promise<PostPage> {
      if (!(await findVisible(postId, viewerId)))
        throw errors.notFound('This post does not exist or was deleted.');
      return page({ kind: 'replies', parentId: postId }, viewerId, cursor, 'oldest');
    },

    async get(postId: string, viewerId: string | null): Promise<Post> {
      const post = await findVisible(postId, viewerId);
      if (!post) throw errors.notFound('This post does not exist or was deleted.');
      return post;
    },

    async create(
      authorId: string,
      input: {
        body: string;
        parentId?: string | undefined;
        images?: Required<PostImageRef>[] | undefined;
        linkPreviewUrl?: string | null | undefined;
        quoteOfId?: string | undefined;
      },
    ): Promise<{ post: Post; parentReplyCount: number | null }> {
      const body = await withNotifiableMentions(authorId, await preparePostBody(input.body, users));
      if (input.parentId !== undefined) await assertCanInteractWith(authorId, input.parentId);
      if (input.quoteOfId !== undefined) await assertCanInteractWith(authorId, input.quoteOfId);
      // Whom the writer hides decides how their own quote reads back; asked before the write.
      const hidden = await visibility.hiddenAuthorsFor(authorId);
      // Resolved before the transaction: an uncached page may take the fetch deadline.
      const linkPreview =
        input.linkPreviewUrl && linkPreviews
          ? await linkPreviews.postLinkPreviewFor(authorId, input.linkPreviewUrl, body.text)
          : null;
      return write(async (repo, trx) => {
        const parentId = input.parentId ?? null;
        const parent = parentId === null ? null : await repo.findById(parentId, authorId);
        if (parentId !== null) {
          if (!parent) throw errors.notFound('The post you are replying to no longer exists.');
          if (parent.parent_id !== null) throw errors.replyTooDeep();
        }
        const quoteOfId = input.quoteOfId ?? null;
        const quoted = quoteOfId === null ? null : await repo.findById(quoteOfId, authorId);
        if (quoteOfId !== null) {
          if (!quoted) throw errors.notFound('The post you are quoting no longer exists.');
          if (quoted.parent_id !== null) throw errors.cannotShareReply();
        }
        // Time-ordered ids keep (created_at, id) in writing order within one millisecond.
        const id = timeOrderedUuid();
        const createdAt = now();
        await repo.insert({
          id,
          author_id: authorId,
          parent_id: parentId,
          body_html: body.html,
          body_text: body.text,
          created_at: createdAt,
          link_preview_json: linkPreview && JSON.stringify(linkPreview),
          quote_of_id: quoteOfId,
        });
        await repo.replaceHashtags(
          { id, created_at: createdAt, author_id: authorId, parent_id: parentId },
          body.hashtags,
        );
        if (input.images?.length)
          await repo.setImages(id, await media.attachToPost(trx, authorId, id, input.images));
        const events: EventWithoutSeq[] = [];
        const replyCount = parentId === null ? null : await repo.refreshReplyCount(parentId);
        const row = await repo.findById(id, authorId);
        if (!row) throw new Error('inserted post vanished');
        events.push({ type: 'post.created', post: presentPublicPost(row) });
        if (parentId !== null && replyCount !== null)
          events.push({ type: 'post.replied', postId: parentId, replyCount });
        const replied = parent
          ? await notifications.notify(trx, {
              type: 'reply',
              recipientId: parent.author_id,
              actorId: authorId,
              postId: parent.id,
              sourcePostId: id,
            })
          : null;
        const quotedNotice = quoted
          ? await notifications.notify(trx, {
              type: 'quote',
              recipientId: quoted.author_id,
              actorId: authorId,
              postId: id,
              sourcePostId: id,
            })
          : null;
        const mentioned = await notifications.recordMentions(
          trx,
          mentionsIn(row, body, parent?.author_id ?? null),
        );
        return {
          result: { post: presentPost(row, hidden), parentReplyCount: replyCount },
          events,
          notifications: [replied, quotedNotice, ...mentioned].filter(
            (notice): notice is PendingNotification => notice !== null,
          ),
        };
      });
    },

    /** An edit notifies only accounts the post had not notified before. */
    async update(userId: string, postId: string, input: string): Promise<Post> {
      const body = await withNotifiableMentions(userId, await preparePostBody(input, users));
      const hidden = await visibility.hiddenAuthorsFor(userId);
      return write(async (repo, trx) => {
        const own = await requireOwnPost(repo, postId, userId);
        await repo.updateBody(postId, body, now());
        await repo.replaceHashtags(own, body.hashtags);
        const row = await repo.findById(postId, userId);
        if (!row) throw errors.notFound();
        const parent = own.parent_id === null ? null : await repo.findById(own.parent_id, userId);
        return {
          result: presentPost(row, hidden),
          events: [{ type: 'post.updated', post: presentPublicPost(row) }],
          notifications: await notifications.recordMentions(
            trx,
            mentionsIn(row, body, parent?.author_id ?? null),
          ),
        };
      });
    },

    remove(userId: string, postId: string): Promise<{ parentReplyCount: number | null }> {
      return removePost((repo) => requireOwnPost(repo, postId, userId));
    },

    /** An admin's removal: any post, suspended authors' included; the same events go out. */
    removeAsAdmin(postId: string): Promise<{ parentReplyCount: number | null }> {
      return removePost(async (repo) => {
        const row = await repo.findById(postId, null, { includeSuspended: true });
        if (!row) throw errors.notFound('This post does not exist or was deleted.');
        return row;
      });
    },

    /**
     * Removes everything an account wrote and liked, then runs `finish` (deleting the account)
     * in the same transaction. Readers get the events a deletion by hand would give: each post
     * deleted, and new reply and like counts on others' posts.
     */
    removeAllBy(userId: string, finish: (trx: Tx) => Promise<void>): Promise<void> {
      return write(async (repo, trx) => {
        // Listed before the delete as well: on SQLite a reply removed by its parent's cascade
        // is not among the rows the delete returns.
        const own = new Map<string, string | null>();
        for (const post of await repo.findIdsByAuthor(userId)) own.set(post.id, post.parent_id);
        for (const post of await repo.deleteByAuthor(userId)) own.set(post.id, post.parent_id);
        // Likes and reposts of the account's own posts went with them; these are others' posts.
        const liked = await repo.deleteLikesBy(userId);
        const reposted = await repo.deleteRepostsBy(userId);
        const events: EventWithoutSeq[] = [...own].map(([postId, parentId]) => ({
          type: 'post.deleted',
          postId,
          parentId,
        }));
        // Recounted in id order: two of these at once lock the posts they share in the same order.
        const parents = [...new Set(own.values())].filter(
          (parentId): parentId is string => parentId !== null && !own.has(parentId),
        );
        for (const parentId of parents.sort()) {
          events.push({
            type: 'post.replied',
            postId: parentId,
            replyCount: await repo.refreshReplyCount(parentId),
          });
        }
        for (const postId of [...new Set(liked)].sort()) {
          events.push({ type: 'post.liked', postId, likeCount: await repo.refreshLikeCount(postId) });
        }
        for (const repost of reposted.filter(({ post_id }) => !own.has(post_id)).sort(byPostId)) {
          events.push({
            type: 'repost.deleted',
            repostId: repost.id,
            postId: repost.post_id,
            repostCount: await repo.refreshRepostCount(repost.post_id),
          });
        }
        await finish(trx);
        return { result: undefined, events };
      });
    },

    /** A post as an admin reviewing it sees it, whoever wrote it; undefined once deleted. */
    async getForReview(postId: string, adminId: string): Promise<Post | undefined> {
      const row = await posts.findById(postId, adminId, { includeSuspended: true });
      return row && presentPost(row);
    },

    async setLike(
      userId: string,
      postId: string,
      isLiked: boolean,
    ): Promise<{ likeCount: number; likedByMe: boolean }> {
      // Taking back a like given before the block stays possible.
      if (isLiked) await assertCanInteractWith(userId, postId);
      return write(async (repo, trx) => {
        const row = await repo.findById(postId, userId);
        if (!row) throw errors.notFound('This post does not exist or was deleted.');
        const likeCount = await repo.setLike(postId, userId, isLiked, now());
        const like = { recipientId: row.author_id, actorId: userId, postId, sourcePostId: postId };
        const changed = isLiked
          ? await notifications.notify(trx, { ...like, type: 'like' })
          : await notifications.retract(trx, { ...like, type: 'like' });
        return {
          result: { likeCount, likedByMe: isLiked },
          events: [{ type: 'post.liked', postId, likeCount }],
          notifications: changed ? [changed] : [],
        };
      });
    },

    setRepost: createRepostAction({ write, users, notifications, assertCanInteractWith, now }),
  };
}

export type PostsService = ReturnType<typeof createPostsService>;
