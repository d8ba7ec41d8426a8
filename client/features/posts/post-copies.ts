import type { Post } from '../../../common/contracts/posts';

/*
 * A post can be in one list more than once: itself, and on Home each repost of it (an entry
 * with `repostedBy`). A list finds an entry by its key (entryKeyOf), while what changes the post
 * itself (an edit, a count, a like) reaches every copy of it, each keeping its place in the list.
 */

/** The key of a post's entry in a list: a repost and its original can both be there. */
export function entryKeyOf(post: Pick<Post, 'id' | 'repostedBy'>): string {
  return post.repostedBy?.id ?? post.id;
}

/** `changed` as the entry `copy` is: a post object replaced wholesale is the post, not the entry. */
export function keepEntry(copy: Post, changed: Post): Post {
  return changed.repostedBy === copy.repostedBy ? changed : { ...changed, repostedBy: copy.repostedBy };
}

/** `change` applied to every copy of the post (its own entry and any reposts of it). */
export function patchCopies(posts: readonly Post[], postId: string, change: (post: Post) => Post): Post[] {
  return posts.map((p) => (p.id === postId ? keepEntry(p, change(p)) : p));
}

export function holdsEntry(posts: readonly Post[], entryKey: string): boolean {
  return posts.some((p) => entryKeyOf(p) === entryKey);
}

/** A post that quoted a deleted one: its card now says the quoted post was removed. */
export function withQuoteRemoved(post: Post, deletedId: string): Post {
  return post.quote?.state === 'visible' && post.quote.id === deletedId
    ? { ...post, quote: { state: 'removed' } }
    : post;
}
