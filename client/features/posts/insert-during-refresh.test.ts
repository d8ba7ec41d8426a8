import { InfiniteQueryObserver, QueryClient } from '@tanstack/react-query';
import { describe, expect, it, vi } from 'vitest';
import type { Post, PostPage } from '../../../common/contracts/posts';
import { aPost } from '../../test-support/post-fixture';
import { insertPost, postKeys } from './posts.queries';

type Pages = { pages: PostPage[]; pageParams: unknown[] };

/** The feed as an infinite query whose answers the test hands out one by one. */
function feedWithServer(answers: Post[][]) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  let asked = 0;
  const releases: (() => void)[] = [];
  const options = {
    queryKey: postKeys.feed,
    initialPageParam: null as string | null,
    getNextPageParam: () => null,
    queryFn: () => {
      const posts = answers[Math.min(asked, answers.length - 1)] ?? [];
      asked += 1;
      return new Promise<PostPage>((resolve) => releases.push(() => resolve({ posts, nextCursor: null })));
    },
  };
  return { queryClient, options, releases, asked: () => asked };
}

const shown = (queryClient: QueryClient) =>
  queryClient.getQueryData<Pages>(postKeys.feed)?.pages.flatMap((page) => page.posts.map((post) => post.id));

describe('a new post while the feed is being refreshed', () => {
  it('stays: the refresh asked before it existed is asked again', async () => {
    const older = aPost({ id: 'older' });
    const mine = aPost({ id: 'mine' });
    const server = feedWithServer([[older], [older], [mine, older]]);
    // The feed on screen: a list someone is looking at.
    const observer = new InfiniteQueryObserver(server.queryClient, server.options);
    const stopWatching = observer.subscribe(() => undefined);
    server.releases.shift()?.();
    await observer.getCurrentQuery().promise;

    // Back online: a refresh starts, then the post sent meanwhile is put on top.
    const refresh = server.queryClient.refetchQueries({ queryKey: postKeys.feed });
    insertPost(server.queryClient, mine);
    expect(shown(server.queryClient)).toEqual(['mine', 'older']);

    // Asked again at once; the first refresh's answer, without the post, is dropped.
    await vi.waitFor(() => expect(server.asked()).toBe(3));
    for (const release of server.releases.splice(0)) release();
    await refresh;
    await observer.getCurrentQuery().promise;
    expect(shown(server.queryClient)).toEqual(['mine', 'older']);
    stopWatching();
  });

  it('reaches the list when it came during its first read: one more read follows that one', async () => {
    const [first, second, third] = [aPost({ id: 'first' }), aPost({ id: 'second' }), aPost({ id: 'third' })];
    const server = feedWithServer([[], [third, second, first]]);
    // The feed page just opened: its first page is on its way, asked before the posts existed.
    const observer = new InfiniteQueryObserver(server.queryClient, server.options);
    const stopWatching = observer.subscribe(() => undefined);
    expect(server.asked()).toBe(1);

    // Posts keep arriving: the first read is neither dropped nor asked again for each of them,
    // or on a busy instance it might never answer.
    for (const post of [first, second, third]) insertPost(server.queryClient, post);
    server.releases.shift()?.();
    await vi.waitFor(() => expect(server.asked()).toBe(2));
    expect(shown(server.queryClient)).toEqual([]);
    server.releases.shift()?.();
    await vi.waitFor(() => expect(shown(server.queryClient)).toEqual(['third', 'second', 'first']));
    expect(server.asked()).toBe(2);
    stopWatching();
  });

  it('asks nothing again when no refresh is under way', async () => {
    const server = feedWithServer([[aPost({ id: 'older' })]]);
    const first = server.queryClient.fetchInfiniteQuery(server.options);
    server.releases.shift()?.();
    await first;
    insertPost(server.queryClient, aPost({ id: 'mine' }));
    expect(server.asked()).toBe(1);
    expect(shown(server.queryClient)).toEqual(['mine', 'older']);
  });
});
