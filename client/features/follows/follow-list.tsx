import type { UseInfiniteQueryResult } from '@tanstack/react-query';
import { useT } from '../../i18n';
import { AccountList } from './account-list';
import { followListEmpty, type FollowListKind, type FollowListPages } from './follow-lists';
import { followsMessages } from './follows.messages';

/** An account's followers, or the accounts it follows; `label` names the list (the page's heading). */
export function FollowList({
  kind,
  query,
  label,
}: {
  kind: FollowListKind;
  query: UseInfiniteQueryResult<FollowListPages>;
  label: string;
}) {
  const t = useT(followsMessages);
  return (
    <AccountList
      query={query}
      label={label}
      empty={<p className="text-slate-600 dark:text-slate-400">{followListEmpty(kind, t)}</p>}
    />
  );
}
