import { InfiniteQueryObserver, QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import type { Post, PostPage } from '../../../common/contracts/posts';
import { aPost } from '../../test-support/post-fixture';
import { forgetNewPost, keepNewPost } from './kept-new-posts';
import { insertPost, postKeys } from './posts.queries';

type Pages = { pages: PostPage[]; pageParams: unknown[] };

const at = (minute: number) => new Date(Date.UTC(2026, 0, 1, 12, minute)).toISOString();

/** The feed on screen, whose server answers each refresh with the next of `answers`. */
async function feedOnScreen(answers: PostPage[]) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  let asked = 0;
  const observer = new InfiniteQueryObserver(queryClient, {
    queryKey: postKeys.feed,
    initialPageParam: null as string | null,
    getNextPageParam: (page: PostPage) => page.nextCursor,
    queryFn: () => Promise.resolve(answers[Math.min(asked++, answers.length - 1)] as PostPage),
  });
  const stop = observer.subscribe(() => undefined);
  await observer.refetch();
  const refresh = async () => {
    await queryClient.refetchQueries({ queryKey: postKeys.feed });
  };
  const shown = () =>
    queryClient.getQueryData<Pages>(postKeys.feed)?.pages.flatMap((page) => page.posts.map((p) => p.id));
  return { queryClient, refresh, shown, stop };
}

/** The reader's new post, as sending it leaves the lists. */
function send(queryClient: QueryClient, post: Post): void {
  insertPost(queryClient, post);
  keepNewPost(queryClient, post, [postKeys.feed]);
}

describe('the reader’s new post, when a refresh asked before it existed answers late', () => {
  it('is put back in its place in the first page', async () => {
    const older = aPost({ id: 'older', createdAt: at(1) });
    const stale: PostPage = { posts: [older], nextCursor: null };
    const feed = await feedOnScreen([stale, stale]);
    const mine = aPost({ id: 'mine', createdAt: at(5) });
    send(feed.queryClient, mine);
    await feed.refresh();
    expect(feed.shown()).toEqual(['mine', 'older']);
    feed.stop();
  });

  it('is put back once, and the list then rests', async () => {
    const older = aPost({ id: 'older', createdAt: at(1) });
    const stale: PostPage = { posts: [older], nextCursor: null };
    const feed = await feedOnScreen([stale, stale]);
    send(feed.queryClient, aPost({ id: 'mine-once', createdAt: at(5) }));
    let updates = 0;
    const stopCounting = feed.queryClient.getQueryCache().subscribe((event) => {
      if (event.type === 'updated' && event.action.type === 'success') updates += 1;
    });
    await feed.refresh();
    await new Promise((resolve) => setTimeout(resolve, 100));
    stopCounting();
    // The refresh's answer, and the post put back: nothing after.
    expect(updates).toBe(2);
    expect(feed.shown()).toEqual(['mine-once', 'older']);
    feed.stop();
  });

  it('is let go once deleted', async () => {
    const older = aPost({ id: 'older', createdAt: at(1) });
    const feed = await feedOnScreen([{ posts: [older], nextCursor: null }]);
    const mine = aPost({ id: 'mine-deleted', createdAt: at(5) });
    send(feed.queryClient, mine);
    forgetNewPost(mine.id);
    await feed.refresh();
    expect(feed.shown()).toEqual(['older']);
    feed.stop();
  });

  it('is not put back where a fuller first page has moved past it', async () => {
    const newer = Array.from({ length: 3 }, (_, i) => aPost({ id: `newer-${i}`, createdAt: at(30 - i) }));
    const feed = await feedOnScreen([
      { posts: [aPost({ id: 'older', createdAt: at(1) })], nextCursor: null },
      { posts: newer, nextCursor: 'more' },
    ]);
    const mine = aPost({ id: 'mine-old', createdAt: at(5) });
    send(feed.queryClient, mine);
    await feed.refresh();
    expect(feed.shown()).toEqual(['newer-0', 'newer-1', 'newer-2']);
    feed.stop();
  });
});
