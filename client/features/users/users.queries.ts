import { queryOptions } from '@tanstack/react-query';
import type { PublicProfile } from '../../../common/contracts/users';
import { api } from '../../lib/api-client';

/** Handles change rarely; a minute keeps typing @al, backspace, @al from asking twice. */
const SEARCH_STALE_MS = 60_000;

export const userKeys = {
  search: (prefix: string) => ['user-search', prefix.toLowerCase()] as const,
};

/** People whose handle starts with `prefix`, for @mention suggestions. */
export function userSearchQuery(prefix: string) {
  return queryOptions({
    queryKey: userKeys.search(prefix),
    queryFn: ({ signal }): Promise<PublicProfile[]> =>
      api('users.suggest', { signal, query: { prefix } }).then(({ users }) => users),
    staleTime: SEARCH_STALE_MS,
  });
}
