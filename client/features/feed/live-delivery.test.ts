import { QueryClient } from '@tanstack/react-query';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Post, PostPage } from '../../../common/contracts/posts';
import {
  everyoneTimeline,
  type PostPages,
  postKeys,
  showTimeline,
  type Timeline,
  timelineId,
} from '../posts';
import { applyEvent, catchUp, deliverNewPost } from './live-delivery';
import { pendingPosts } from './pending-posts';

const READER = 'reader';
const HOME_KEY = ['timelines', 'home'] as const;

let sequence = 0;
function post(authorId: string, overrides: Partial<Post> = {}): Post {
  sequence += 1;
  return {
    id: `post-${sequence}`,
    author: { id: authorId, handle: authorId, displayName: authorId, avatar: null },
    parentId: null,
    bodyHtml: '<p>Hi</p>',
    bodyText: 'Hi',
    createdAt: new Date(2026, 0, 1, 0, 0, sequence).toISOString(),
    editedAt: null,
    likeCount: 0,
    replyCount: 0,
    likedByMe: false,
    bookmarkedByMe: false,
    images: [],
    linkPreview: null,
    ...overrides,
  };
}

function pagesOf(...posts: Post[]): PostPages {
  return { pages: [{ posts, nextCursor: null }], pageParams: [undefined] };
}

function idsIn(queryClient: QueryClient, queryKey: readonly unknown[]): string[] | undefined {
  return queryClient.getQueryData<PostPages>(queryKey)?.pages.flatMap((page) => page.posts.map((p) => p.id));
}

/** Home as the timelines feature builds it, reduced to what delivery reads. */
function home(followed: string[], newest: PostPage = { posts: [], nextCursor: null }): Timeline {
  return {
    queryKey: HOME_KEY,
    readPage: () => Promise.resolve(newest),
    belongs: (p) => p.parentId === null && (p.author.id === READER || followed.includes(p.author.id)),
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
    const { likedByMe: _liked, bookmarkedByMe: _bookmarked, ...edited } = { ...cached, bodyText: 'Edited' };
    applyEvent(queryClient, { type: 'post.updated', seq: 2, post: edited }, READER);
    const after = queryClient.getQueryData<PostPages>(postKeys.feed)?.pages[0]?.posts[0];
    expect(after).toMatchObject({ bodyText: 'Edited', likedByMe: true, bookmarkedByMe: true });

    show(everyoneTimeline, { scrollY: 900 });
    const { likedByMe: _l, bookmarkedByMe: _b, ...fresh } = post('bo');
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
});
