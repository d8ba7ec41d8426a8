import {
  FEED_CHANNEL,
  type LiveFeedChannelChangedEvent,
  type PublishLiveEvent,
  userChannel,
} from '../../../common/contracts/live-events';
import {
  filteredFeedChannel,
  LIVE_FEED_CHANNEL_CHANGED_EVENT,
  SAFETY_LIST_PAGE_SIZE,
  type SafetyListResponse,
} from '../../../common/contracts/safety';
import type { ProfileViewer, PublicProfile } from '../../../common/contracts/users';
import { type AppError, errors } from '../../errors';
import type { Db, Tx } from '../../platform/db/database';
import { decodeCursor, encodeCursor } from '../../platform/cursor/keyset-cursor';
import { isSuspended, presentPublicProfile, type UsersRepository } from '../users';
import { MAX_BLOCKS_PER_USER, MAX_MUTES_PER_USER } from './limits';
import { createSafetyRepository, type SafetyKind, type SafetyRepository } from './safety.repository';

/** Sends one event to some channels at once (the broadcaster, or a test's recorder). */
export type ChannelPublisher = PublishLiveEvent;

export interface SafetyServiceDeps {
  db: Db;
  users: Pick<UsersRepository, 'findById'>;
  publish: ChannelPublisher;
  /** Hears of each block after it is written (follows between the two accounts end). */
  onBlocked?: (blockerId: string, blockedId: string) => Promise<void>;
  now?: () => number;
}

const MAX_PER_USER: Record<SafetyKind, number> = { block: MAX_BLOCKS_PER_USER, mute: MAX_MUTES_PER_USER };
const SELF_ERROR: Record<SafetyKind, () => AppError> = {
  block: errors.cannotBlockSelf,
  mute: errors.cannotMuteSelf,
};
const TOO_MANY_ERROR: Record<SafetyKind, (max: number) => AppError> = {
  block: errors.tooManyBlocks,
  mute: errors.tooManyMutes,
};

/**
 * Blocks and mutes. A mute hides the muted account's posts from the muter; a block hides each
 * account's posts from the other and refuses replies and likes between them. Every read path
 * asks hiddenAuthorsFor; notifications ask hides.
 */
export function createSafetyService({ db, users, publish, onBlocked, now = Date.now }: SafetyServiceDeps) {
  const repo = createSafetyRepository(db);

  async function liveFeedChannelFor(userId: string): Promise<string> {
    return (await repo.hasAnyFilter(userId)) ? filteredFeedChannel(userId) : FEED_CHANNEL;
  }

  /** Tells each open tab of these accounts which feed channel to take now. */
  async function announceFeedChannels(userIds: readonly string[]): Promise<void> {
    for (const userId of userIds) {
      const event: LiveFeedChannelChangedEvent = {
        type: 'feed.channel_changed',
        liveFeedChannel: await liveFeedChannelFor(userId),
      };
      await publish([userChannel(userId)], LIVE_FEED_CHANNEL_CHANGED_EVENT, event);
    }
  }

  /** Who is affected by a change: a block moves both accounts to filtered feeds, a mute one. */
  const affected = (kind: SafetyKind, ownerId: string, targetId: string) =>
    kind === 'block' ? [ownerId, targetId] : [ownerId];

  return {
    liveFeedChannelFor,

    /** One page of the accounts the owner blocks or mutes, newest first. */
    async list(kind: SafetyKind, ownerId: string, cursor: string | undefined): Promise<SafetyListResponse> {
      const after = cursor === undefined ? null : decodeCursor(cursor);
      if (cursor !== undefined && after === null) throw errors.invalidCursor();
      // One row more than a page tells whether another page follows.
      const rows = await repo.list(kind, ownerId, after, SAFETY_LIST_PAGE_SIZE + 1);
      const page = rows.slice(0, SAFETY_LIST_PAGE_SIZE);
      const last = page.at(-1);
      return {
        users: page.map(presentPublicProfile),
        nextCursor:
          rows.length > SAFETY_LIST_PAGE_SIZE && last
            ? encodeCursor({ createdAt: Number(last.related_at), id: last.id })
            : null,
      };
    },

    /** How a reader stands towards an account: what its profile may show them. */
    async viewerOf(viewerId: string | null, targetId: string): Promise<SafetyViewer> {
      if (viewerId === null || viewerId === targetId)
        return { blocking: false, muting: false, postsHidden: false };
      const blocking = await repo.blocks(viewerId, targetId);
      const muting = await repo.mutes(viewerId, targetId);
      const postsHidden = blocking || muting || (await repo.blocks(targetId, viewerId));
      return { blocking, muting, postsHidden };
    },

    async add(kind: SafetyKind, ownerId: string, targetId: string): Promise<PublicProfile> {
      if (ownerId === targetId) throw SELF_ERROR[kind]();
      const target = await users.findById(targetId);
      if (!target || isSuspended(target)) throw errors.notFound('That account does not exist.');
      if ((await repo.count(kind, ownerId)) >= MAX_PER_USER[kind])
        throw TOO_MANY_ERROR[kind](MAX_PER_USER[kind]);
      await repo.add(kind, ownerId, targetId, now());
      if (kind === 'block') await onBlocked?.(ownerId, targetId);
      await announceFeedChannels(affected(kind, ownerId, targetId));
      return presentPublicProfile(target);
    },

    async remove(kind: SafetyKind, ownerId: string, targetId: string): Promise<void> {
      await repo.remove(kind, ownerId, targetId);
      await announceFeedChannels(affected(kind, ownerId, targetId));
    },

    /** Authors whose posts this viewer must not see; always empty for anonymous readers. */
    async hiddenAuthorsFor(viewerId: string | null): Promise<ReadonlySet<string>> {
      if (viewerId === null) return new Set();
      return new Set(await repo.hiddenAuthorsFor(viewerId));
    },

    /** Those of `ids` with a block between them and the viewer, either way: no follow for them. */
    async blockedEitherWayAmong(viewerId: string, ids: readonly string[]): Promise<ReadonlySet<string>> {
      return new Set(await repo.blockedEitherWayAmong(viewerId, ids));
    },

    /** Replies and likes between two accounts with a block between them are refused. */
    async assertCanInteract(actorId: string, authorId: string): Promise<void> {
      if (actorId !== authorId && (await repo.isBlockedEitherWay(actorId, authorId))) throw errors.blocked();
    },

    /**
     * Whether `recipientId` hides `actorId`: a block either way, or a mute by the recipient.
     * Notifications from the actor must not reach the recipient.
     */
    hides: (recipientId: string, actorId: string): Promise<boolean> => hidesIn(repo, recipientId, actorId),

    liveAudience: (authorId: string, limit: number) => repo.liveAudience(authorId, limit),
  };
}

export type SafetyService = ReturnType<typeof createSafetyService>;

/** The part of a profile's viewer fields that blocks and mutes decide. */
export type SafetyViewer = Pick<ProfileViewer, 'blocking' | 'muting' | 'postsHidden'>;

/** A block either way, or a mute by the recipient. */
async function hidesIn(repo: SafetyRepository, recipientId: string, actorId: string): Promise<boolean> {
  if (recipientId === actorId) return false;
  return (await repo.isBlockedEitherWay(recipientId, actorId)) || (await repo.mutes(recipientId, actorId));
}

/**
 * The notifications seam (ShouldNotify): true unless the recipient hides the actor, read through
 * the notification writer's own transaction.
 */
export async function shouldNotifyUnlessHidden(
  trx: Tx,
  recipientId: string,
  actorId: string,
): Promise<boolean> {
  return !(await hidesIn(createSafetyRepository(trx), recipientId, actorId));
}
