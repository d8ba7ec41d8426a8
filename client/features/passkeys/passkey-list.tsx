import { KeyRound } from 'lucide-react';
import type { Passkey } from '../../../common/contracts/passkeys';
import { Button } from '../../ui/button';
import { RelativeTime } from '../../ui/relative-time';

/** The account's passkeys, each with when it was added and last used. */
export function PasskeyList({
  passkeys,
  onRemove,
}: {
  passkeys: Passkey[];
  onRemove: (passkey: Passkey) => void;
}) {
  if (passkeys.length === 0)
    return (
      <p className="text-sm text-slate-700 dark:text-slate-300">
        None yet. A passkey logs you in with your device&apos;s screen lock (fingerprint, face or PIN) instead
        of your password.
      </p>
    );
  return (
    <ul aria-label="Passkeys" className="divide-y divide-slate-200 dark:divide-slate-800">
      {passkeys.map((passkey) => (
        <li key={passkey.id} className="flex flex-wrap items-center justify-between gap-3 py-3">
          <div className="flex min-w-0 items-start gap-3">
            <KeyRound
              aria-hidden="true"
              className="mt-0.5 size-5 shrink-0 text-slate-500 dark:text-slate-400"
            />
            <div className="min-w-0">
              <p className="font-semibold break-words">
                {passkey.name}
                {passkey.synced && (
                  <span className="ml-2 rounded-full bg-slate-100 px-2 py-0.5 text-xs font-semibold text-slate-700 dark:bg-slate-800 dark:text-slate-200">
                    Synced
                  </span>
                )}
              </p>
              <p className="text-sm text-slate-600 dark:text-slate-400">
                Added <RelativeTime iso={passkey.createdAt} /> ·{' '}
                {passkey.lastUsedAt ? (
                  <>
                    last used <RelativeTime iso={passkey.lastUsedAt} />
                  </>
                ) : (
                  'not used yet'
                )}
              </p>
            </div>
          </div>
          <Button variant="secondary" aria-label={`Remove ${passkey.name}`} onClick={() => onRemove(passkey)}>
            Remove
          </Button>
        </li>
      ))}
    </ul>
  );
}
