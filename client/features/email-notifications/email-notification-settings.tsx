import { useId, useState } from 'react';
import type { EmailNotificationSettings } from '../../../common/contracts/email-notifications';
import { userMessageOf } from '../../lib/api-client';
import { Alert } from '../../ui/alert';
import { useEmailNotificationSettings, useUpdateEmailNotifications } from './email-notifications.queries';

const CHOICES: { key: keyof EmailNotificationSettings; label: string }[] = [
  { key: 'mention', label: 'Someone mentions me' },
  { key: 'reply', label: 'Someone replies to my posts' },
];

/** Settings → E-mail notifications: each choice saved as it is ticked. */
export function EmailNotificationSettingsForm({ isAddressConfirmed }: { isAddressConfirmed: boolean }) {
  const settings = useEmailNotificationSettings();
  const update = useUpdateEmailNotifications();
  const [saved, setSaved] = useState('');
  // The choice as ticked, set in the same event: a controlled checkbox must not flip back while the
  // save starts. Cleared once the server has answered (a refusal shows the saved value again).
  const [ticked, setTicked] = useState<EmailNotificationSettings | null>(null);
  const hintId = useId();
  if (settings.isPending) return <p className="min-h-24 text-slate-600 dark:text-slate-400">Loading…</p>;
  if (settings.isError) return <Alert>{userMessageOf(settings.error)}</Alert>;
  const current = ticked ?? settings.data;
  return (
    <fieldset className="flex flex-col gap-1" aria-describedby={hintId}>
      <legend className="mb-1 text-sm font-medium text-slate-800 dark:text-slate-200">E-mail me when</legend>
      {CHOICES.map(({ key, label }) => (
        <label
          key={key}
          className="flex min-h-11 items-center gap-3 text-sm text-slate-800 dark:text-slate-200"
        >
          <input
            type="checkbox"
            name={key}
            checked={current[key]}
            onChange={(event) => {
              const next = { ...current, [key]: event.target.checked };
              setSaved('');
              setTicked(next);
              update.mutate(next, {
                onSuccess: () => setSaved('Saved.'),
                onSettled: () => setTicked(null),
              });
            }}
            className="size-5 shrink-0 accent-primary-600"
          />
          {label}
        </label>
      ))}
      <p id={hintId} className="text-sm text-slate-600 dark:text-slate-400">
        {isAddressConfirmed
          ? 'At most a few e-mails an hour; the rest wait in your notifications. Likes are never e-mailed.'
          : 'These e-mails go out once your address is confirmed.'}
      </p>
      {update.error && <Alert>{userMessageOf(update.error)}</Alert>}
      <p role="status" className="text-sm font-medium text-emerald-700 dark:text-emerald-400">
        {saved}
      </p>
    </fieldset>
  );
}
