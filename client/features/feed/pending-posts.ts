import { useSyncExternalStore } from 'react';
import type { Post } from '../../../common/contracts/posts';
import { entryKeyOf, holdsEntry, keepEntry } from '../posts';

/**
 * New posts that arrived while the reader was scrolled down. They wait here, behind the
 * "N new posts" pill, so nothing on screen moves under the reader's eyes. They are for one
 * timeline (by its id): a post for another one starts the queue over.
 */
interface Queue {
  timelineId: string;
  posts: Post[];
}

const NONE: Post[] = [];
let queue: Queue = { timelineId: '', posts: NONE };
const listeners = new Set<() => void>();

function set(next: Queue): void {
  queue = next;
  for (const listener of listeners) listener();
}

export const pendingPosts = {
  /** Once per entry: a post, and a repost of it, can both wait (see entryKeyOf). */
  add(timelineId: string, post: Post): void {
    const posts = queue.timelineId === timelineId ? queue.posts : NONE;
    if (holdsEntry(posts, entryKeyOf(post))) return;
    set({ timelineId, posts: [post, ...posts] });
  },
  /** A deleted post: every entry of it (reposts share its id). */
  remove(postId: string): void {
    if (!queue.posts.some((p) => p.id === postId)) return;
    set({ ...queue, posts: queue.posts.filter((p) => p.id !== postId) });
  },
  /** A repost taken back: that entry alone. */
  removeEntry(entryKey: string): void {
    if (!holdsEntry(queue.posts, entryKey)) return;
    set({ ...queue, posts: queue.posts.filter((p) => entryKeyOf(p) !== entryKey) });
  },
  /** A change to the post itself reaches every copy of it, each keeping its `repostedBy`. */
  patch(postId: string, change: (post: Post) => Post): void {
    pendingPosts.update((p) => (p.id === postId ? keepEntry(p, change(p)) : p));
  },
  /** `change` on every waiting entry; it returns the same object for one it leaves alone. */
  update(change: (post: Post) => Post): void {
    const posts = queue.posts.map(change);
    if (posts.some((p, index) => p !== queue.posts[index])) set({ ...queue, posts });
  },
  /** Empties the queue, newest first; nothing when it is another timeline's. */
  take(timelineId: string): Post[] {
    if (queue.timelineId !== timelineId) return NONE;
    const taken = queue.posts;
    set({ timelineId, posts: NONE });
    return taken;
  },
  clear(): void {
    if (queue.posts.length > 0) set({ timelineId: '', posts: NONE });
  },
};

/** The posts waiting for `timelineId`'s pill. */
export function usePendingPosts(timelineId: string): Post[] {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => (queue.timelineId === timelineId ? queue.posts : NONE),
  );
}
