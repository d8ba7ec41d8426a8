import { type ReactNode, useId, useRef, useState } from 'react';
import { Link } from 'react-router';
import type { AdminUser, AdminUserFilter, StaffRole } from '../../../common/contracts/staff';
import { userMessageOf } from '../../lib/api-client';
import { Alert } from '../../ui/alert';
import { Avatar } from '../../ui/avatar';
import { Button } from '../../ui/button';
import { ConfirmDialog } from '../../ui/confirm-dialog';
import { type Translate, useT } from '../../i18n';
import { useCurrentUser } from '../auth';
import { useSafetyStatus } from '../safety';
import { LoadFailure, LoadMoreButton, SkeletonRows, useLoadMore } from './load-more';
import { useAdminUsers, useForcePasswordReset, useSetRole, useSetSuspension } from './user-admin.queries';
import { userAdminMessages } from './user-admin.messages';

type UserAdminKey = keyof typeof userAdminMessages.source;

const ROLE_CHOICES: { value: string; label: UserAdminKey; role: StaffRole | null }[] = [
  { value: 'none', label: 'roleNone', role: null },
  { value: 'moderator', label: 'roleModerator', role: 'moderator' },
  { value: 'admin', label: 'roleAdmin', role: 'admin' },
];

const BADGE = 'rounded-full px-2 py-0.5 text-xs font-semibold';
const NEUTRAL = `${BADGE} bg-slate-100 text-slate-700 dark:bg-slate-800 dark:text-slate-200`;
const STAFF = `${BADGE} bg-primary-100 text-primary-800 dark:bg-primary-900 dark:text-primary-100`;
const WARNING = `${BADGE} bg-amber-100 text-amber-900 dark:bg-amber-950 dark:text-amber-200`;
const DANGER = `${BADGE} bg-red-100 text-red-800 dark:bg-red-950 dark:text-red-200`;
const GOOD = `${BADGE} bg-green-100 text-green-800 dark:bg-green-950 dark:text-green-200`;

function badgesOf(account: AdminUser): { label: UserAdminKey; className: string }[] {
  const badges: { label: UserAdminKey; className: string }[] = [];
  if (account.founder) badges.push({ label: 'badgeFounder', className: NEUTRAL });
  if (account.role === 'admin') badges.push({ label: 'badgeAdmin', className: STAFF });
  if (account.role === 'moderator') badges.push({ label: 'badgeModerator', className: STAFF });
  if (account.suspended) badges.push({ label: 'badgeSuspended', className: DANGER });
  if (account.pendingApproval) badges.push({ label: 'badgeAwaitingApproval', className: WARNING });
  if (!account.emailConfirmed) badges.push({ label: 'badgeUnconfirmedAddress', className: WARNING });
  if (account.twoFactor) badges.push({ label: 'badgeTwoFactor', className: GOOD });
  return badges;
}

function roleSaved(t: Translate<UserAdminKey>, handle: string, role: StaffRole | null): string {
  if (role === 'admin') return t('roleSavedAdmin', { handle });
  if (role === 'moderator') return t('roleSavedModerator', { handle });
  return t('roleSavedNone', { handle });
}

/** Words only screen readers hear, saying which account a control acts on. */
const hidden = (chunks: ReactNode[]) => <span className="sr-only">{chunks}</span>;

/**
 * The accounts matching a search and a filter, newest first, with what staff may do to each:
 * suspend (admins and moderators), change the role and force a new password (admins).
 */
export function AdminUserList({ q, filter }: { q: string; filter: AdminUserFilter }) {
  const t = useT(userAdminMessages);
  const { data: viewer } = useCurrentUser();
  const safety = useSafetyStatus(Boolean(viewer));
  const isAdmin = safety.data?.staffRole === 'admin';
  const list = useAdminUsers(q, filter);
  const listRef = useRef<HTMLUListElement>(null);
  const accounts = list.data?.pages.flatMap((page) => page.users) ?? [];
  const loadMore = useLoadMore(listRef, accounts.length, list.fetchNextPage);

  return (
    <div className="flex flex-col gap-4">
      {list.isPending ? (
        <SkeletonRows count={5} hasAvatar />
      ) : !list.data ? (
        <LoadFailure error={list.error} onRetry={() => void list.refetch()} />
      ) : accounts.length === 0 ? (
        <p className="min-h-20 text-slate-600 dark:text-slate-400">
          {q === '' && filter === 'all' ? t('emptyNoAccounts') : t('emptyNoMatch')}
        </p>
      ) : (
        // role=list: Safari drops the list role of a <ul> styled without bullets.
        <ul
          ref={listRef}
          role="list"
          aria-label={t('accountListLabel')}
          // While a new search loads the previous results stay, dimmed, rather than a blank list.
          aria-busy={list.isPlaceholderData || undefined}
          className={`divide-y divide-slate-200 rounded-2xl border border-slate-200 bg-white transition-opacity dark:divide-slate-800 dark:border-slate-800 dark:bg-slate-900 ${list.isPlaceholderData ? 'opacity-60' : ''}`}
        >
          {accounts.map((account) => (
            <AccountRow
              key={account.user.id}
              account={account}
              isSelf={account.user.id === viewer?.id}
              isAdmin={isAdmin}
            />
          ))}
        </ul>
      )}
      {list.hasNextPage && !list.isPlaceholderData && (
        <LoadMoreButton
          isBusy={list.isFetchingNextPage}
          error={list.isFetchNextPageError ? list.error : null}
          onClick={loadMore}
        />
      )}
    </div>
  );
}

type Dialog = 'suspend' | 'password' | null;

function AccountRow({ account, isSelf, isAdmin }: { account: AdminUser; isSelf: boolean; isAdmin: boolean }) {
  const t = useT(userAdminMessages);
  const { user } = account;
  const handle = user.handle;
  const roleId = useId();
  const roleHintId = useId();
  const setRole = useSetRole();
  const suspension = useSetSuspension();
  const passwordReset = useForcePasswordReset();
  const [dialog, setDialog] = useState<Dialog>(null);
  const [error, setError] = useState<unknown>(null);
  // Said beside the row acted on, which may be far down a long list.
  const [notice, setNotice] = useState('');
  // The server refuses to suspend anyone with a role, the reader included.
  const canSuspend = account.role === null && !isSelf;
  const roleHint = account.founder ? t('founderRoleHint') : isSelf ? t('ownRoleHint') : null;
  // The chosen role shows while it is being saved; a refusal puts the saved one back.
  const shownRole = setRole.isPending ? setRole.variables.role : account.role;

  const changeRole = (role: StaffRole | null) => {
    setError(null);
    setNotice('');
    setRole.mutate(
      { userId: user.id, role },
      { onSuccess: () => setNotice(roleSaved(t, handle, role)), onError: setError },
    );
  };

  const setSuspended = (isSuspended: boolean) => {
    setError(null);
    setNotice('');
    suspension.mutate(
      { userId: user.id, isSuspended },
      {
        onSuccess: () =>
          setNotice(isSuspended ? t('suspendedNotice', { handle }) : t('suspensionLiftedNotice', { handle })),
        onError: setError,
        onSettled: () => setDialog(null),
      },
    );
  };

  const forcePasswordReset = () => {
    setError(null);
    setNotice('');
    passwordReset.mutate(user.id, {
      onSuccess: () => setNotice(t('passwordResetNotice', { handle })),
      onError: setError,
      onSettled: () => setDialog(null),
    });
  };

  const badges = badgesOf(account);
  return (
    // Focus lands here when "Load more" brings this row in.
    <li tabIndex={-1} className="flex flex-col gap-3 px-4 py-4">
      <div className="flex min-w-0 flex-col gap-1">
        {/* Picture, name and handle make one link: a target of 44 px or more on a phone too. */}
        <Link
          to={`/@${handle}`}
          className="group flex min-h-11 min-w-0 items-center gap-3 self-start rounded-lg"
        >
          <Avatar name={user.displayName} handle={handle} avatar={user.avatar} />
          <span className="min-w-0">
            <span className="block font-semibold [overflow-wrap:anywhere] group-hover:underline">
              {user.displayName}
              {isSelf && (
                <span className="font-normal text-slate-600 dark:text-slate-400"> {t('youMarker')}</span>
              )}
            </span>
            <span className="block text-sm break-all text-slate-600 dark:text-slate-400">@{handle}</span>
          </span>
        </Link>
        {/* Indented under the name, past the 40 px picture and its 12 px gap. */}
        {account.email !== null && (
          <p className="pl-13 text-sm break-all text-slate-700 dark:text-slate-300">{account.email}</p>
        )}
        {badges.length > 0 && (
          <ul role="list" className="mt-1 flex flex-wrap gap-1.5 pl-13">
            {badges.map((badge) => (
              <li key={badge.label} className={badge.className}>
                {t(badge.label)}
              </li>
            ))}
          </ul>
        )}
      </div>
      {(isAdmin || canSuspend) && (
        <div className="flex flex-wrap items-end gap-2">
          {isAdmin && (
            <div className="flex min-w-0 flex-col gap-1">
              <label htmlFor={roleId} className="text-sm font-medium text-slate-800 dark:text-slate-200">
                {t.rich('roleLabel', { handle, hidden })}
              </label>
              <select
                id={roleId}
                value={shownRole ?? 'none'}
                disabled={roleHint !== null}
                aria-describedby={roleHint === null ? undefined : roleHintId}
                aria-busy={setRole.isPending || undefined}
                onChange={(event) =>
                  changeRole(ROLE_CHOICES.find((choice) => choice.value === event.target.value)?.role ?? null)
                }
                className="min-h-11 min-w-0 rounded-lg border border-slate-300 bg-white px-3 text-base sm:text-sm text-slate-900 shadow-sm focus:border-primary-500 focus:outline-2 focus:outline-primary-500/40 disabled:cursor-not-allowed disabled:bg-slate-100 disabled:text-slate-500 dark:border-slate-700 dark:bg-slate-900 dark:text-slate-100 dark:disabled:bg-slate-800 dark:disabled:text-slate-400"
              >
                {ROLE_CHOICES.map((choice) => (
                  <option key={choice.value} value={choice.value}>
                    {t(choice.label)}
                  </option>
                ))}
              </select>
            </div>
          )}
          {canSuspend && (
            <Button
              variant="secondary"
              className="min-h-11"
              isBusy={suspension.isPending && !suspension.variables.isSuspended}
              onClick={() => (account.suspended ? setSuspended(false) : setDialog('suspend'))}
            >
              {account.suspended
                ? t.rich('liftSuspensionButton', { handle, hidden })
                : t.rich('suspendButton', { handle, hidden })}
            </Button>
          )}
          {/* One's own password is changed in the settings, with the current one. */}
          {isAdmin && !isSelf && (
            <Button variant="secondary" className="min-h-11" onClick={() => setDialog('password')}>
              {t.rich('forcePasswordResetButton', { handle, hidden })}
            </Button>
          )}
        </div>
      )}
      {roleHint !== null && isAdmin && (
        <p id={roleHintId} className="text-sm text-slate-600 dark:text-slate-400">
          {roleHint}
        </p>
      )}
      {/* Below the actions, so what they say never moves the control just used. */}
      {error !== null && <Alert>{userMessageOf(error)}</Alert>}
      {/* Always in the page (a live region added with its text is often not read), hidden while empty. */}
      <p
        role="status"
        className={notice ? 'text-sm font-medium text-green-800 dark:text-green-300' : 'sr-only'}
      >
        {notice}
      </p>
      <ConfirmDialog
        isOpen={dialog === 'suspend'}
        title={t('suspendConfirmTitle', { handle })}
        confirmLabel={t('suspendConfirmLabel')}
        isBusy={suspension.isPending}
        onCancel={() => setDialog(null)}
        onConfirm={() => setSuspended(true)}
      >
        {t('suspendConfirmBody')}
      </ConfirmDialog>
      <ConfirmDialog
        isOpen={dialog === 'password'}
        title={t('passwordResetConfirmTitle', { handle })}
        confirmLabel={t('passwordResetConfirmLabel')}
        isBusy={passwordReset.isPending}
        onCancel={() => setDialog(null)}
        onConfirm={forcePasswordReset}
      >
        {t('passwordResetConfirmBody', { handle })}
      </ConfirmDialog>
    </li>
  );
}
