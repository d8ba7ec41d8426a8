import type { UseInfiniteQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { userMessageOf } from '../../lib/api-client';
import { useNearViewport } from '../../lib/use-near-viewport';
import { Button } from '../../ui/button';
import { PageSpinner } from '../../ui/page-spinner';
import { PostCard } from './post-card';
import type { PostPages } from './posts.queries';

export interface PostListProps {
  query: UseInfiniteQueryResult<PostPages>;
  label: string;
  empty: ReactNode;
}

/** A paged list of posts (ARIA feed) that loads the next page as its end comes into view. */
export function PostList({ query, label, empty }: PostListProps) {
  const { data, error, fetchNextPage, hasNextPage, isFetchingNextPage, isPending } = query;
  const sentinel = useNearViewport<HTMLDivElement>(() => {
    if (hasNextPage && !isFetchingNextPage) void fetchNextPage();
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
  const posts = data?.pages.flatMap((page) => page.posts) ?? [];
  if (posts.length === 0) return <>{empty}</>;
  return (
    <>
      <div
        role="feed"
        aria-label={label}
        aria-busy={isFetchingNextPage}
        className="overflow-hidden rounded-2xl border border-slate-200 dark:border-slate-800"
      >
        {posts.map((post) => (
          <PostCard key={post.id} post={post} />
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
