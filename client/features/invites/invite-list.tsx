import { useEffect, useRef, useState } from 'react';
import type { Invite } from '../../../common/contracts/instance';
import { userMessageOf } from '../../lib/api-client';
import { Alert } from '../../ui/alert';
import { Button } from '../../ui/button';
import { ConfirmDialog } from '../../ui/confirm-dialog';
import { RelativeTime, relativeTime } from '../../ui/relative-time';
import { useRevokeInvite } from './invites.queries';

/** With seconds: two links made in the same minute still get different button names. */
const exactTime = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'medium' });

const hasPassed = (iso: string) => new Date(iso).getTime() <= Date.now();

function usesOf(invite: Invite): string {
  const times = (n: number) => `${n} ${n === 1 ? 'time' : 'times'}`;
  return invite.maxUses === null
    ? `Used ${times(invite.uses)}`
    : `Used ${invite.uses} of ${times(invite.maxUses)}`;
}

/**
 * The server says only whether a link still works; why not is read from its numbers. A
 * withdrawn link that has since expired shows as expired: the list does not say which came first.
 */
function stateOf(invite: Invite): { label: string; isActive: boolean } {
  if (invite.isActive) return { label: 'Active', isActive: true };
  if (invite.maxUses !== null && invite.uses >= invite.maxUses) return { label: 'Used up', isActive: false };
  if (invite.expiresAt !== null && hasPassed(invite.expiresAt)) return { label: 'Expired', isActive: false };
  return { label: 'Withdrawn', isActive: false };
}

function Expiry({ expiresAt }: { expiresAt: string | null }) {
  if (expiresAt === null) return <>Never expires</>;
  if (hasPassed(expiresAt)) return <>Expired</>;
  return (
    <>
      Expires <RelativeTime iso={expiresAt} />
    </>
  );
}

/** The links this account made, each withdrawable (after a question) while it still works. */
export function InviteList({ invites }: { invites: Invite[] }) {
  const revoke = useRevokeInvite();
  const [asked, setAsked] = useState<Invite | null>(null);
  const [withdrawnNote, setWithdrawnNote] = useState('');
  const listRef = useRef<HTMLUListElement>(null);

  // The pressed button is gone once its link is withdrawn, so focus would drop to the page's
  // start; the list keeps it where the person was. Runs after the dialog's own focus restore.
  useEffect(() => {
    if (withdrawnNote) listRef.current?.focus();
  }, [withdrawnNote]);

  return (
    <div className="flex min-w-0 flex-col gap-3">
      <h3 className="font-semibold">Your invite links</h3>
      {revoke.error && <Alert>{userMessageOf(revoke.error)}</Alert>}
      <p role="status" className="sr-only">
        {withdrawnNote}
      </p>
      {invites.length === 0 ? (
        <p className="text-sm text-slate-600 dark:text-slate-400">You have not made any invite links yet.</p>
      ) : (
        <ul
          ref={listRef}
          tabIndex={-1}
          aria-label="Your invite links"
          className="divide-y divide-slate-200 rounded-lg focus:outline-2 focus:outline-primary-500/40 dark:divide-slate-800"
        >
          {invites.map((invite) => {
            const state = stateOf(invite);
            return (
              <li key={invite.id} className="flex flex-wrap items-center justify-between gap-3 py-3">
                <div className="min-w-0 text-sm">
                  <p className="flex flex-wrap items-center gap-2 font-semibold">
                    <span>
                      Made <RelativeTime iso={invite.createdAt} />
                    </span>
                    <span
                      className={
                        state.isActive
                          ? 'rounded-full bg-green-100 px-2 py-0.5 text-xs font-semibold text-green-800 dark:bg-green-950 dark:text-green-200'
                          : 'rounded-full bg-slate-100 px-2 py-0.5 text-xs font-semibold text-slate-700 dark:bg-slate-800 dark:text-slate-200'
                      }
                    >
                      {state.label}
                    </span>
                  </p>
                  <p className="text-slate-600 dark:text-slate-400">
                    {usesOf(invite)} · <Expiry expiresAt={invite.expiresAt} />
                  </p>
                </div>
                {invite.isActive && (
                  <Button
                    variant="secondary"
                    className="min-h-11"
                    aria-label={`Withdraw the invite link made ${relativeTime(invite.createdAt)} (${exactTime.format(new Date(invite.createdAt))})`}
                    onClick={() => {
                      revoke.reset();
                      setAsked(invite);
                    }}
                  >
                    Withdraw
                  </Button>
                )}
              </li>
            );
          })}
        </ul>
      )}
      <ConfirmDialog
        isOpen={asked !== null}
        title="Withdraw this invite link?"
        confirmLabel="Withdraw"
        isBusy={revoke.isPending}
        onCancel={() => setAsked(null)}
        onConfirm={() => {
          if (!asked) return;
          setWithdrawnNote('');
          revoke.mutate(asked.id, {
            onSuccess: () => setWithdrawnNote('Invite link withdrawn.'),
            onSettled: () => setAsked(null),
          });
        }}
      >
        {asked && (
          <p>
            Nobody will be able to sign up with the link made <RelativeTime iso={asked.createdAt} /> any more.
            Accounts already made with it stay.
          </p>
        )}
      </ConfirmDialog>
    </div>
  );
}
