import { InfiniteQueryObserver, QueryClient } from '@tanstack/react-query';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { PublicPost } from '../../../common/contracts/live-events';
import type { Post, PostPage, PostResponse } from '../../../common/contracts/posts';
import {
  entryKeyOf,
  everyoneTimeline,
  postKeys,
  type PostPages,
  showTimeline,
  type Timeline,
  timelineId,
} from '../posts';
import { applyEvent, catchUp, deliverNewPost } from './live-delivery';
import { pendingPosts } from './pending-posts';
import { ApiError } from '../../lib/api-client';
import { createQueryClient } from '../../lib/query-client';
import { aPost } from '../../test-support/post-fixture';

const READER = 'reader';
const HOME_KEY = ['timelines', 'home'] as const;

let sequence = 0;
function post(authorId: string, overrides: Partial<Post> = {}): Post {
  sequence += 1;
  return aPost({
    id: `post-${sequence}`,
    author: { id: authorId, handle: authorId, displayName: authorId, avatar: null },
    createdAt: new Date(2026, 0, 1, 0, 0, sequence).toISOString(),
    ...overrides,
  });
}

function pagesOf(...posts: Post[]): PostPages {
  return { pages: [{ posts, nextCursor: null }], pageParams: [undefined] };
}

function idsIn(queryClient: QueryClient, queryKey: readonly unknown[]): string[] | undefined {
  return queryClient.getQueryData<PostPages>(queryKey)?.pages.flatMap((page) => page.posts.map((p) => p.id));
}

function postsIn(queryClient: QueryClient, queryKey: readonly unknown[]): Post[] {
  return queryClient.getQueryData<PostPages>(queryKey)?.pages.flatMap((page) => page.posts) ?? [];
}

/** The entries of a list by their keys: a repost by its own id, a post by its id. */
function keysIn(queryClient: QueryClient, queryKey: readonly unknown[]): string[] {
  return postsIn(queryClient, queryKey).map(entryKeyOf);
}

let repostSequence = 0;
/** `original` as a Home entry reposted by `byId`. */
function repostOf(original: Post, byId: string): Post & { repostedBy: NonNullable<Post['repostedBy']> } {
  repostSequence += 1;
  return {
    ...original,
    repostedBy: {
      id: `repost-${repostSequence}`,
      by: { id: byId, handle: byId, displayName: byId, avatar: null },
      createdAt: new Date(2026, 0, 2, 0, 0, repostSequence).toISOString(),
    },
  };
}

/** A post as a live event carries it: nothing of one reader's. */
function publicOf<P extends Post>(p: P): Omit<P, 'likedByMe' | 'bookmarkedByMe' | 'repostedByMe'> {
  const { likedByMe: _liked, bookmarkedByMe: _bookmarked, repostedByMe: _reposted, ...rest } = p;
  return rest;
}

/** Home as the timelines feature builds it, reduced to what delivery reads. */
function home(followed: string[], newest: PostPage = { posts: [], nextCursor: null }): Timeline {
  return {
    queryKey: HOME_KEY,
    readPage: () => Promise.resolve(newest),
    belongs: (p) => p.parentId === null && (p.author.id === READER || followed.includes(p.author.id)),
    takesRepost: (r) => r.repostedBy.by.id === READER || followed.includes(r.repostedBy.by.id),
  };
}

describe('live delivery of new posts', () => {
  let queryClient: QueryClient;
  let hide = () => {};

  function show(timeline: Timeline, { scrollY = 0 } = {}): void {
    vi.stubGlobal('window', { scrollY });
    hide = showTimeline(timeline);
  }

  beforeEach(() => {
    queryClient = new QueryClient();
  });

  afterEach(() => {
    hide();
    // Back to the state a page load starts in: Everyone, no page showing it.
    showTimeline(everyoneTimeline)();
    pendingPosts.clear();
    vi.unstubAllGlobals();
  });

  it('with no timeline page open, keeps the feed’s new posts behind its pill, as before', () => {
    const mine = post(READER);
    const theirs = post('ana');
    queryClient.setQueryData(postKeys.feed, pagesOf());
    deliverNewPost(queryClient, theirs, READER);
    deliverNewPost(queryClient, mine, READER);
    expect(idsIn(queryClient, postKeys.feed)).toEqual([mine.id]);
    expect(pendingPosts.take(timelineId(everyoneTimeline)).map((p) => p.id)).toEqual([theirs.id]);
  });

  it('puts a post that belongs in the shown timeline at its top while the reader is there', () => {
    const old = post('ana');
    queryClient.setQueryData(HOME_KEY, pagesOf(old));
    show(home(['ana']));
    const followed = post('ana');
    const stranger = post('cy');
    deliverNewPost(queryClient, followed, READER);
    deliverNewPost(queryClient, stranger, READER);
    expect(idsIn(queryClient, HOME_KEY)).toEqual([followed.id, old.id]);
    expect(pendingPosts.take(timelineId(home([])))).toEqual([]);
  });

  it('keeps it behind the pill of the shown timeline while the reader is scrolled down', () => {
    queryClient.setQueryData(HOME_KEY, pagesOf());
    show(home(['ana']), { scrollY: 900 });
    const followed = post('ana');
    deliverNewPost(queryClient, followed, READER);
    deliverNewPost(queryClient, post('cy'), READER);
    expect(idsIn(queryClient, HOME_KEY)).toEqual([]);
    expect(pendingPosts.take(timelineId(everyoneTimeline))).toEqual([]);
    expect(pendingPosts.take(timelineId(home([]))).map((p) => p.id)).toEqual([followed.id]);
  });

  it('puts the reader’s own post in the shown timeline at once, wherever they are', () => {
    queryClient.setQueryData(HOME_KEY, pagesOf());
    queryClient.setQueryData(postKeys.feed, pagesOf());
    show(home([]), { scrollY: 900 });
    const mine = post(READER);
    deliverNewPost(queryClient, mine, READER);
    expect(idsIn(queryClient, HOME_KEY)).toEqual([mine.id]);
    expect(idsIn(queryClient, postKeys.feed)).toEqual([mine.id]);
  });

  it('waits for nothing when the shown timeline was never read: its first page will have it', () => {
    show(home(['ana']), { scrollY: 900 });
    deliverNewPost(queryClient, post('ana'), READER);
    expect(pendingPosts.take(timelineId(home([])))).toEqual([]);
  });

  it('takes a live post as nobody’s bookmark or like, and keeps the reader’s own on an edit', () => {
    const cached = post('ana', { likedByMe: true, bookmarkedByMe: true });
    queryClient.setQueryData(postKeys.feed, pagesOf(cached));
    const {
      likedByMe: _liked,
      bookmarkedByMe: _bookmarked,
      repostedByMe: _reposted,
      ...edited
    } = { ...cached, bodyText: 'Edited' };
    applyEvent(queryClient, { type: 'post.updated', seq: 2, post: edited }, READER);
    const after = queryClient.getQueryData<PostPages>(postKeys.feed)?.pages[0]?.posts[0];
    expect(after).toMatchObject({ bodyText: 'Edited', likedByMe: true, bookmarkedByMe: true });

    show(everyoneTimeline, { scrollY: 900 });
    const { likedByMe: _l, bookmarkedByMe: _b, repostedByMe: _r, ...fresh } = post('bo');
    applyEvent(queryClient, { type: 'post.created', seq: 3, post: fresh }, READER);
    expect(pendingPosts.take(timelineId(everyoneTimeline))[0]).toMatchObject({
      id: fresh.id,
      likedByMe: false,
      bookmarkedByMe: false,
    });
  });

  it('after a gap, reads the shown timeline again and trusts its page over the live filter', async () => {
    const cached = post('ana');
    const missed = post('bo');
    const mine = post(READER);
    const newest = { posts: [mine, missed, { ...cached, likeCount: 4 }], nextCursor: null };
    // Followed since the filter was built: the server's page says the post is Home's.
    const timeline = home(['ana'], newest);
    queryClient.setQueryData(HOME_KEY, pagesOf(cached));
    show(timeline, { scrollY: 900 });
    await catchUp(queryClient, READER);
    expect(idsIn(queryClient, HOME_KEY)).toEqual([mine.id, cached.id]);
    expect(queryClient.getQueryData<PostPages>(HOME_KEY)?.pages[0]?.posts[1]?.likeCount).toBe(4);
    expect(pendingPosts.take(timelineId(timeline)).map((p) => p.id)).toEqual([missed.id]);
  });

  it('while the shown timeline’s first read is under way, sends it again and shows the later answer', async () => {
    const early = post('ana');
    const missed = post('bo');
    const answers = [
      { posts: [early], nextCursor: null },
      { posts: [missed, early], nextCursor: null },
    ];
    const reads: PostPage[] = [];
    const timeline = home(['ana', 'bo']);
    show(timeline);
    // The first read is answered only after the second was sent: the answer that was on its way
    // when the channel was subscribed must not be the one that stays. The list on screen is
    // the query's observer, as the page's is.
    let answerFirst = () => {};
    const list = new InfiniteQueryObserver(queryClient, {
      queryKey: HOME_KEY,
      queryFn: ({ signal }) => {
        const answer = answers[reads.length];
        if (!answer) throw new Error('read more often than expected');
        reads.push(answer);
        if (reads.length > 1) return Promise.resolve(answer);
        return new Promise<PostPage>((resolve, reject) => {
          answerFirst = () => resolve(answer);
          signal.addEventListener('abort', () => reject(signal.reason as Error));
        });
      },
      initialPageParam: undefined as string | undefined,
      getNextPageParam: () => undefined,
    });
    const unsubscribe = list.subscribe(() => {});
    const caughtUp = catchUp(queryClient, READER);
    answerFirst();
    await caughtUp;
    unsubscribe();
    expect(reads).toHaveLength(2);
    expect(idsIn(queryClient, HOME_KEY)).toEqual([missed.id, early.id]);
  });

  it('reads the shown timeline again when its first read failed while the server was away', async () => {
    const missed = post('bo');
    let isServerUp = false;
    const timeline = home(['bo']);
    show(timeline);
    const list = new InfiniteQueryObserver(queryClient, {
      queryKey: HOME_KEY,
      queryFn: () =>
        isServerUp
          ? Promise.resolve({ posts: [missed], nextCursor: null })
          : Promise.reject(new Error('Failed to fetch')),
      retry: false,
      initialPageParam: undefined as string | undefined,
      getNextPageParam: () => undefined,
    });
    const unsubscribe = list.subscribe(() => {});
    await vi.waitFor(() => expect(queryClient.getQueryState(HOME_KEY)?.status).toBe('error'));
    isServerUp = true;
    await catchUp(queryClient, READER);
    unsubscribe();
    expect(idsIn(queryClient, HOME_KEY)).toEqual([missed.id]);
  });
});

describe('catch-up reads that fail or overlap', () => {
  let queryClient: QueryClient;
  let hide = () => {};
  const cached = post('ana');
  const missed = post('bo');
  const newest: PostPage = { posts: [missed, cached], nextCursor: null };
  const unreachable = () => Promise.reject(new TypeError('Failed to fetch'));

  /** Home as followed by the reader, whose newest page is read by `readPage`; scrolled down. */
  function showHome(readPage: Timeline['readPage']): Timeline {
    const timeline = { ...home(['ana', 'bo']), readPage };
    vi.stubGlobal('window', { scrollY: 900 });
    hide = showTimeline(timeline);
    return timeline;
  }

  /** Runs the catch-up with the page's retry rules, its waits between tries passed at once. */
  async function catchUpWithRetries(): Promise<void> {
    const caughtUp = catchUp(queryClient, READER);
    await vi.runAllTimersAsync();
    await caughtUp;
  }

  beforeEach(() => {
    vi.useFakeTimers();
    queryClient = createQueryClient();
    queryClient.setQueryData(HOME_KEY, pagesOf(cached));
  });

  afterEach(() => {
    hide();
    showTimeline(everyoneTimeline)();
    pendingPosts.clear();
    queryClient.clear();
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  it('reads the newest page again when the catch-up read fails, and delivers what was missed', async () => {
    const readPage = vi
      .fn<Timeline['readPage']>()
      .mockImplementationOnce(unreachable)
      .mockResolvedValue(newest);
    const timeline = showHome(readPage);
    await catchUpWithRetries();
    expect(readPage).toHaveBeenCalledTimes(2);
    expect(pendingPosts.take(timelineId(timeline)).map((p) => p.id)).toEqual([missed.id]);
    expect(queryClient.getQueryState(HOME_KEY)?.isInvalidated).toBe(false);
  });

  it('when every try fails, keeps the list and marks it to be read whole when the reader is back', async () => {
    const readPage = vi.fn<Timeline['readPage']>(unreachable);
    const timeline = showHome(readPage);
    await catchUpWithRetries();
    expect(readPage).toHaveBeenCalledTimes(3);
    expect(idsIn(queryClient, HOME_KEY)).toEqual([cached.id]);
    expect(pendingPosts.take(timelineId(timeline))).toEqual([]);
    expect(queryClient.getQueryState(HOME_KEY)?.isInvalidated).toBe(true);
  });

  it('does not ask again when the server refuses the read', async () => {
    const refused = new ApiError(429, 'rate_limited', 'Too many requests.');
    const readPage = vi.fn<Timeline['readPage']>(() => Promise.reject(refused));
    showHome(readPage);
    await catchUpWithRetries();
    expect(readPage).toHaveBeenCalledTimes(1);
    expect(queryClient.getQueryState(HOME_KEY)?.isInvalidated).toBe(true);
  });

  it('lets a later catch-up cancel one still under way, and delivers from the later read', async () => {
    const signals: AbortSignal[] = [];
    const readPage = vi.fn<Timeline['readPage']>((_cursor, signal) => {
      if (signal) signals.push(signal);
      if (signals.length > 1) return Promise.resolve(newest);
      return new Promise<PostPage>((_resolve, reject) => {
        signal?.addEventListener('abort', () => reject(signal.reason as Error));
      });
    });
    const timeline = showHome(readPage);
    const first = catchUp(queryClient, READER);
    const second = catchUp(queryClient, READER);
    await vi.runAllTimersAsync();
    await Promise.all([first, second]);
    expect(signals.map((signal) => signal.aborted)).toEqual([true, false]);
    expect(pendingPosts.take(timelineId(timeline)).map((p) => p.id)).toEqual([missed.id]);
    expect(queryClient.getQueryState(HOME_KEY)?.isInvalidated).toBe(false);
  });
});

describe('live delivery of reposts', () => {
  let queryClient: QueryClient;
  let hide = () => {};
  const TAG_KEY = ['timelines', 'tag', 'rust'] as const;

  function show(timeline: Timeline, { scrollY = 0 } = {}): void {
    vi.stubGlobal('window', { scrollY });
    hide = showTimeline(timeline);
  }

  function reposted(original: Post, byId: string, repostCount: number) {
    const entry = repostOf({ ...original, repostCount }, byId);
    return { entry, event: { type: 'repost.created', seq: 1, post: publicOf(entry) } as const };
  }

  beforeEach(() => {
    queryClient = new QueryClient();
  });

  afterEach(() => {
    hide();
    showTimeline(everyoneTimeline)();
    pendingPosts.clear();
    vi.unstubAllGlobals();
  });

  it('puts a repost by someone followed at the top of Home, beside the original, and counts it everywhere', () => {
    const original = post('cy');
    queryClient.setQueryData(HOME_KEY, pagesOf(original));
    queryClient.setQueryData(postKeys.feed, pagesOf(original));
    queryClient.setQueryData(TAG_KEY, pagesOf(original));
    queryClient.setQueryData(postKeys.byAuthor('cy'), pagesOf(original));
    show(home(['ana']));
    const { entry, event } = reposted(original, 'ana', 1);
    applyEvent(queryClient, event, READER);
    expect(keysIn(queryClient, HOME_KEY)).toEqual([entry.repostedBy.id, original.id]);
    expect(postsIn(queryClient, HOME_KEY).map((p) => p.repostCount)).toEqual([1, 1]);
    // Never an entry of Everyone, a tag or a profile: there the post is once, as it was written.
    for (const key of [postKeys.feed, TAG_KEY, postKeys.byAuthor('cy')]) {
      expect(keysIn(queryClient, key)).toEqual([original.id]);
      expect(postsIn(queryClient, key)[0]?.repostCount).toBe(1);
    }
  });

  it('leaves Home as it is for a repost by someone not followed, but counts it', () => {
    const original = post('cy');
    queryClient.setQueryData(HOME_KEY, pagesOf(original));
    show(home(['ana']));
    applyEvent(queryClient, reposted(original, 'cy', 1).event, READER);
    expect(keysIn(queryClient, HOME_KEY)).toEqual([original.id]);
    expect(postsIn(queryClient, HOME_KEY)[0]?.repostCount).toBe(1);
    expect(pendingPosts.take(timelineId(home([])))).toEqual([]);
  });

  it('never puts a repost in Everyone, even one by the reader', () => {
    const original = post('cy');
    queryClient.setQueryData(postKeys.feed, pagesOf(original));
    show(everyoneTimeline);
    applyEvent(queryClient, reposted(original, READER, 1).event, READER);
    expect(keysIn(queryClient, postKeys.feed)).toEqual([original.id]);
    expect(pendingPosts.take(timelineId(everyoneTimeline))).toEqual([]);
  });

  it('keeps another’s repost behind the pill while the reader is scrolled down, and theirs goes in at once', () => {
    // As the reader's toggle left it: their repost is on the copy they have before the event.
    const original = post('cy', { likedByMe: true, repostedByMe: true });
    queryClient.setQueryData(HOME_KEY, pagesOf(original));
    show(home(['ana']), { scrollY: 900 });
    const theirs = reposted(original, 'ana', 1);
    applyEvent(queryClient, theirs.event, READER);
    const mine = reposted(original, READER, 2);
    applyEvent(queryClient, mine.event, READER);
    expect(keysIn(queryClient, HOME_KEY)).toEqual([mine.entry.repostedBy.id, original.id]);
    // What is the reader's own is not in the event: it comes from the copy they have.
    expect(postsIn(queryClient, HOME_KEY)[0]).toMatchObject({ likedByMe: true, repostedByMe: true });
    const waiting = pendingPosts.take(timelineId(home([])));
    expect(waiting.map(entryKeyOf)).toEqual([theirs.entry.repostedBy.id]);
    // Counted while it waited, as the copies in the list were.
    expect(waiting[0]?.repostCount).toBe(2);
  });

  it('takes a repost back out of every list, leaving the post and its other reposts, with the new count', () => {
    const original = post('cy', { repostCount: 2, repostedByMe: true });
    const first = repostOf(original, 'ana');
    const second = repostOf(original, 'bo');
    queryClient.setQueryData(HOME_KEY, pagesOf(second, first, original));
    queryClient.setQueryData(postKeys.feed, pagesOf(original));
    queryClient.setQueryData(postKeys.post(original.id), { post: original });
    show(home(['ana', 'bo']), { scrollY: 900 });
    const waiting = repostOf(original, 'ana');
    pendingPosts.add(timelineId(home([])), waiting);
    const event = {
      type: 'repost.deleted',
      seq: 1,
      repostId: first.repostedBy.id,
      postId: original.id,
      repostCount: 1,
    } as const;
    applyEvent(queryClient, event, READER);
    applyEvent(queryClient, { ...event, seq: 2, repostId: waiting.repostedBy.id }, READER);
    expect(keysIn(queryClient, HOME_KEY)).toEqual([second.repostedBy.id, original.id]);
    expect(postsIn(queryClient, HOME_KEY).map((p) => p.repostCount)).toEqual([1, 1]);
    expect(postsIn(queryClient, postKeys.feed)[0]?.repostCount).toBe(1);
    expect(queryClient.getQueryData<PostResponse>(postKeys.post(original.id))?.post.repostCount).toBe(1);
    // Someone else's undo says nothing about the reader's own repost.
    expect(postsIn(queryClient, HOME_KEY).every((p) => p.repostedByMe)).toBe(true);
    expect(pendingPosts.take(timelineId(home([])))).toEqual([]);
  });

  it('takes a deleted post out with its reposts, and marks the quotes of it removed', () => {
    const original = post('cy');
    const quoting = post('ana', {
      quote: {
        state: 'visible',
        id: original.id,
        author: original.author,
        excerpt: 'Hi',
        createdAt: original.createdAt,
        imageCount: 0,
      },
    });
    const other = post('bo', { quote: { state: 'unavailable' } });
    queryClient.setQueryData(HOME_KEY, pagesOf(repostOf(original, 'ana'), quoting, original, other));
    queryClient.setQueryData(postKeys.post(quoting.id), { post: quoting });
    queryClient.setQueryData(postKeys.post(original.id), { post: original });
    show(home(['ana', 'bo']), { scrollY: 900 });
    pendingPosts.add(timelineId(home([])), repostOf(quoting, 'bo'));
    applyEvent(queryClient, { type: 'post.deleted', seq: 1, postId: original.id, parentId: null }, READER);
    expect(keysIn(queryClient, HOME_KEY)).toEqual([quoting.id, other.id]);
    expect(postsIn(queryClient, HOME_KEY).map((p) => p.quote)).toEqual([
      { state: 'removed' },
      { state: 'unavailable' },
    ]);
    expect(queryClient.getQueryData<PostResponse>(postKeys.post(quoting.id))?.post.quote).toEqual({
      state: 'removed',
    });
    expect(queryClient.getQueryData(postKeys.post(original.id))).toBeUndefined();
    expect(pendingPosts.take(timelineId(home([])))[0]?.quote).toEqual({ state: 'removed' });
  });
});

describe('a post in a list twice (itself and a repost)', () => {
  let queryClient: QueryClient;
  let hide = () => {};

  beforeEach(() => {
    queryClient = new QueryClient();
  });

  afterEach(() => {
    hide();
    showTimeline(everyoneTimeline)();
    pendingPosts.clear();
    vi.unstubAllGlobals();
  });

  it('keys each entry apart, while an edit, a like or a reply reaches both copies', () => {
    const original = post('cy', { bookmarkedByMe: true });
    const entry = repostOf(original, 'ana');
    queryClient.setQueryData(HOME_KEY, pagesOf(entry, original));
    expect(new Set(keysIn(queryClient, HOME_KEY)).size).toBe(2);
    const edited: PublicPost = { ...publicOf(original), bodyText: 'Edited', editedAt: original.createdAt };
    applyEvent(queryClient, { type: 'post.updated', seq: 1, post: edited }, READER);
    applyEvent(queryClient, { type: 'post.liked', seq: 2, postId: original.id, likeCount: 3 }, READER);
    applyEvent(queryClient, { type: 'post.replied', seq: 3, postId: original.id, replyCount: 2 }, READER);
    const [asRepost, asItself] = postsIn(queryClient, HOME_KEY);
    for (const copy of [asRepost, asItself])
      expect(copy).toMatchObject({ bodyText: 'Edited', likeCount: 3, replyCount: 2, bookmarkedByMe: true });
    // The edit replaced the post; each copy is still the entry it was.
    expect(asRepost?.repostedBy).toEqual(entry.repostedBy);
    expect(asItself?.repostedBy).toBeNull();
  });

  it('waits behind the pill once per entry, so a repost of a waiting post waits too', () => {
    queryClient.setQueryData(HOME_KEY, pagesOf());
    vi.stubGlobal('window', { scrollY: 900 });
    hide = showTimeline(home(['ana', 'cy']));
    const original = post('cy');
    deliverNewPost(queryClient, original, READER);
    deliverNewPost(queryClient, original, READER);
    const entry = repostOf(original, 'ana');
    applyEvent(queryClient, { type: 'repost.created', seq: 1, post: publicOf(entry) }, READER);
    expect(pendingPosts.take(timelineId(home([]))).map(entryKeyOf)).toEqual([
      entry.repostedBy.id,
      original.id,
    ]);
  });

  it('after a gap, finds each entry of the newest page by its key', async () => {
    const original = post('cy');
    const entry = repostOf(original, 'ana');
    const newest = { posts: [entry, { ...original, likeCount: 5 }], nextCursor: null };
    queryClient.setQueryData(HOME_KEY, pagesOf(original));
    vi.stubGlobal('window', { scrollY: 900 });
    const timeline = home(['ana'], newest);
    hide = showTimeline(timeline);
    await catchUp(queryClient, READER);
    expect(keysIn(queryClient, HOME_KEY)).toEqual([original.id]);
    expect(postsIn(queryClient, HOME_KEY)[0]).toMatchObject({ likeCount: 5, repostedBy: null });
    expect(pendingPosts.take(timelineId(timeline)).map(entryKeyOf)).toEqual([entry.repostedBy.id]);
  });
});
