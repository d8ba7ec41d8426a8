import type { FeedEvent } from '../../../common/contracts/live-events';
import type { Db, Tx } from '../../platform/db/database';
import type { FeedPublisher } from '../live';
import type { NotificationsService, PendingNotification } from '../notifications';
import { createPostsRepository, type PostsRepository } from './posts.repository';

/** Events older than this are pruned from the log; clients that were away longer refetch. */
export const FEED_EVENT_RETENTION_MS = 24 * 60 * 60 * 1000;
const PRUNE_EVERY_N_EVENTS = 500;

/** A feed event before the log gives it its sequence number. */
export type EventWithoutSeq = FeedEvent extends infer E
  ? E extends FeedEvent
    ? Omit<E, 'seq'>
    : never
  : never;

/** What a write answers, the feed events it caused, and the notifications it wrote. */
export interface WriteOutcome<T> {
  result: T;
  events: EventWithoutSeq[];
  notifications?: PendingNotification[];
}

export type PostWrite = <T>(work: (repo: PostsRepository, trx: Tx) => Promise<WriteOutcome<T>>) => Promise<T>;

export interface PostWriterDeps {
  db: Db;
  publish: FeedPublisher;
  notifications: Pick<NotificationsService, 'announce'>;
  now: () => number;
}

/**
 * Every write of posts, likes and reposts goes through here: the rows, their event-log rows and
 * their notifications commit together; feed events and then notifications go out only after
 * the commit.
 */
export function createPostWriter({ db, publish, notifications, now }: PostWriterDeps): PostWrite {
  const posts = createPostsRepository(db);
  return async (work) => {
    const { result, sequenced, pending } = await db.transaction().execute(async (trx) => {
      const repo = createPostsRepository(trx);
      const { result, events, notifications: pending = [] } = await work(repo, trx);
      const sequenced: FeedEvent[] = [];
      for (const event of events) {
        sequenced.push({ ...event, seq: await repo.nextEventSeq(event.type, now()) });
      }
      return { result, sequenced, pending };
    });
    for (const event of sequenced) {
      await publish(event);
      if (event.seq % PRUNE_EVERY_N_EVENTS === 0) await posts.pruneEvents(now() - FEED_EVENT_RETENTION_MS);
    }
    await notifications.announce(pending);
    return result;
  };
}
