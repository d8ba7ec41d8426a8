import type { UseInfiniteQueryResult } from '@tanstack/react-query';
import { type ReactNode, useRef } from 'react';
import { entryKeyOf } from './post-copies';
import { useT } from '../../i18n';
import { userMessageOf } from '../../lib/api-client';
import { useNearViewport } from '../../lib/use-near-viewport';
import { Button } from '../../ui/button';
import { onFeedKeyDown } from './feed-focus';
import { KeepReadingPlace } from './reading-place';
import { useFeedShortcuts } from './use-feed-shortcuts';
import { SkeletonPosts } from '../../ui/skeleton';
import { PostCard } from './post-card';
import type { PostMenuSlot } from './post-menu-slot';
import { postsMessages } from './posts.messages';
import type { PostPages } from './posts.queries';

const NO_FEED = { current: null };

/**
 * The first and last posts round their own corners (1rem less the 1 px border) rather than the
 * list clipping them: inside a clipping box, Chromium counts the posts as shifted when a live
 * post goes in above them, even though the view follows them (see KeepReadingPlace).
 */
const FEED_FRAME =
  'rounded-2xl border border-slate-200 dark:border-slate-800 [&>article:first-child]:rounded-t-[calc(1rem-1px)] [&>article:last-child]:rounded-b-[calc(1rem-1px)]';

export interface PostListProps {
  query: UseInfiniteQueryResult<PostPages>;
  label: string;
  empty: ReactNode;
  /** j, k, l and r act on this list (one list per page may have them). */
  hasShortcuts?: boolean;
  /** Each post's "more actions" menu (see PostMenuSlot). */
  postMenu: PostMenuSlot;
}

/**
 * A paged list of posts that loads the next page as its end comes into view: an ARIA feed, each
 * post a focusable article with its position; Page Down / Page Up move between them.
 */
export function PostList({ query, label, empty, hasShortcuts = false, postMenu }: PostListProps) {
  const t = useT(postsMessages);
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
  if (isPending) return <SkeletonPosts />;
  if (error && !data) {
    return (
      <div role="alert" className="p-6 text-center text-slate-700 dark:text-slate-300">
        {userMessageOf(error)}{' '}
        <Button variant="secondary" onClick={() => void query.refetch()}>
          {t('listRetry')}
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
      <KeepReadingPlace firstEntryKey={posts[0] && entryKeyOf(posts[0])} feed={feed}>
        <div
          ref={feed}
          role="feed"
          aria-label={label}
          aria-busy={isFetchingNextPage}
          onKeyDown={onFeedKeyDown}
          className={FEED_FRAME}
        >
          {posts.map((post, index) => (
            // A post and a repost of it can both be here: each entry has a key of its own.
            <PostCard
              key={entryKeyOf(post)}
              post={post}
              position={{ index: index + 1, setSize }}
              postMenu={postMenu}
            />
          ))}
        </div>
      </KeepReadingPlace>
      <div ref={sentinel} className="flex justify-center py-6">
        {hasNextPage ? (
          <Button variant="secondary" isBusy={isFetchingNextPage} onClick={() => void fetchNextPage()}>
            {t('loadOlderPosts')}
          </Button>
        ) : (
          <p className="text-sm text-slate-600 dark:text-slate-400">{t('listEnd')}</p>
        )}
      </div>
    </>
  );
}
