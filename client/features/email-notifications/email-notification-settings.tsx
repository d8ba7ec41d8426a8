import type { EmailNotificationSettings } from '../../../common/contracts/email-notifications';
import { userMessageOf } from '../../lib/api-client';
import { useSaveAsTicked } from '../../lib/use-save-as-ticked';
import { Alert } from '../../ui/alert';
import { type CheckboxChoice, CheckboxFieldset } from '../../ui/checkbox-fieldset';
import { useEmailNotificationSettings, useUpdateEmailNotifications } from './email-notifications.queries';

const CHOICES: readonly CheckboxChoice<keyof EmailNotificationSettings>[] = [
  { key: 'mention', label: 'Someone mentions me' },
  { key: 'reply', label: 'Someone replies to my posts' },
];

/** Settings → E-mail notifications: each choice saved as it is ticked. */
export function EmailNotificationSettingsForm({ isAddressConfirmed }: { isAddressConfirmed: boolean }) {
  const settings = useEmailNotificationSettings();
  const update = useUpdateEmailNotifications();
  const { ticked, saved, choose } = useSaveAsTicked(update);
  if (settings.isPending) return <p className="min-h-24 text-slate-600 dark:text-slate-400">Loading…</p>;
  if (settings.isError) return <Alert>{userMessageOf(settings.error)}</Alert>;
  return (
    <CheckboxFieldset
      legend="E-mail me when"
      choices={CHOICES}
      value={ticked ?? settings.data}
      onChange={choose}
      hint={
        isAddressConfirmed
          ? 'At most a few e-mails an hour; the rest wait in your notifications. Likes are never e-mailed.'
          : 'These e-mails go out once your address is confirmed.'
      }
    >
      {update.error && <Alert>{userMessageOf(update.error)}</Alert>}
      <p role="status" className="text-sm font-medium text-emerald-700 dark:text-emerald-400">
        {saved}
      </p>
    </CheckboxFieldset>
  );
}
