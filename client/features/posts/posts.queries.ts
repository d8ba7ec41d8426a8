import {
  hashKey,
  type InfiniteData,
  type QueryClient,
  useInfiniteQuery,
  useMutation,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';
import type { CreatePostRequest, Post, PostPage, PostResponse } from '../../../common/contracts/posts';
import { api } from '../../lib/api-client';
import { forgetNewPost, keepNewPost, updateKeptPost } from './kept-new-posts';
import { entryKeyOf, holdsEntry, keepEntry, patchCopies, withQuoteRemoved } from './post-copies';
import { shownTimeline } from './shown-timeline';
import { everyoneTimeline, FEED_KEY, type PageReader, type Timeline } from './timeline';

export const postKeys = {
  feed: FEED_KEY,
  /** The start of every post page's key. */
  posts: ['post'] as const,
  post: (id: string) => ['post', id] as const,
  replies: (id: string) => ['replies', id] as const,
  profile: (handle: string) => ['profile', handle.toLowerCase()] as const,
  byAuthor: (handle: string) => ['author-posts', handle.toLowerCase(), 'posts'] as const,
  /** Under the same 'author-posts' prefix, so live events patch both profile tabs. */
  byAuthorReplies: (handle: string) => ['author-posts', handle.toLowerCase(), 'replies'] as const,
  /** The reader's bookmarked posts, newest bookmark first. */
  bookmarks: ['bookmarks'] as const,
};

export type PostPages = InfiniteData<PostPage>;

function pagedQuery(readPage: PageReader) {
  return {
    queryFn: ({ pageParam, signal }: { pageParam: string | undefined; signal: AbortSignal }) =>
      readPage(pageParam, signal),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last: PostPage) => last.nextCursor ?? undefined,
  };
}

export const useTimelinePosts = (timeline: Timeline) =>
  useInfiniteQuery({ queryKey: timeline.queryKey, ...pagedQuery(timeline.readPage) });
export const useFeed = () => useTimelinePosts(everyoneTimeline);
export const useReplies = (postId: string) =>
  useInfiniteQuery({
    queryKey: postKeys.replies(postId),
    ...pagedQuery((cursor, signal) =>
      api('posts.replies', { signal, params: { id: postId }, query: { cursor } }),
    ),
  });
export const useAuthorPosts = (handle: string, isEnabled = true) =>
  useInfiniteQuery({
    queryKey: postKeys.byAuthor(handle),
    ...pagedQuery((cursor, signal) => api('users.posts', { signal, params: { handle }, query: { cursor } })),
    enabled: isEnabled,
  });

export const useAuthorReplies = (handle: string, isEnabled: boolean) =>
  useInfiniteQuery({
    queryKey: postKeys.byAuthorReplies(handle),
    ...pagedQuery((cursor, signal) =>
      api('users.replies', { signal, params: { handle }, query: { cursor } }),
    ),
    enabled: isEnabled,
  });

export function usePost(postId: string) {
  return useQuery({
    queryKey: postKeys.post(postId),
    queryFn: ({ signal }) => api('posts.get', { signal, params: { id: postId } }),
    select: (data) => data.post,
  });
}

export function useProfile(handle: string) {
  return useQuery({
    queryKey: postKeys.profile(handle),
    queryFn: ({ signal }) => api('users.profile', { signal, params: { handle } }),
  });
}

export function useCreatePost() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: CreatePostRequest) => api('posts.create', { body: input }),
    onSuccess: ({ post, parentReplyCount }) => {
      insertPost(queryClient, post);
      if (post.parentId === null) keepNewPost(queryClient, post, topListsOf(post));
      setReplyCount(queryClient, post.parentId, parentReplyCount);
    },
  });
}

export function useEditPost(postId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: string) => api('posts.update', { params: { id: postId }, body: { body } }),
    onSuccess: ({ post }) => {
      patchPost(queryClient, post.id, () => post);
      updateKeptPost(post);
    },
  });
}

export function useDeletePost(post: Post) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api('posts.remove', { params: { id: post.id } }),
    onSuccess: ({ parentReplyCount }) => {
      removePost(queryClient, post.id);
      setReplyCount(queryClient, post.parentId, parentReplyCount);
    },
  });
}

export function useToggleLike(post: Post) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (isLiked: boolean) =>
      api(isLiked ? 'posts.like' : 'posts.unlike', { params: { id: post.id } }),
    onMutate: (isLiked) =>
      patchPost(queryClient, post.id, (p) => ({
        ...p,
        likedByMe: isLiked,
        likeCount: p.likeCount + (isLiked ? 1 : -1),
      })),
    onSuccess: (result) => patchPost(queryClient, post.id, (p) => ({ ...p, ...result })),
    onError: () => patchPost(queryClient, post.id, () => post),
  });
}

/**
 * Reposts a post or takes the repost back, shown at once on every copy and put back if the
 * server refuses (a block, a reply). The reader's repost entry on Home comes and goes with the
 * live feed's repost events, as anyone's does.
 */
export function useToggleRepost(post: Post) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (isOn: boolean) => api(isOn ? 'posts.repost' : 'posts.unrepost', { params: { id: post.id } }),
    onMutate: (isOn) =>
      patchPost(queryClient, post.id, (p) => ({
        ...p,
        repostedByMe: isOn,
        repostCount: p.repostCount + (isOn ? 1 : -1),
      })),
    onSuccess: (result) => patchPost(queryClient, post.id, (p) => ({ ...p, ...result })),
    // Only what this toggle changed: an edit or a like that arrived meanwhile stays.
    onError: () =>
      patchPost(queryClient, post.id, (p) => ({
        ...p,
        repostedByMe: post.repostedByMe,
        repostCount: post.repostCount,
      })),
  });
}

/** Absolute counts from the server: applying one twice (answer and live event) stays right. */
function setReplyCount(queryClient: QueryClient, parentId: string | null, count: number | null): void {
  if (parentId !== null && count !== null)
    patchPost(queryClient, parentId, (p) => ({ ...p, replyCount: count }));
}

/** Every key under these prefixes holds PostPages (the timelines' other data is kept elsewhere). */
const pagedKeys = [FEED_KEY, ['timelines'], ['replies'], ['author-posts'], postKeys.bookmarks];

/** Rewrites the posts of every cached paged list: timelines, threads, profiles and bookmarks. */
function mapCachedLists(queryClient: QueryClient, rewrite: (posts: Post[]) => Post[]): void {
  for (const queryKey of pagedKeys) {
    queryClient.setQueriesData<PostPages>(
      { queryKey },
      (data) =>
        data && { ...data, pages: data.pages.map((page) => ({ ...page, posts: rewrite(page.posts) })) },
    );
  }
}

/**
 * Applies a change to a post wherever it is cached: every copy in the lists (the post and its
 * reposts, each keeping its own `repostedBy`) and its own post page.
 */
export function patchPost(queryClient: QueryClient, postId: string, change: (post: Post) => Post): void {
  mapCachedLists(queryClient, (posts) => patchCopies(posts, postId, change));
  queryClient.setQueryData<PostResponse>(
    postKeys.post(postId),
    (data) => data && { post: keepEntry(data.post, change(data.post)) },
  );
}

/**
 * A deleted post: every entry of it goes (reposts of it share its id), and whatever quoted it
 * says it was removed, in the lists and on open post pages.
 */
export function removePost(queryClient: QueryClient, postId: string): void {
  forgetNewPost(postId);
  mapCachedLists(queryClient, (posts) =>
    posts.filter((p) => p.id !== postId).map((p) => withQuoteRemoved(p, postId)),
  );
  queryClient.removeQueries({ queryKey: postKeys.post(postId) });
  queryClient.setQueriesData<PostResponse>({ queryKey: postKeys.posts }, (data) => {
    if (!data) return data;
    const post = withQuoteRemoved(data.post, postId);
    return post === data.post ? data : { post };
  });
}

/** A repost taken back: its entry goes; the post itself, and other reposts of it, stay. */
export function removeEntry(queryClient: QueryClient, entryKey: string): void {
  mapCachedLists(queryClient, (posts) => posts.filter((p) => entryKeyOf(p) !== entryKey));
}

/**
 * Takes an account's posts, and its reposts of others' posts, out of every cached list at once
 * (a block or a mute).
 */
export function removePostsBy(queryClient: QueryClient, authorId: string): void {
  mapCachedLists(queryClient, (posts) =>
    posts.filter((p) => p.author.id !== authorId && p.repostedBy?.by.id !== authorId),
  );
}

/** A copy of the post as the reader has it cached (their like, bookmark and repost on it), if any. */
export function cachedCopyOf(queryClient: QueryClient, postId: string): Post | undefined {
  const page = queryClient.getQueryData<PostResponse>(postKeys.post(postId));
  if (page) return page.post;
  for (const queryKey of pagedKeys) {
    for (const [, data] of queryClient.getQueriesData<PostPages>({ queryKey })) {
      const copy = data?.pages.flatMap((p) => p.posts).find((p) => p.id === postId);
      if (copy) return copy;
    }
  }
  return undefined;
}

function prependTo(queryClient: QueryClient, queryKey: readonly unknown[], post: Post, atEnd = false): void {
  queryClient.setQueryData<PostPages>(queryKey, (data) => {
    if (!data || data.pages.some((page) => holdsEntry(page.posts, entryKeyOf(post)))) return data;
    const pages = [...data.pages];
    const index = atEnd ? pages.length - 1 : 0;
    const target = pages[index];
    // A thread still has older-first pages to load: the reply will arrive with them.
    if (!target || (atEnd && target.nextCursor !== null)) return data;
    pages[index] = { ...target, posts: atEnd ? [...target.posts, post] : [post, ...target.posts] };
    return { ...data, pages };
  });
  readAgainIfUnderWay(queryClient, queryKey);
}

/**
 * A read of the list already under way (its first, or a refresh when coming back online or to the
 * tab) was asked before the post existed: its answer, which replaces the pages, would lack the
 * post, and the post's live event, arriving meanwhile, was taken as shown. Asking again, now that
 * the post exists, keeps it. A page of older posts being loaded is left alone: it does not replace
 * the top.
 */
function readAgainIfUnderWay(queryClient: QueryClient, queryKey: readonly unknown[]): void {
  const state = queryClient.getQueryState<PostPages>(queryKey);
  if (state?.fetchStatus !== 'fetching' || state.fetchMeta?.fetchMore) return;
  void readListAgain(queryClient, queryKey);
}

/** Lists with a read waiting behind their first (see readListAgain), by hashed key. */
const readsWaiting = new Set<string>();

/**
 * Reads the list again, after a read under way whose answer may lack what arrived meanwhile. A
 * refresh is dropped for the new read, its pages staying on screen. A first read (no pages yet)
 * is let finish and show, and one read follows it however many posts arrive meanwhile: dropped
 * for each, a slow first read on a busy instance might never show anything. (invalidateQueries
 * would do the first but not the second: a first read under way, it only waits for.)
 */
export async function readListAgain(queryClient: QueryClient, queryKey: readonly unknown[]): Promise<void> {
  const thisList = { queryKey, exact: true };
  if (queryClient.getQueryData(queryKey) !== undefined) return queryClient.refetchQueries(thisList);
  const id = hashKey(queryKey);
  if (readsWaiting.has(id)) return;
  readsWaiting.add(id);
  try {
    await queryClient.refetchQueries(thisList, { cancelRefetch: false });
  } finally {
    readsWaiting.delete(id);
  }
  await queryClient.refetchQueries(thisList);
}

/**
 * Puts a new post where it belongs: the top of the feed (and of the shown timeline, if it is one
 * of its posts), or the end of its thread.
 */
export function insertPost(queryClient: QueryClient, post: Post): void {
  // A repost is an entry of Home alone, which live delivery puts in the shown timeline itself.
  if (post.repostedBy !== null) return;
  const shown = shownTimeline();
  if (post.parentId === null) {
    prependTo(queryClient, postKeys.feed, post);
    if (shown.queryKey !== postKeys.feed && shown.belongs(post)) prependTo(queryClient, shown.queryKey, post);
  } else prependTo(queryClient, postKeys.replies(post.parentId), post, true);
  prependTo(
    queryClient,
    post.parentId === null
      ? postKeys.byAuthor(post.author.handle)
      : postKeys.byAuthorReplies(post.author.handle),
    post,
  );
}

/** The lists a new top-level post goes at the top of (insertPost): where it is kept (keepNewPost). */
function topListsOf(post: Post): (readonly unknown[])[] {
  const shown = shownTimeline();
  const lists: (readonly unknown[])[] = [postKeys.feed, postKeys.byAuthor(post.author.handle)];
  if (shown.queryKey !== postKeys.feed && shown.belongs(post)) lists.push(shown.queryKey);
  return lists;
}

/** A post known to be one of the shown timeline's (the server said so, or it passed the filter). */
export function insertIntoShownTimeline(queryClient: QueryClient, post: Post): void {
  prependTo(queryClient, shownTimeline().queryKey, post);
  insertPost(queryClient, post);
}

/**
 * Whether the cached pages of the list under `queryKey` hold the entry: a post by its id, a
 * repost by its own (see entryKeyOf).
 */
export function listHolds(queryClient: QueryClient, queryKey: readonly unknown[], entryKey: string): boolean {
  const list = queryClient.getQueryData<PostPages>(queryKey);
  return list?.pages.some((page) => holdsEntry(page.posts, entryKey)) ?? false;
}
