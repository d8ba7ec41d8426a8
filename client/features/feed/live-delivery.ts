import type { QueryClient } from '@tanstack/react-query';
import type { FeedEvent } from '../../../common/contracts/live-events';
import type { Post } from '../../../common/contracts/posts';
import {
  insertIntoShownTimeline,
  insertKeepingReadingPlace,
  insertPost,
  isShownTimelineOnScreen,
  listHolds,
  patchPost,
  removePost,
  shownTimeline,
  timelineId,
} from '../posts';
import { pendingPosts } from './pending-posts';
import { isReaderIdle } from './reader-activity';

/*
 * What the live stream's events do to the cache. Every timeline is a filter of the one stream:
 * a new post goes to the timeline a page shows (posts/shown-timeline.ts) when it belongs there;
 * edits, deletions, likes and replies reach the post wherever it is cached.
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
    insertKeepingReadingPlace(post.id, () => insertIntoShownTimeline(queryClient, post));
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
    listHolds(queryClient, timeline.queryKey, post.id)
  )
    return insertPost(queryClient, post);
  // Never asked for (or long dropped from the cache): its first page will hold the post.
  if (queryClient.getQueryState(timeline.queryKey) === undefined) return;
  if (timeline.belongs(post)) deliverToShownTimeline(queryClient, post);
}

export function applyEvent(queryClient: QueryClient, event: FeedEvent, readerId: string | null): void {
  switch (event.type) {
    case 'post.created':
      // What is the reader's own is not in a public event: a post cached already keeps its own.
      return deliverNewPost(
        queryClient,
        { ...event.post, likedByMe: false, bookmarkedByMe: false },
        readerId,
      );
    case 'post.updated': {
      const change = (p: Post) => ({
        ...p,
        ...event.post,
        likedByMe: p.likedByMe,
        bookmarkedByMe: p.bookmarkedByMe,
      });
      patchPost(queryClient, event.post.id, change);
      return pendingPosts.patch(event.post.id, change);
    }
    case 'post.deleted':
      removePost(queryClient, event.postId);
      return pendingPosts.remove(event.postId);
    case 'post.liked':
      return patchPost(queryClient, event.postId, (p) => ({ ...p, likeCount: event.likeCount }));
    case 'post.replied':
      return patchPost(queryClient, event.postId, (p) => ({ ...p, replyCount: event.replyCount }));
  }
}

/**
 * After a reconnect or a gap: read the shown timeline's newest page again and deliver what was
 * missed, in order. The server chose those posts, so they go in whatever the live filter says.
 */
export async function catchUp(queryClient: QueryClient, readerId: string | null): Promise<void> {
  await Promise.all([
    catchUpShownTimeline(queryClient, readerId),
    queryClient.invalidateQueries({ queryKey: ['replies'] }),
  ]);
}

async function catchUpShownTimeline(queryClient: QueryClient, readerId: string | null): Promise<void> {
  const timeline = shownTimeline();
  if (queryClient.getQueryData(timeline.queryKey) === undefined) return;
  const latest = await timeline.readPage(undefined);
  // The reader went to another timeline meanwhile: that one is read afresh when shown.
  if (shownTimeline() !== timeline) return;
  for (const post of [...latest.posts].reverse()) {
    if (listHolds(queryClient, timeline.queryKey, post.id)) patchPost(queryClient, post.id, () => post);
    else if (post.author.id === readerId) insertIntoShownTimeline(queryClient, post);
    else deliverToShownTimeline(queryClient, post);
  }
}
