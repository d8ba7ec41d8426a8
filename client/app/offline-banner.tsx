import { WifiOff } from 'lucide-react';
import { useT } from '../i18n';
import { useIsOffline } from '../lib/connectivity';
import { appMessages } from './app.messages';

/**
 * "Offline": shown while the server cannot be reached, so saved posts are never taken for new
 * ones. It floats under the header rather than pushing the page down, so going offline moves
 * nothing the reader is looking at.
 */
export function OfflineBanner() {
  const t = useT(appMessages);
  const isOffline = useIsOffline();
  return (
    <div
      role="status"
      className="pointer-events-none fixed inset-x-0 top-[4.5rem] z-20 flex justify-center px-4"
    >
      {isOffline && (
        <p className="flex items-center gap-2 rounded-full bg-slate-900 px-4 py-2 text-sm text-white shadow-lg dark:bg-slate-100 dark:text-slate-900">
          <WifiOff aria-hidden="true" className="size-4 shrink-0" />
          <span>
            {t.rich('offlineNotice', {
              strong: (chunks) => <strong className="font-semibold">{chunks}</strong>,
            })}
          </span>
        </p>
      )}
    </div>
  );
}
