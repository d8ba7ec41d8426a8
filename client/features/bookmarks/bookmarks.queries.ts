import { useInfiniteQuery } from '@tanstack/react-query';
import { api } from '../../lib/api-client';
import { postKeys } from '../posts';

/** The reader's bookmarked posts, newest bookmark first, a page at a time. */
export function useBookmarks() {
  return useInfiniteQuery({
    // Under the posts feature's key, so live edits, likes and deletions reach the list.
    queryKey: postKeys.bookmarks,
    queryFn: ({ pageParam, signal }) => api('bookmarks.list', { signal, query: { cursor: pageParam } }),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.nextCursor ?? undefined,
  });
}
