import { useT } from '../../i18n';
import { userMessageOf } from '../../lib/api-client';
import { Alert } from '../../ui/alert';
import { Button } from '../../ui/button';
import { RelativeTime } from '../../ui/relative-time';
import { ThisDeviceBadge } from '../../ui/this-device-badge';
import { accountMessages } from './account.messages';
import { useRevokeOtherSessions, useRevokeSession, useSessions } from './account.queries';

/** Every browser signed in to the account, the current one first and marked. */
export function SessionsList() {
  const t = useT(accountMessages);
  const sessions = useSessions();
  const revoke = useRevokeSession();
  const revokeOthers = useRevokeOtherSessions();
  if (sessions.isPending) return <p className="text-slate-600 dark:text-slate-400">{t('loadingSessions')}</p>;
  if (sessions.isError) return <Alert>{userMessageOf(sessions.error)}</Alert>;
  const list = [...sessions.data].sort((a, b) => Number(b.isCurrent) - Number(a.isCurrent));
  const hasOthers = list.some((session) => !session.isCurrent);
  const error = revoke.error ?? revokeOthers.error;
  return (
    <div className="flex flex-col gap-4">
      {error && <Alert>{userMessageOf(error)}</Alert>}
      <ul aria-label={t('sessionsLabel')} className="divide-y divide-slate-200 dark:divide-slate-800">
        {list.map((session) => (
          <li key={session.id} className="flex flex-wrap items-center justify-between gap-3 py-3">
            <div>
              <p className="font-semibold">
                {session.device}
                {session.isCurrent && <ThisDeviceBadge />}
              </p>
              <p className="text-sm text-slate-600 dark:text-slate-400">
                {t.rich('sessionTimes', {
                  signedIn: <RelativeTime iso={session.createdAt} />,
                  lastActive: <RelativeTime iso={session.lastSeenAt} />,
                })}
              </p>
            </div>
            {!session.isCurrent && (
              <Button
                variant="secondary"
                aria-label={t('logOutSessionLabel', { device: session.device })}
                isBusy={revoke.isPending && revoke.variables === session.id}
                onClick={() => revoke.mutate(session.id)}
              >
                {t('logOut')}
              </Button>
            )}
          </li>
        ))}
      </ul>
      {hasOthers && (
        <div>
          <Button variant="secondary" isBusy={revokeOthers.isPending} onClick={() => revokeOthers.mutate()}>
            {t('logOutOtherDevices')}
          </Button>
        </div>
      )}
    </div>
  );
}
