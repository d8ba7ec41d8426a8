import {
  FOLLOW_LIST_PAGE_SIZE,
  FOLLOW_SUGGESTIONS_ACTIVITY_WINDOW_MS,
  FOLLOW_SUGGESTIONS_LIMIT,
  type FollowListResponse,
  type FollowResponse,
  type FollowSettings,
  type FollowState,
  type FollowSuggestionsResponse,
  type HomeSourcesResponse,
} from '../../../common/contracts/follows';
import type { HashtagResponse } from '../../../common/contracts/hashtags';
import { MAX_FOLLOWED_TAGS_PER_USER, MAX_FOLLOWS_PER_USER } from '../../../common/contracts/limits';
import { errors } from '../../errors';
import { decodeCursor, encodeCursor } from '../../platform/cursor/keyset-cursor';
import type { Db } from '../../platform/db/database';
import type { NotificationsService, PendingNotification } from '../notifications';
import { isSuspended, presentPublicProfile, type UsersRepository } from '../users';
import { createFollowsRepository, type FollowListKind } from './follows.repository';

export interface FollowsServiceDeps {
  db: Db;
  users: Pick<UsersRepository, 'findById'>;
  notifications: Pick<NotificationsService, 'notifyAboutAccount' | 'retractAboutAccount' | 'announce'>;
  /** Throws 403 `blocked` when a block stands between the two accounts. */
  assertCanInteract: (actorId: string, targetId: string) => Promise<void>;
  /** Those of `ids` with a block between them and the viewer, either way. */
  blockedAmong: (viewerId: string, ids: readonly string[]) => Promise<ReadonlySet<string>>;
  now?: () => number;
}

/** How one account stands towards another, for the other's profile. */
export interface FollowRelationship {
  follow: FollowState;
  followsYou: boolean;
}

function followStateOf(isFollowing: boolean, hasRequested: boolean): FollowState {
  return isFollowing ? 'following' : hasRequested ? 'requested' : 'none';
}

/**
 * Following accounts and hashtags. Following a locked account asks its owner first (a follow
 * request they approve or deny); unlocking approves everyone waiting. A block ends follows and
 * requests both ways (blockedBetween).
 */
export function createFollowsService({
  db,
  users,
  notifications,
  assertCanInteract,
  blockedAmong,
  now = Date.now,
}: FollowsServiceDeps) {
  const repo = createFollowsRepository(db);

  async function requireFollowable(actorId: string, targetId: string) {
    if (actorId === targetId) throw errors.cannotFollowSelf();
    const target = await users.findById(targetId);
    if (!target || isSuspended(target) || target.applied_at !== null)
      throw errors.notFound('That account does not exist.');
    await assertCanInteract(actorId, targetId);
    return target;
  }

  async function answer(targetId: string, state: FollowState): Promise<FollowResponse> {
    return { state, followerCount: await repo.followerCount(targetId) };
  }

  /** The reader's follow state towards each listed account they could follow (see the contract). */
  async function viewerFollowsAmong(
    viewerId: string | null,
    ids: string[],
  ): Promise<Record<string, FollowState>> {
    if (viewerId === null) return {};
    const others = ids.filter((id) => id !== viewerId);
    const [blocked, relations] = await Promise.all([
      blockedAmong(viewerId, others),
      repo.relationsAmong(viewerId, others),
    ]);
    const following = new Set(relations.following);
    const requested = new Set(relations.requested);
    return Object.fromEntries(
      others
        .filter((id) => !blocked.has(id))
        .map((id): [string, FollowState] => [id, followStateOf(following.has(id), requested.has(id))]),
    );
  }

  async function list(
    kind: FollowListKind,
    ownerId: string,
    viewerId: string | null,
    cursor: string | undefined,
  ): Promise<FollowListResponse> {
    const after = cursor === undefined ? null : decodeCursor(cursor);
    if (cursor !== undefined && after === null) throw errors.invalidCursor();
    const rows = await repo.list(kind, ownerId, after, FOLLOW_LIST_PAGE_SIZE + 1);
    const page = rows.slice(0, FOLLOW_LIST_PAGE_SIZE);
    const last = page.at(-1);
    return {
      users: page.map(presentPublicProfile),
      viewerFollows: await viewerFollowsAmong(
        viewerId,
        page.map((row) => row.id),
      ),
      nextCursor:
        rows.length > FOLLOW_LIST_PAGE_SIZE && last
          ? encodeCursor({ createdAt: Number(last.related_at), id: last.id })
          : null,
    };
  }

  /** Turns a request into a follow; answers whether there was a request. */
  async function approveRequest(targetId: string, requesterId: string): Promise<boolean> {
    return db.transaction().execute(async (trx) => {
      const tx = createFollowsRepository(trx);
      if (!(await tx.deleteRequest(requesterId, targetId))) return false;
      await tx.follow(requesterId, targetId, now());
      return true;
    });
  }

  return {
    async follow(actorId: string, targetId: string): Promise<FollowResponse> {
      const target = await requireFollowable(actorId, targetId);
      if (await repo.isFollowing(actorId, targetId)) return answer(targetId, 'following');
      if ((await repo.followingCount(actorId)) >= MAX_FOLLOWS_PER_USER)
        throw errors.tooManyFollows(MAX_FOLLOWS_PER_USER);
      const locked = target.locked === 1;
      const pending = await db.transaction().execute(async (trx) => {
        const tx = createFollowsRepository(trx);
        const isNew = locked
          ? await tx.request(actorId, targetId, now())
          : await tx.follow(actorId, targetId, now());
        if (!isNew) return null;
        return notifications.notifyAboutAccount(trx, {
          type: locked ? 'follow-request' : 'follow',
          recipientId: targetId,
          actorId,
        });
      });
      if (pending) await notifications.announce([pending]);
      return answer(targetId, locked ? 'requested' : 'following');
    },

    /** Stops following, or takes a request back; an unread notification of it goes too. */
    async unfollow(actorId: string, targetId: string): Promise<FollowResponse> {
      const pending = await db.transaction().execute(async (trx) => {
        const tx = createFollowsRepository(trx);
        const results: PendingNotification[] = [];
        if (await tx.unfollow(actorId, targetId)) {
          const retracted = await notifications.retractAboutAccount(trx, {
            type: 'follow',
            recipientId: targetId,
            actorId,
          });
          if (retracted) results.push(retracted);
        }
        if (await tx.deleteRequest(actorId, targetId)) {
          const retracted = await notifications.retractAboutAccount(trx, {
            type: 'follow-request',
            recipientId: targetId,
            actorId,
          });
          if (retracted) results.push(retracted);
        }
        return results;
      });
      await notifications.announce(pending);
      return answer(targetId, 'none');
    },

    async approve(targetId: string, requesterId: string): Promise<void> {
      if (!(await approveRequest(targetId, requesterId)))
        throw errors.notFound('There is no such follow request.');
    },

    async deny(targetId: string, requesterId: string): Promise<void> {
      if (!(await repo.deleteRequest(requesterId, targetId)))
        throw errors.notFound('There is no such follow request.');
    },

    followers: (ownerId: string, viewerId: string | null, cursor?: string) =>
      list('followers', ownerId, viewerId, cursor),
    following: (ownerId: string, viewerId: string | null, cursor?: string) =>
      list('following', ownerId, viewerId, cursor),
    // Its rows offer Approve and Deny, not Follow: no follow states to read.
    requests: (ownerId: string, cursor?: string) => list('requests', ownerId, null, cursor),

    async settings(userId: string): Promise<FollowSettings> {
      const user = await users.findById(userId);
      return { locked: user?.locked === 1 };
    },

    /** Unlocking lets everyone waiting follow at once, as they asked to. */
    async updateSettings(userId: string, settings: FollowSettings): Promise<FollowSettings> {
      await repo.setLocked(userId, settings.locked);
      if (!settings.locked)
        for (const requesterId of await repo.requesterIds(userId)) await approveRequest(userId, requesterId);
      return settings;
    },

    async relationship(viewerId: string | null, targetId: string): Promise<FollowRelationship> {
      if (viewerId === null || viewerId === targetId) return { follow: 'none', followsYou: false };
      const [following, requested, followsYou] = await Promise.all([
        repo.isFollowing(viewerId, targetId),
        repo.hasRequested(viewerId, targetId),
        repo.isFollowing(targetId, viewerId),
      ]);
      return { follow: followStateOf(following, requested), followsYou };
    },

    /**
     * Accounts the reader might follow: friends of friends first, as the people they chose
     * vouch for them; then, to fill the list (and for readers who follow nobody yet), the
     * authors who posted most in the last week.
     */
    async suggestions(readerId: string): Promise<FollowSuggestionsResponse> {
      const fromFollowees = await repo.suggestionsFromFollowees(readerId, FOLLOW_SUGGESTIONS_LIMIT);
      const missing = FOLLOW_SUGGESTIONS_LIMIT - fromFollowees.length;
      const fromActivity =
        missing > 0
          ? await repo.suggestionsFromActivity(readerId, {
              since: now() - FOLLOW_SUGGESTIONS_ACTIVITY_WINDOW_MS,
              limit: missing,
              except: fromFollowees.map((user) => user.id),
            })
          : [];
      return { users: [...fromFollowees, ...fromActivity].map(presentPublicProfile) };
    },

    /** A block between two accounts ends their follows and requests, both ways. */
    blockedBetween: (a: string, b: string) => repo.severBetween(a, b),

    async homeSources(userId: string): Promise<HomeSourcesResponse> {
      const [userIds, tags] = await Promise.all([repo.followeeIds(userId), repo.followedTags(userId)]);
      return { userIds, tags };
    },

    async hashtag(viewerId: string | null, tag: string): Promise<HashtagResponse> {
      return { tag, followedByMe: viewerId !== null && (await repo.followsTag(viewerId, tag)) };
    },

    async followTag(userId: string, tag: string): Promise<HashtagResponse> {
      if (!(await repo.followsTag(userId, tag))) {
        if ((await repo.followedTagCount(userId)) >= MAX_FOLLOWED_TAGS_PER_USER)
          throw errors.tooManyFollowedTags(MAX_FOLLOWED_TAGS_PER_USER);
        await repo.followTag(userId, tag, now());
      }
      return { tag, followedByMe: true };
    },

    async unfollowTag(userId: string, tag: string): Promise<HashtagResponse> {
      await repo.unfollowTag(userId, tag);
      return { tag, followedByMe: false };
    },

    followedTags: async (userId: string) => ({ tags: await repo.followedTags(userId) }),
  };
}

export type FollowsService = ReturnType<typeof createFollowsService>;
