import type { InfiniteData, QueryClient, QueryKey } from '@tanstack/react-query';
import type { Post, PostPage } from '../../../common/contracts/posts';
import { entryKeyOf, holdsEntry } from './post-copies';

type PostPages = InfiniteData<PostPage>;

/**
 * How long the reader's own new post is put back at the top of a list that a refresh answered
 * without it. Long enough for a refresh asked before the post existed to land: one paused while
 * offline, a catch-up after the live connection comes back, or an answer the service worker gave
 * from the device's copy when the network was not quite back.
 */
export const KEEP_NEW_POST_MS = 30_000;

/** The reader's new posts being kept, by id, each with the lists it was put in. */
const kept = new Map<string, { post: Post; listKeys: string[] }>();

/** When an entry was put in a list: a repost's own time, or the post's. */
const entryTime = (post: Post) => Date.parse(post.repostedBy?.createdAt ?? post.createdAt);

/**
 * `post` back in the first page of `data` by its time, when a refresh dropped it and it belongs
 * there: newer than that page's oldest entry (an older post would be on a later page now).
 */
function withPostPutBack(data: PostPages, post: Post): PostPages {
  const [first, ...rest] = data.pages;
  if (!first || data.pages.some((page) => holdsEntry(page.posts, entryKeyOf(post)))) return data;
  const oldest = first.posts.at(-1);
  if (oldest && first.nextCursor !== null && entryTime(oldest) > entryTime(post)) return data;
  const at = first.posts.findIndex((entry) => entryTime(entry) < entryTime(post));
  const posts =
    at === -1 ? [...first.posts, post] : [...first.posts.slice(0, at), post, ...first.posts.slice(at)];
  return { ...data, pages: [{ ...first, posts }, ...rest] };
}

/**
 * Keeps the reader's own new top-level post in the lists it was just put at the top of
 * (`listKeys`), for KEEP_NEW_POST_MS: each successful refresh of one of them that answers without
 * it puts it back. prependTo restarts a refresh it finds under way, but not one that is paused
 * or that starts answering from the device's copy; this covers those. A deleted post is let go
 * (forgetNewPost).
 */
export function keepNewPost(
  queryClient: QueryClient,
  post: Post,
  listKeys: readonly (readonly unknown[])[],
): void {
  const hashes = listKeys.map((key) => JSON.stringify(key));
  kept.set(post.id, { post, listKeys: hashes });
  const unsubscribe = queryClient.getQueryCache().subscribe((event) => {
    // A refresh's answer only: data set by hand (setQueryData, this one's included) is left
    // alone, or each put-back would answer itself forever.
    if (event.type !== 'updated' || event.action.type !== 'success' || event.action.manual) return;
    const entry = kept.get(post.id);
    // The cache holds queries of every kind: `Query<any>` to TypeScript, a key as any has.
    const queryKey = event.query.queryKey as QueryKey;
    if (!entry || !entry.listKeys.includes(JSON.stringify(queryKey))) return;
    const data = queryClient.getQueryData<PostPages>(queryKey);
    const next = data && withPostPutBack(data, entry.post);
    if (next && next !== data) queryClient.setQueryData<PostPages>(queryKey, next);
  });
  setTimeout(() => {
    unsubscribe();
    if (kept.get(post.id)?.post === post) kept.delete(post.id);
  }, KEEP_NEW_POST_MS);
}

/** A deleted post is no longer put back. */
export function forgetNewPost(postId: string): void {
  kept.delete(postId);
}

/** An edited one is put back as it now reads. */
export function updateKeptPost(post: Post): void {
  const entry = kept.get(post.id);
  if (entry) kept.set(post.id, { ...entry, post });
}
