import type { UseInfiniteQueryResult } from '@tanstack/react-query';
import { type ReactNode, useRef } from 'react';
import { userMessageOf } from '../../lib/api-client';
import { useNearViewport } from '../../lib/use-near-viewport';
import { Button } from '../../ui/button';
import { onFeedKeyDown } from '../feed/feed-focus';
import { useFeedShortcuts } from '../feed/use-feed-shortcuts';
import { PageSpinner } from '../../ui/page-spinner';
import { PostCard } from './post-card';
import type { PostPages } from './posts.queries';

const NO_FEED = { current: null };

export interface PostListProps {
  query: UseInfiniteQueryResult<PostPages>;
  label: string;
  empty: ReactNode;
  /** j, k, l and r act on this list (one list per page may have them). */
  hasShortcuts?: boolean;
}

/**
 * A paged list of posts that loads the next page as its end comes into view: an ARIA feed, each
 * post a focusable article with its position; Page Down / Page Up move between them.
 */
export function PostList({ query, label, empty, hasShortcuts = false }: PostListProps) {
  const { data, error, fetchNextPage, hasNextPage, isFetchingNextPage, isPending } = query;
  const feed = useRef<HTMLDivElement>(null);
  const loadMore = () => {
    if (hasNextPage && !isFetchingNextPage) void fetchNextPage();
  };
  const sentinel = useNearViewport<HTMLDivElement>(loadMore);
  const posts = data?.pages.flatMap((page) => page.posts) ?? [];
  useFeedShortcuts(hasShortcuts ? feed : NO_FEED, {
    hasMore: hasNextPage,
    loadMore,
    postCount: posts.length,
  });
  if (isPending) return <PageSpinner />;
  if (error && !data) {
    return (
      <div role="alert" className="p-6 text-center text-slate-700 dark:text-slate-300">
        {userMessageOf(error)}{' '}
        <Button variant="secondary" onClick={() => void query.refetch()}>
          Try again
        </Button>
      </div>
    );
  }
  if (posts.length === 0) return <>{empty}</>;
  // Unknown while older pages remain, as the feed pattern allows.
  const setSize = hasNextPage ? -1 : posts.length;
  return (
    <>
      {/* Keys reach the feed from the focused article inside it; the feed itself is no stop. */}
      <div
        ref={feed}
        role="feed"
        aria-label={label}
        aria-busy={isFetchingNextPage}
        onKeyDown={onFeedKeyDown}
        className="overflow-hidden rounded-2xl border border-slate-200 dark:border-slate-800"
      >
        {posts.map((post, index) => (
          <PostCard key={post.id} post={post} position={{ index: index + 1, setSize }} />
        ))}
      </div>
      <div ref={sentinel} className="flex justify-center py-6">
        {hasNextPage ? (
          <Button variant="secondary" isBusy={isFetchingNextPage} onClick={() => void fetchNextPage()}>
            Load older posts
          </Button>
        ) : (
          <p className="text-sm text-slate-600 dark:text-slate-400">You are all caught up.</p>
        )}
      </div>
    </>
  );
}
