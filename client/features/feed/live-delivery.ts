import { isCancelledError, type QueryClient } from '@tanstack/react-query';
import type { FeedEvent, PublicPost } from '../../../common/contracts/live-events';
import type { Post, PostPage } from '../../../common/contracts/posts';
import {
  cachedCopyOf,
  entryKeyOf,
  insertIntoShownTimeline,
  insertKeepingReadingPlace,
  insertPost,
  isShownTimelineOnScreen,
  listHolds,
  patchPost,
  readListAgain,
  removeEntry,
  removePost,
  type RepostEntry,
  shownTimeline,
  type Timeline,
  timelineId,
  withQuoteRemoved,
} from '../posts';
import { pendingPosts } from './pending-posts';
import { isReaderIdle } from './reader-activity';

/*
 * What the live stream's events do to the cache. Every timeline is a filter of the one stream:
 * a new post goes to the timeline a page shows (posts/shown-timeline.ts) when it belongs there,
 * and a repost when that timeline takes reposts (Home); edits, deletions, likes, replies and
 * repost counts reach the post wherever it is cached, every copy of it.
 */

/** Closer to the top than this, a new post goes in at once; further down, it waits behind the pill. */
const AT_TOP_PX = 120;

/** At the top of the shown timeline and not acting: a new post can go in without taking anything away. */
function isReadingTimelineTop(): boolean {
  return isShownTimelineOnScreen() && window.scrollY < AT_TOP_PX && isReaderIdle();
}

/** A post of the shown timeline's: in above the post being read, which stays put, or behind the pill. */
function deliverToShownTimeline(queryClient: QueryClient, post: Post): void {
  if (isReadingTimelineTop())
    insertKeepingReadingPlace(entryKeyOf(post), () => insertIntoShownTimeline(queryClient, post));
  else pendingPosts.add(timelineId(shownTimeline()), post);
}

/**
 * A new post: a reply, or the reader's own (they just wrote it), goes straight in; another's
 * goes to the shown timeline if it is one of its posts, once that timeline has been read.
 */
export function deliverNewPost(queryClient: QueryClient, post: Post, readerId: string | null): void {
  const timeline = shownTimeline();
  if (
    post.parentId !== null ||
    post.author.id === readerId ||
    listHolds(queryClient, timeline.queryKey, entryKeyOf(post))
  )
    return insertPost(queryClient, post);
  // Never asked for (or long dropped from the cache): its first page will hold the post.
  if (queryClient.getQueryState(timeline.queryKey) === undefined) return;
  if (timeline.belongs(post)) deliverToShownTimeline(queryClient, post);
}

/**
 * A new repost: the count on every copy of the post; and, when the shown timeline takes it (Home,
 * from the reader or someone they follow), an entry of its own, delivered as a new post is. The
 * reader's own goes straight in, as their own post does, but keeping their place: they pressed
 * Repost on a post they are looking at, which must not move away from under the pointer.
 */
export function deliverRepost(queryClient: QueryClient, repost: RepostEntry, readerId: string | null): void {
  const counted = (p: Post) => ({ ...p, repostCount: repost.repostCount });
  patchPost(queryClient, repost.id, counted);
  pendingPosts.patch(repost.id, counted);
  const timeline = shownTimeline();
  if (!timeline.takesRepost?.(repost) || listHolds(queryClient, timeline.queryKey, entryKeyOf(repost)))
    return;
  // Never asked for (or long dropped from the cache): its first page will hold the repost.
  if (queryClient.getQueryState(timeline.queryKey) === undefined) return;
  if (isReadersOwn(repost, readerId))
    insertKeepingReadingPlace(entryKeyOf(repost), () => insertIntoShownTimeline(queryClient, repost));
  else deliverToShownTimeline(queryClient, repost);
}

/**
 * A reposted post as this reader has it: their like, bookmark and repost (not in a public event)
 * from a copy they have cached; without one, none but the repost when it is theirs.
 */
function repostAsReaders(
  queryClient: QueryClient,
  post: PublicPost & Pick<RepostEntry, 'repostedBy'>,
  readerId: string | null,
): RepostEntry {
  const copy = cachedCopyOf(queryClient, post.id);
  return {
    ...post,
    likedByMe: copy?.likedByMe ?? false,
    bookmarkedByMe: copy?.bookmarkedByMe ?? false,
    repostedByMe: copy?.repostedByMe ?? post.repostedBy.by.id === readerId,
  };
}

/** The reader's own entry: a post they wrote, or a repost they made. */
function isReadersOwn(post: Post, readerId: string | null): boolean {
  return (post.repostedBy?.by.id ?? post.author.id) === readerId;
}

export function applyEvent(queryClient: QueryClient, event: FeedEvent, readerId: string | null): void {
  switch (event.type) {
    case 'post.created':
      // What is the reader's own is not in a public event: a post cached already keeps its own.
      return deliverNewPost(
        queryClient,
        { ...event.post, likedByMe: false, bookmarkedByMe: false, repostedByMe: false },
        readerId,
      );
    case 'post.updated': {
      // Each copy keeps its own place too (patchPost keeps `repostedBy`): the event's is null.
      const change = (p: Post) => ({
        ...p,
        ...event.post,
        likedByMe: p.likedByMe,
        bookmarkedByMe: p.bookmarkedByMe,
        repostedByMe: p.repostedByMe,
      });
      patchPost(queryClient, event.post.id, change);
      return pendingPosts.patch(event.post.id, change);
    }
    case 'post.deleted':
      // Its reposts go with it (they share its id); posts quoting it now say it was removed.
      removePost(queryClient, event.postId);
      pendingPosts.remove(event.postId);
      return pendingPosts.update((p) => withQuoteRemoved(p, event.postId));
    case 'post.liked':
      return patchPost(queryClient, event.postId, (p) => ({ ...p, likeCount: event.likeCount }));
    case 'post.replied':
      return patchPost(queryClient, event.postId, (p) => ({ ...p, replyCount: event.replyCount }));
    case 'repost.created':
      return deliverRepost(queryClient, repostAsReaders(queryClient, event.post, readerId), readerId);
    case 'repost.deleted': {
      // The reader's own undo set their repostedByMe already; anyone else's leaves it as it is.
      removeEntry(queryClient, event.repostId);
      pendingPosts.removeEntry(event.repostId);
      const counted = (p: Post) => ({ ...p, repostCount: event.repostCount });
      patchPost(queryClient, event.postId, counted);
      return pendingPosts.patch(event.postId, counted);
    }
  }
}

/**
 * Once the live channel is subscribed (the first time too, since events sent before are not
 * replayed: the timeline may have been read before the connection was up), and after a gap: read
 * the shown timeline's newest page again and deliver what was missed, in order. The server chose
 * those posts, so they go in whatever the live filter says. Never rejects: what fails is left
 * for the next read (see readNewestPage).
 */
export async function catchUp(queryClient: QueryClient, readerId: string | null): Promise<void> {
  await Promise.all([
    catchUpShownTimeline(queryClient, readerId),
    queryClient.invalidateQueries({ queryKey: ['replies'] }),
  ]);
}

async function catchUpShownTimeline(queryClient: QueryClient, readerId: string | null): Promise<void> {
  const timeline = shownTimeline();
  if (queryClient.getQueryData(timeline.queryKey) === undefined) {
    const thisList = { queryKey: timeline.queryKey, exact: true };
    // Its first read is still under way: sent before the events missed, its answer may lack
    // them. Another read follows it.
    if (queryClient.isFetching(thisList) > 0) await readListAgain(queryClient, timeline.queryKey);
    // Its first read failed (the server was out of reach, as the live connection was): the
    // connection is back, so the page need not wait for the reader to press Try again.
    else if (queryClient.getQueryState(timeline.queryKey)?.status === 'error')
      await queryClient.refetchQueries(thisList);
    return;
  }
  const latest = await readNewestPage(queryClient, timeline);
  // Replaced by a later catch-up, or never answered; or the reader went to another timeline
  // meanwhile, which is read afresh when shown.
  if (latest === null || shownTimeline() !== timeline) return;
  for (const post of [...latest.posts].reverse()) {
    if (listHolds(queryClient, timeline.queryKey, entryKeyOf(post)))
      patchPost(queryClient, post.id, () => post);
    else if (isReadersOwn(post, readerId)) insertIntoShownTimeline(queryClient, post);
    else deliverToShownTimeline(queryClient, post);
  }
}

/**
 * The newest page of a timeline, read as a query of its own so that a failed read is tried again
 * as every read is (query-client.ts), and so that a later catch-up can cancel an earlier one
 * still under way: that read may have been sent before the posts the later one is for. Null when
 * replaced, or when every try failed: the list is then marked stale, so that it is read whole
 * when the reader comes back to the page or the browser back online, rather than left without
 * the posts missed until the next gap.
 */
async function readNewestPage(queryClient: QueryClient, timeline: Timeline): Promise<PostPage | null> {
  const queryKey = ['catch-up', ...timeline.queryKey];
  // Synchronous, with no await before the fetch: two catch-ups called together must not share
  // the first one's read.
  void queryClient.cancelQueries({ queryKey, exact: true });
  try {
    return await queryClient.fetchQuery({
      queryKey,
      queryFn: ({ signal }) => timeline.readPage(undefined, signal),
      staleTime: 0,
      gcTime: 0,
    });
  } catch (error) {
    if (!isCancelledError(error))
      await queryClient.invalidateQueries({ queryKey: timeline.queryKey, exact: true, refetchType: 'none' });
    return null;
  }
}
