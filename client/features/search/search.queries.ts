import { keepPreviousData, useInfiniteQuery } from '@tanstack/react-query';
import type { SearchResponse } from '../../../common/contracts/search';
import { isSearchable, parseSearchQuery, SEARCH_QUERY_MAX_LENGTH } from '../../../common/search/search-query';
import { api } from '../../lib/api-client';

export const searchKeys = {
  results: (q: string) => ['search', q] as const,
};

/** True when the server would take this query (the same rule as its zod schema). */
export function canSearch(q: string): boolean {
  return q.length <= SEARCH_QUERY_MAX_LENGTH && isSearchable(parseSearchQuery(q));
}

/**
 * Pages of results for one query. While the next query loads, the previous results stay on
 * screen (results as you type without flashing empty).
 */
export function useSearch(q: string) {
  return useInfiniteQuery({
    queryKey: searchKeys.results(q),
    queryFn: ({ pageParam, signal }) => api('search.posts', { signal, query: { q, cursor: pageParam } }),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last: SearchResponse) => last.nextCursor ?? undefined,
    enabled: canSearch(q),
    placeholderData: keepPreviousData,
  });
}
