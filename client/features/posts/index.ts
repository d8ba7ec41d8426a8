/**
 * The posts feature's public face: post cards and lists, the composer around the editor, the
 * posts' queries and the cache updates other features apply to them (live events, blocks), and
 * what a timeline is (a filtered list of the live stream) with the one a page shows.
 * A page that shows the list or the composer only later loads them with loadPostList and
 * loadPostComposer instead. A post can be in a list twice (itself and a repost of it): lists key
 * their entries with entryKeyOf (post-copies.ts).
 */
export { BackLink } from './back-link';
export { loadPostComposer, loadPostList } from './lazy-parts';
export { PostBody } from './post-body';
export { PostCard } from './post-card';
export { PostComposer } from './post-composer';
export { PostList, type PostListProps } from './post-list';
export { entryKeyOf, holdsEntry, keepEntry, withQuoteRemoved } from './post-copies';
export type { PostMenuSlot } from './post-menu-slot';
export {
  cachedCopyOf,
  insertIntoShownTimeline,
  insertPost,
  listHolds,
  patchPost,
  type PostPages,
  postKeys,
  readListAgain,
  removeEntry,
  removePost,
  removePostsBy,
  useAuthorPosts,
  useAuthorReplies,
  useFeed,
  usePost,
  useProfile,
  useReplies,
  useTimelinePosts,
} from './posts.queries';
export { insertKeepingReadingPlace } from './reading-place';
export { isShownTimelineOnScreen, showTimeline, shownTimeline, timelineId } from './shown-timeline';
export { everyoneTimeline, type PageReader, type RepostEntry, type Timeline } from './timeline';
export type { ReplyNavigationState } from './use-feed-shortcuts';
