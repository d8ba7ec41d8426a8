import { KeyRound } from 'lucide-react';
import type { Passkey } from '../../../common/contracts/passkeys';
import { useT } from '../../i18n';
import { Button } from '../../ui/button';
import { RelativeTime } from '../../ui/relative-time';
import { passkeysMessages } from './passkeys.messages';

/** The account's passkeys, each with when it was added and last used. */
export function PasskeyList({
  passkeys,
  onRemove,
}: {
  passkeys: Passkey[];
  onRemove: (passkey: Passkey) => void;
}) {
  const t = useT(passkeysMessages);
  if (passkeys.length === 0)
    return <p className="text-sm text-slate-700 dark:text-slate-300">{t('noneYet')}</p>;
  return (
    <ul aria-label={t('passkeysLabel')} className="divide-y divide-slate-200 dark:divide-slate-800">
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
                    {t('synced')}
                  </span>
                )}
              </p>
              <p className="text-sm text-slate-600 dark:text-slate-400">
                {passkey.lastUsedAt
                  ? t.rich('addedAndUsed', {
                      added: <RelativeTime iso={passkey.createdAt} />,
                      lastUsed: <RelativeTime iso={passkey.lastUsedAt} />,
                    })
                  : t.rich('addedNotUsed', { added: <RelativeTime iso={passkey.createdAt} /> })}
              </p>
            </div>
          </div>
          <Button
            variant="secondary"
            aria-label={t('removeLabel', { name: passkey.name })}
            onClick={() => onRemove(passkey)}
          >
            {t('remove')}
          </Button>
        </li>
      ))}
    </ul>
  );
}
