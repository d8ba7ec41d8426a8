import { useRef, useState } from 'react';
import type { CreateInviteRequest, Invite } from '../../../common/contracts/instance';
import { userMessageOf } from '../../lib/api-client';
import { Alert } from '../../ui/alert';
import { Button } from '../../ui/button';
import { ConfirmDialog } from '../../ui/confirm-dialog';
import { RelativeTime } from '../../ui/relative-time';
import { useCreateInvite, useInvites, useRevokeInvite } from './invites.queries';

const USES: { label: string; value: CreateInviteRequest['maxUses'] }[] = [
  { label: 'Once', value: 1 },
  { label: '5 times', value: 5 },
  { label: '25 times', value: 25 },
  { label: 'No limit', value: null },
];
const EXPIRY: { label: string; value: CreateInviteRequest['expiresInDays'] }[] = [
  { label: '1 day', value: 1 },
  { label: '7 days', value: 7 },
  { label: '30 days', value: 30 },
  { label: 'Never', value: null },
];
const SELECT_CLASS =
  'min-h-11 rounded-lg border border-slate-300 bg-white px-3 text-base text-slate-900 dark:border-slate-700 dark:bg-slate-900 dark:text-slate-100';
const LABEL_CLASS = 'flex flex-col gap-1.5 text-sm font-medium text-slate-800 dark:text-slate-200';

/** Whether the settings page shows the section: the account may invite, or has invites to manage. */
export function useHasInviteLinks(isSignedIn: boolean): boolean {
  const invites = useInvites(isSignedIn);
  return invites.data !== undefined && (invites.data.canInvite || invites.data.invites.length > 0);
}

/** Making invite links (each shown once, when made), and the ones made before, withdrawable. */
export function InviteLinks() {
  const invites = useInvites();
  if (!invites.data) return null;
  return (
    <div className="flex flex-col gap-5">
      {invites.data.canInvite && <NewInvite />}
      <InviteList invites={invites.data.invites} />
    </div>
  );
}

function NewInvite() {
  const create = useCreateInvite();
  const [uses, setUses] = useState(0);
  const [expiry, setExpiry] = useState(1);
  const [copyNote, setCopyNote] = useState('');
  const linkRef = useRef<HTMLInputElement>(null);

  const copy = async (link: string) => {
    try {
      await navigator.clipboard.writeText(link);
      setCopyNote('Copied.');
    } catch {
      // Some browsers refuse the clipboard to a page; the selected text can still be copied by hand.
      linkRef.current?.select();
      setCopyNote('Select the link and copy it.');
    }
  };

  return (
    <div className="flex flex-col gap-4">
      <form
        className="flex flex-wrap items-end gap-3"
        onSubmit={(event) => {
          event.preventDefault();
          setCopyNote('');
          create.mutate({ maxUses: USES[uses]?.value ?? 1, expiresInDays: EXPIRY[expiry]?.value ?? 7 });
        }}
      >
        <label className={LABEL_CLASS}>
          Can be used
          <select
            className={SELECT_CLASS}
            value={uses}
            onChange={(event) => setUses(Number(event.target.value))}
          >
            {USES.map((choice, index) => (
              <option key={choice.label} value={index}>
                {choice.label}
              </option>
            ))}
          </select>
        </label>
        <label className={LABEL_CLASS}>
          Expires after
          <select
            className={SELECT_CLASS}
            value={expiry}
            onChange={(event) => setExpiry(Number(event.target.value))}
          >
            {EXPIRY.map((choice, index) => (
              <option key={choice.label} value={index}>
                {choice.label}
              </option>
            ))}
          </select>
        </label>
        <Button type="submit" isBusy={create.isPending}>
          Make invite link
        </Button>
      </form>
      {create.error && <Alert>{userMessageOf(create.error)}</Alert>}
      {create.data && (
        <div className="flex flex-col gap-2">
          <label className={LABEL_CLASS}>
            New invite link
            <input
              ref={linkRef}
              readOnly
              value={create.data.link}
              onFocus={(event) => event.target.select()}
              className={`${SELECT_CLASS} w-full min-w-0 font-mono text-sm`}
            />
          </label>
          <p className="text-sm text-slate-600 dark:text-slate-400">
            Copy it now: it is shown only this once.
          </p>
          <div className="flex flex-wrap items-center gap-3">
            <Button variant="secondary" onClick={() => void copy(create.data.link)}>
              Copy link
            </Button>
            <p role="status" className="text-sm text-slate-700 dark:text-slate-300">
              {copyNote}
            </p>
          </div>
        </div>
      )}
    </div>
  );
}

function usesOf(invite: Invite): string {
  const times = (n: number) => `${n} ${n === 1 ? 'time' : 'times'}`;
  return invite.maxUses === null
    ? `Used ${times(invite.uses)}`
    : `Used ${invite.uses} of ${times(invite.maxUses)}`;
}

function InviteList({ invites }: { invites: Invite[] }) {
  const revoke = useRevokeInvite();
  const [asked, setAsked] = useState<Invite | null>(null);
  if (invites.length === 0) {
    return (
      <p className="text-sm text-slate-600 dark:text-slate-400">You have not made any invite links yet.</p>
    );
  }
  return (
    <>
      {revoke.error && <Alert>{userMessageOf(revoke.error)}</Alert>}
      <ul aria-label="Your invite links" className="divide-y divide-slate-200 dark:divide-slate-800">
        {invites.map((invite) => (
          <li key={invite.id} className="flex flex-wrap items-center justify-between gap-3 py-3">
            <div className="text-sm">
              <p className="font-semibold">
                Made <RelativeTime iso={invite.createdAt} />
                <span className="ml-2 rounded-full bg-slate-100 px-2 py-0.5 text-xs font-semibold text-slate-800 dark:bg-slate-800 dark:text-slate-100">
                  {invite.isActive ? 'Active' : 'No longer works'}
                </span>
              </p>
              <p className="text-slate-600 dark:text-slate-400">
                {usesOf(invite)} ·{' '}
                {invite.expiresAt === null ? (
                  'never expires'
                ) : (
                  <>
                    expiry <RelativeTime iso={invite.expiresAt} />
                  </>
                )}
              </p>
            </div>
            {invite.isActive && (
              <Button
                variant="secondary"
                aria-label={`Withdraw the invite link made ${new Date(invite.createdAt).toLocaleString()}`}
                onClick={() => setAsked(invite)}
              >
                Withdraw
              </Button>
            )}
          </li>
        ))}
      </ul>
      <ConfirmDialog
        isOpen={asked !== null}
        title="Withdraw this invite link?"
        confirmLabel="Withdraw"
        isBusy={revoke.isPending}
        onCancel={() => setAsked(null)}
        onConfirm={() => {
          if (asked) revoke.mutate(asked.id, { onSettled: () => setAsked(null) });
        }}
      >
        Nobody will be able to sign up with it any more. Accounts made with it stay.
      </ConfirmDialog>
    </>
  );
}
