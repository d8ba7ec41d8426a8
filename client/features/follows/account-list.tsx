import type { UseInfiniteQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import type { PublicProfile } from '../../../common/contracts/users';
import { useT } from '../../i18n';
import { userMessageOf } from '../../lib/api-client';
import { Alert } from '../../ui/alert';
import { Button } from '../../ui/button';
import { AccountRow } from './account-row';
import type { FollowListPages } from './follow-lists';
import { followsMessages } from './follows.messages';

/** Stand-in rows while the first page loads: the list's own height, so nothing moves after. */
const SKELETON_ROWS = 3;
const BAR = 'rounded bg-slate-200 motion-safe:animate-pulse dark:bg-slate-700';

export interface AccountListProps {
  query: UseInfiniteQueryResult<FollowListPages>;
  /** The list's accessible name. */
  label: string;
  /** Shown instead of the list when it has nobody. */
  empty: ReactNode;
  /** What the list offers for each account (Approve, Deny), if anything. */
  actions?: (user: PublicProfile) => ReactNode;
}

/** Accounts, a page at a time: newest first, then "Load more" for older ones. */
export function AccountList({ query, label, empty, actions }: AccountListProps) {
  const t = useT(followsMessages);
  if (query.isPending) return <SkeletonAccounts />;
  const users = query.data?.pages.flatMap((page) => page.users) ?? [];
  if (query.isError && users.length === 0) {
    return (
      <div className="flex flex-col items-start gap-3">
        <Alert>{userMessageOf(query.error)}</Alert>
        <Button variant="secondary" onClick={() => void query.refetch()}>
          {t('tryAgain')}
        </Button>
      </div>
    );
  }
  // Rows answered away can empty the loaded pages while older ones remain: offer those, not "none".
  if (users.length === 0 && !query.hasNextPage) return <>{empty}</>;
  return (
    <div className="flex flex-col gap-4">
      {users.length > 0 && (
        <ul
          aria-label={label}
          className="divide-y divide-slate-200 overflow-hidden rounded-2xl border border-slate-200 bg-white dark:divide-slate-800 dark:border-slate-800 dark:bg-slate-900"
        >
          {users.map((user) => (
            <li key={user.id}>
              <AccountRow user={user} actions={actions?.(user)} />
            </li>
          ))}
        </ul>
      )}
      {query.hasNextPage && (
        <div className="flex justify-center">
          <Button
            variant="secondary"
            data-load-more=""
            isBusy={query.isFetchingNextPage}
            onClick={() => void query.fetchNextPage()}
          >
            {t('loadMore')}
          </Button>
        </div>
      )}
      {query.isFetchNextPageError && <Alert>{userMessageOf(query.error)}</Alert>}
    </div>
  );
}

function SkeletonAccounts() {
  const t = useT(followsMessages);
  return (
    <div>
      <p role="status" className="sr-only">
        {t('loading')}
      </p>
      <div
        aria-hidden="true"
        className="divide-y divide-slate-200 overflow-hidden rounded-2xl border border-slate-200 bg-white dark:divide-slate-800 dark:border-slate-800 dark:bg-slate-900"
      >
        {Array.from({ length: SKELETON_ROWS }, (_, index) => (
          <div key={index} className="flex min-h-[4.25rem] items-center gap-3 px-4 py-3">
            <div className={`size-10 shrink-0 rounded-full ${BAR}`} />
            <div className="flex flex-1 flex-col gap-2">
              <div className={`h-3.5 w-2/5 ${BAR}`} />
              <div className={`h-3 w-1/4 ${BAR}`} />
            </div>
          </div>
        ))}
      </div>
    </div>
  );
}
