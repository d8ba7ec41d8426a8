import { useEffect, useRef, useState } from 'react';
import type { Invite } from '../../../common/contracts/instance';
import { dateTimeFormat, type Locale, type Translate, useLocale, useT } from '../../i18n';
import { userMessageOf } from '../../lib/api-client';
import { Alert } from '../../ui/alert';
import { Button } from '../../ui/button';
import { ConfirmDialog } from '../../ui/confirm-dialog';
import { RelativeTime, relativeTime } from '../../ui/relative-time';
import { useRevokeInvite } from './invites.queries';
import { invitesMessages } from './invites.messages';

type InvitesKey = keyof typeof invitesMessages.source;

/** With seconds: two links made in the same minute still get different button names. */
function exactTime(iso: string, locale: Locale): string {
  return dateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'medium' }).format(new Date(iso));
}

const hasPassed = (iso: string) => new Date(iso).getTime() <= Date.now();

function usesOf(invite: Invite, t: Translate<InvitesKey>): string {
  return invite.maxUses === null
    ? t('usedTimes', { count: invite.uses })
    : t('usedOfMax', { uses: invite.uses, max: invite.maxUses });
}

/**
 * The server says only whether a link still works; why not is read from its numbers. A
 * withdrawn link that has since expired shows as expired: the list does not say which came first.
 */
function stateOf(invite: Invite): { label: InvitesKey; isActive: boolean } {
  if (invite.isActive) return { label: 'stateActive', isActive: true };
  if (invite.maxUses !== null && invite.uses >= invite.maxUses)
    return { label: 'stateUsedUp', isActive: false };
  if (invite.expiresAt !== null && hasPassed(invite.expiresAt))
    return { label: 'stateExpired', isActive: false };
  return { label: 'stateWithdrawn', isActive: false };
}

function Expiry({ expiresAt }: { expiresAt: string | null }) {
  const t = useT(invitesMessages);
  if (expiresAt === null) return <>{t('neverExpires')}</>;
  if (hasPassed(expiresAt)) return <>{t('expired')}</>;
  return <>{t.rich('expiresAt', { time: <RelativeTime iso={expiresAt} /> })}</>;
}

/** The links this account made, each withdrawable (after a question) while it still works. */
export function InviteList({ invites }: { invites: Invite[] }) {
  const t = useT(invitesMessages);
  const locale = useLocale();
  const revoke = useRevokeInvite();
  const [asked, setAsked] = useState<Invite | null>(null);
  const [isWithdrawn, setIsWithdrawn] = useState(false);
  const listRef = useRef<HTMLUListElement>(null);

  // The pressed button is gone once its link is withdrawn, so focus would drop to the page's
  // start; the list keeps it where the person was. Runs after the dialog's own focus restore.
  useEffect(() => {
    if (isWithdrawn) listRef.current?.focus();
  }, [isWithdrawn]);

  return (
    <div className="flex min-w-0 flex-col gap-3">
      <h3 className="font-semibold">{t('listHeading')}</h3>
      {revoke.error && <Alert>{userMessageOf(revoke.error)}</Alert>}
      <p role="status" className="sr-only">
        {isWithdrawn && t('withdrawnNote')}
      </p>
      {invites.length === 0 ? (
        <p className="text-sm text-slate-600 dark:text-slate-400">{t('listEmpty')}</p>
      ) : (
        <ul
          ref={listRef}
          tabIndex={-1}
          aria-label={t('listHeading')}
          className="divide-y divide-slate-200 rounded-lg focus:outline-2 focus:outline-primary-500/40 dark:divide-slate-800"
        >
          {invites.map((invite) => {
            const state = stateOf(invite);
            return (
              <li key={invite.id} className="flex flex-wrap items-center justify-between gap-3 py-3">
                <div className="min-w-0 text-sm">
                  <p className="flex flex-wrap items-center gap-2 font-semibold">
                    <span>{t.rich('madeAt', { time: <RelativeTime iso={invite.createdAt} /> })}</span>
                    <span
                      className={
                        state.isActive
                          ? 'rounded-full bg-green-100 px-2 py-0.5 text-xs font-semibold text-green-800 dark:bg-green-950 dark:text-green-200'
                          : 'rounded-full bg-slate-100 px-2 py-0.5 text-xs font-semibold text-slate-700 dark:bg-slate-800 dark:text-slate-200'
                      }
                    >
                      {t(state.label)}
                    </span>
                  </p>
                  <p className="text-slate-600 dark:text-slate-400">
                    {usesOf(invite, t)} · <Expiry expiresAt={invite.expiresAt} />
                  </p>
                </div>
                {invite.isActive && (
                  <Button
                    variant="secondary"
                    className="min-h-11"
                    aria-label={t('withdrawButtonLabel', {
                      relative: relativeTime(invite.createdAt, locale),
                      exact: exactTime(invite.createdAt, locale),
                    })}
                    onClick={() => {
                      revoke.reset();
                      setAsked(invite);
                    }}
                  >
                    {t('withdrawButton')}
                  </Button>
                )}
              </li>
            );
          })}
        </ul>
      )}
      <ConfirmDialog
        isOpen={asked !== null}
        title={t('withdrawConfirmTitle')}
        confirmLabel={t('withdrawConfirmLabel')}
        isBusy={revoke.isPending}
        onCancel={() => setAsked(null)}
        onConfirm={() => {
          if (!asked) return;
          setIsWithdrawn(false);
          revoke.mutate(asked.id, {
            onSuccess: () => setIsWithdrawn(true),
            onSettled: () => setAsked(null),
          });
        }}
      >
        {asked && <p>{t.rich('withdrawConfirmBody', { time: <RelativeTime iso={asked.createdAt} /> })}</p>}
      </ConfirmDialog>
    </div>
  );
}
