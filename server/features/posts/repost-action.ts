import { v7 as timeOrderedUuid } from 'uuid';
import type { RepostResponse } from '../../../common/contracts/posts';
import { errors } from '../../errors';
import type { NotificationsService } from '../notifications';
import type { UsersService } from '../users';
import type { PostWrite } from './post-writes';
import { presentPublicPost } from './post.presenter';

export interface RepostActionDeps {
  write: PostWrite;
  users: Pick<UsersService, 'findAuthor'>;
  notifications: Pick<NotificationsService, 'notify' | 'retract'>;
  /** Throws 403 `blocked` across a block; asked before the write's transaction. */
  assertCanInteractWith: (actorId: string, postId: string) => Promise<void>;
  now: () => number;
}

/**
 * Reposting, and taking a repost back. One repost per person per top-level post: reposting
 * again changes nothing, and neither does taking back a repost that is not there. The author
 * hears of it (an undo while unread takes that back); followers' Home timelines get it live.
 */
export function createRepostAction({
  write,
  users,
  notifications,
  assertCanInteractWith,
  now,
}: RepostActionDeps) {
  return async (userId: string, postId: string, isReposted: boolean): Promise<RepostResponse> => {
    if (isReposted) await assertCanInteractWith(userId, postId);
    const reposter = isReposted ? await users.findAuthor(userId) : null;
    return write(async (repo, trx) => {
      const row = await repo.findById(postId, userId);
      if (!row) throw errors.notFound('This post does not exist or was deleted.');
      if (isReposted && row.parent_id !== null) throw errors.cannotShareReply();
      const { changed, repostCount } = await repo.setRepost(
        postId,
        userId,
        isReposted ? { id: timeOrderedUuid(), at: now() } : null,
      );
      const result = { repostCount, repostedByMe: isReposted };
      if (!changed) return { result, events: [] };
      const notice = { recipientId: row.author_id, actorId: userId, postId, sourcePostId: postId };
      if (!isReposted || !reposter) {
        const retracted = await notifications.retract(trx, { ...notice, type: 'repost' });
        return {
          result,
          events: [{ type: 'repost.deleted', repostId: changed.id, postId, repostCount }],
          notifications: retracted ? [retracted] : [],
        };
      }
      const notified = await notifications.notify(trx, { ...notice, type: 'repost' });
      const repostedBy = {
        id: changed.id,
        by: reposter,
        createdAt: new Date(changed.created_at).toISOString(),
      };
      return {
        result,
        events: [{ type: 'repost.created', post: { ...presentPublicPost(row), repostCount, repostedBy } }],
        notifications: notified ? [notified] : [],
      };
    });
  };
}
