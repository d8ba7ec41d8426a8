import { useT } from '../i18n';
import { Button } from '../ui/button';
import { appMessages } from './app.messages';
import { applyUpdate, dismissUpdate, useUpdateWaiting } from './service-worker-registration';

const RELOAD =
  'rounded-lg bg-white px-3 py-1.5 font-semibold text-slate-900 hover:bg-slate-200 dark:bg-slate-900 dark:text-white dark:hover:bg-slate-700';

/**
 * "Reload to update": offered when a new version of Tidings has been installed behind the open
 * page. It waits for that click (or for every tab of the app to close), so nobody loses what
 * they were doing to an update.
 */
export function UpdatePrompt() {
  const t = useT(appMessages);
  const isWaiting = useUpdateWaiting();
  // On phones the bottom navigation bar (4 rem) takes the screen's foot: the prompt stays above it.
  return (
    <div
      role="status"
      className="fixed inset-x-0 bottom-[calc(5rem+env(safe-area-inset-bottom))] z-30 flex justify-center px-4 sm:bottom-4"
    >
      {isWaiting && (
        <div className="flex flex-wrap items-center gap-3 rounded-xl bg-slate-900 px-4 py-3 text-sm text-white shadow-lg dark:bg-slate-100 dark:text-slate-900">
          <span>{t('updateReady')}</span>
          <button type="button" className={RELOAD} onClick={applyUpdate}>
            {t('reloadToUpdate')}
          </button>
          <Button variant="secondary" onClick={dismissUpdate}>
            {t('later')}
          </Button>
        </div>
      )}
    </div>
  );
}
