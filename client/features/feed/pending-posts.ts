import { useSyncExternalStore } from 'react';
import type { Post } from '../../../common/contracts/posts';

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
  add(timelineId: string, post: Post): void {
    const posts = queue.timelineId === timelineId ? queue.posts : NONE;
    if (posts.some((p) => p.id === post.id)) return;
    set({ timelineId, posts: [post, ...posts] });
  },
  remove(postId: string): void {
    if (!queue.posts.some((p) => p.id === postId)) return;
    set({ ...queue, posts: queue.posts.filter((p) => p.id !== postId) });
  },
  patch(postId: string, change: (post: Post) => Post): void {
    if (!queue.posts.some((p) => p.id === postId)) return;
    set({ ...queue, posts: queue.posts.map((p) => (p.id === postId ? change(p) : p)) });
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
