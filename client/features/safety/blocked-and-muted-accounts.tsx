import { useQueryClient } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import { Link } from 'react-router';
import type { PublicProfile } from '../../../common/contracts/users';
import { useT } from '../../i18n';
import { userMessageOf } from '../../lib/api-client';
import { Alert } from '../../ui/alert';
import { Avatar } from '../../ui/avatar';
import { Button } from '../../ui/button';
import { blockedAndMutedMessages } from './blocked-and-muted.messages';
import { type SafetyKind, setRelation, useSafetyList } from './safety.queries';

const COPY = {
  block: {
    heading: 'blockedHeading',
    listLabel: 'blockedListLabel',
    empty: 'blockedEmpty',
    undo: 'unblockButton',
    undoLabel: 'unblockLabel',
    more: 'blockedMore',
  },
  mute: {
    heading: 'mutedHeading',
    listLabel: 'mutedListLabel',
    empty: 'mutedEmpty',
    undo: 'unmuteButton',
    undoLabel: 'unmuteLabel',
    more: 'mutedMore',
  },
} as const satisfies Record<SafetyKind, Record<string, string>>;

/** Settings: everyone the reader blocks, then everyone they mute, each with the way back. */
export function BlockedAndMutedAccounts() {
  return (
    <div className="flex flex-col gap-6">
      <RelationList kind="block" />
      <RelationList kind="mute" />
    </div>
  );
}

function RelationList({ kind }: { kind: SafetyKind }) {
  const t = useT(blockedAndMutedMessages);
  const copy = COPY[kind];
  const list = useSafetyList(kind);
  const queryClient = useQueryClient();
  const headingRef = useRef<HTMLHeadingElement>(null);
  const [pendingId, setPendingId] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);

  const undo = async (user: PublicProfile) => {
    setPendingId(user.id);
    setError(null);
    try {
      await setRelation(queryClient, kind, user, false);
      // The button left with its row: the keyboard carries on from this list's heading.
      headingRef.current?.focus();
    } catch (failure) {
      setError(userMessageOf(failure));
    } finally {
      setPendingId(null);
    }
  };

  const users = list.data?.pages.flatMap((page) => page.users) ?? [];
  return (
    <div className="flex flex-col gap-2">
      <h3 ref={headingRef} tabIndex={-1} className="font-semibold">
        {t(copy.heading)}
      </h3>
      {error && <Alert>{error}</Alert>}
      {list.isPending ? (
        <p className="text-sm text-slate-600 dark:text-slate-400">{t('loading')}</p>
      ) : list.isError && users.length === 0 ? (
        <div className="flex flex-wrap items-center gap-3">
          <Alert>{userMessageOf(list.error)}</Alert>
          <Button variant="secondary" onClick={() => void list.refetch()}>
            {t('tryAgain')}
          </Button>
        </div>
      ) : users.length === 0 ? (
        <p className="text-sm text-slate-600 dark:text-slate-400">{t(copy.empty)}</p>
      ) : (
        <ul aria-label={t(copy.listLabel)} className="divide-y divide-slate-200 dark:divide-slate-800">
          {users.map((user) => (
            <li key={user.id} className="flex items-center justify-between gap-3 py-2">
              <Link to={`/@${user.handle}`} className="flex min-w-0 items-center gap-3 rounded-lg">
                <Avatar name={user.displayName} handle={user.handle} avatar={user.avatar} size="sm" />
                <span className="min-w-0">
                  <span className="block truncate font-semibold">{user.displayName}</span>
                  <span className="block truncate text-sm text-slate-600 dark:text-slate-400">
                    @{user.handle}
                  </span>
                </span>
              </Link>
              <Button
                variant="secondary"
                className="shrink-0"
                aria-label={t(copy.undoLabel, { handle: user.handle })}
                isBusy={pendingId === user.id}
                onClick={() => void undo(user)}
              >
                {t(copy.undo)}
              </Button>
            </li>
          ))}
        </ul>
      )}
      {list.hasNextPage && (
        <div>
          <Button
            variant="secondary"
            isBusy={list.isFetchingNextPage}
            onClick={() => void list.fetchNextPage()}
          >
            {t(copy.more)}
          </Button>
        </div>
      )}
    </div>
  );
}
