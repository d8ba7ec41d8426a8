import { useSyncExternalStore } from 'react';
import type { Post } from '../../../common/contracts/posts';

/**
 * New posts that arrived while the reader was scrolled down. They wait here, behind the
 * "N new posts" pill, so nothing on screen moves under the reader's eyes.
 */
let pending: Post[] = [];
const listeners = new Set<() => void>();

function emit(): void {
  for (const listener of listeners) listener();
}

export const pendingPosts = {
  add(post: Post): void {
    if (pending.some((p) => p.id === post.id)) return;
    pending = [post, ...pending];
    emit();
  },
  remove(postId: string): void {
    if (!pending.some((p) => p.id === postId)) return;
    pending = pending.filter((p) => p.id !== postId);
    emit();
  },
  patch(postId: string, change: (post: Post) => Post): void {
    if (!pending.some((p) => p.id === postId)) return;
    pending = pending.map((p) => (p.id === postId ? change(p) : p));
    emit();
  },
  /** Empties the queue, newest first. */
  take(): Post[] {
    const taken = pending;
    pending = [];
    emit();
    return taken;
  },
};

export function usePendingPosts(): Post[] {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => pending,
  );
}
