import type { Post, PostPage, RepostReason } from '../../../common/contracts/posts';
import { api } from '../../lib/api-client';

/** A Home entry that is a repost: the post, with who reposted it. */
export type RepostEntry = Post & { repostedBy: RepostReason };

/** One page of a post list, older than `cursor` (the first page without one). */
export type PageReader = (cursor: string | undefined, signal?: AbortSignal) => Promise<PostPage>;

/**
 * A list of top-level posts, newest first, kept current by the live feed: Everyone, Home, a
 * hashtag's. Each is a filter of the one live stream, so a timeline is where its pages are cached,
 * how to read them again, and which new posts go in it.
 */
export interface Timeline {
  queryKey: readonly unknown[];
  readPage: PageReader;
  /** Whether a new post from the live stream goes in this timeline. */
  belongs: (post: Post) => boolean;
  /**
   * Whether a live repost goes in this timeline as an entry of its own. Absent: never (a repost
   * is in Home alone; Everyone, a tag or a profile lists each post once, as it was written).
   */
  takesRepost?: (repost: RepostEntry) => boolean;
}

export const FEED_KEY = ['feed'] as const;

/** Every top-level post on the server: the feed as it was before there were other timelines. */
export const everyoneTimeline: Timeline = {
  queryKey: FEED_KEY,
  readPage: (cursor, signal) => api('posts.feed', { signal, query: { cursor } }),
  belongs: (post) => post.parentId === null,
};
