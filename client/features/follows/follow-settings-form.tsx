import { useId } from 'react';
import { Link } from 'react-router';
import { useT } from '../../i18n';
import { userMessageOf } from '../../lib/api-client';
import { useSaveAsTicked } from '../../lib/use-save-as-ticked';
import { Alert } from '../../ui/alert';
import { followsMessages } from './follows.messages';
import { useFollowSettings, useUpdateFollowSettings } from './follows.queries';

/** Settings → Privacy: whether new followers need approval, saved as it is ticked. */
export function FollowSettingsForm() {
  const t = useT(followsMessages);
  const settings = useFollowSettings();
  const update = useUpdateFollowSettings();
  const { ticked, saved, choose } = useSaveAsTicked(update);
  const hintId = useId();
  return (
    <div className="flex flex-col gap-3">
      {settings.isPending ? (
        // About the height of the box and its hint, so the link below stays where it is.
        <p className="min-h-16 text-sm text-slate-600 dark:text-slate-400">{t('loading')}</p>
      ) : settings.isError ? (
        <Alert>{userMessageOf(settings.error)}</Alert>
      ) : (
        <div className="flex flex-col gap-1">
          <label className="flex min-h-11 items-center gap-3 text-sm text-slate-800 dark:text-slate-200">
            <input
              type="checkbox"
              name="locked"
              aria-describedby={hintId}
              checked={(ticked ?? settings.data).locked}
              onChange={(event) => choose({ locked: event.target.checked })}
              className="size-5 shrink-0 accent-primary-600"
            />
            {t('approveFollowersLabel')}
          </label>
          <p id={hintId} className="text-sm text-slate-600 dark:text-slate-400">
            {t('approveFollowersHint')}
          </p>
        </div>
      )}
      <Link
        to="/follow-requests"
        className="inline-flex min-h-11 items-center self-start rounded-lg text-sm font-semibold text-primary-700 hover:underline dark:text-primary-300"
      >
        {t('requestsLink')}
      </Link>
      {update.error && <Alert>{userMessageOf(update.error)}</Alert>}
      <p role="status" className="text-sm font-medium text-green-800 dark:text-green-300">
        {saved}
      </p>
    </div>
  );
}
