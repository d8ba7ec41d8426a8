import type { UseInfiniteQueryResult } from '@tanstack/react-query';
import { useT } from '../../i18n';
import { AccountList } from './account-list';
import { FollowToggle } from './follow-button';
import { followListEmpty, type FollowListKind, type FollowListPages, listFollowOf } from './follow-lists';
import { followsMessages } from './follows.messages';

/**
 * An account's followers, or the accounts it follows; `label` names the list (the page's heading).
 * A signed-in reader gets a Follow button on each row they could follow (not their own).
 */
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
      actions={(user) => {
        const state = query.data ? listFollowOf(query.data, user.id) : null;
        return state === null ? null : <FollowToggle user={user} state={state} />;
      }}
    />
  );
}
