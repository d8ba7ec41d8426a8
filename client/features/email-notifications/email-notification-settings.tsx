import type { EmailNotificationSettings } from '../../../common/contracts/email-notifications';
import { useT } from '../../i18n';
import { userMessageOf } from '../../lib/api-client';
import { useSaveAsTicked } from '../../lib/use-save-as-ticked';
import { Alert } from '../../ui/alert';
import { type CheckboxChoice, CheckboxFieldset } from '../../ui/checkbox-fieldset';
import { emailNotificationsMessages } from './email-notifications.messages';
import { useEmailNotificationSettings, useUpdateEmailNotifications } from './email-notifications.queries';

const CHOICE_LABELS = {
  mention: 'choiceMention',
  reply: 'choiceReply',
} as const satisfies Record<keyof EmailNotificationSettings, keyof typeof emailNotificationsMessages.source>;

/** Settings → E-mail notifications: each choice saved as it is ticked. */
export function EmailNotificationSettingsForm({ isAddressConfirmed }: { isAddressConfirmed: boolean }) {
  const t = useT(emailNotificationsMessages);
  const settings = useEmailNotificationSettings();
  const update = useUpdateEmailNotifications();
  const { ticked, saved, choose } = useSaveAsTicked(update);
  if (settings.isPending)
    return <p className="min-h-24 text-slate-600 dark:text-slate-400">{t('loading')}</p>;
  if (settings.isError) return <Alert>{userMessageOf(settings.error)}</Alert>;
  const choices: CheckboxChoice<keyof EmailNotificationSettings>[] = [
    { key: 'mention', label: t(CHOICE_LABELS.mention) },
    { key: 'reply', label: t(CHOICE_LABELS.reply) },
  ];
  return (
    <CheckboxFieldset
      legend={t('legend')}
      choices={choices}
      value={ticked ?? settings.data}
      onChange={choose}
      hint={isAddressConfirmed ? t('hintConfirmed') : t('hintUnconfirmed')}
    >
      {update.error && <Alert>{userMessageOf(update.error)}</Alert>}
      <p role="status" className="text-sm font-medium text-emerald-700 dark:text-emerald-400">
        {saved}
      </p>
    </CheckboxFieldset>
  );
}
