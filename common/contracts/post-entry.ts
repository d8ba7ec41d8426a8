import type { Post } from './posts';

// Free of zod: the feed's first load uses it (see common/contracts/shape-guards.ts).

/** The key of a post's entry in a list: a repost and its original can both be there. */
export function entryKeyOf(post: Pick<Post, 'id' | 'repostedBy'>): string {
  return post.repostedBy?.id ?? post.id;
}
