import type { PushSettings } from '../../../common/contracts/web-push';
import { useT } from '../../i18n';
import { userMessageOf } from '../../lib/api-client';
import { useSaveAsTicked } from '../../lib/use-save-as-ticked';
import { Alert } from '../../ui/alert';
import { type CheckboxChoice, CheckboxFieldset } from '../../ui/checkbox-fieldset';
import { webPushMessages } from './web-push.messages';
import { usePushSettings, useUpdatePushSettings } from './web-push.queries';

const CHOICES = [
  { key: 'mention', labelKey: 'kindMention' },
  { key: 'reply', labelKey: 'kindReply' },
  { key: 'like', labelKey: 'kindLike' },
  { key: 'repost', labelKey: 'kindRepost' },
  { key: 'follow', labelKey: 'kindFollow' },
] as const satisfies readonly { key: keyof PushSettings; labelKey: string }[];

/** Which kinds of notification reach the account's devices: each choice saved as it is ticked. */
export function PushKinds() {
  const t = useT(webPushMessages);
  const settings = usePushSettings();
  const update = useUpdatePushSettings();
  const { ticked, saved, choose } = useSaveAsTicked(update);
  if (settings.isPending)
    return <p className="min-h-24 text-slate-600 dark:text-slate-400">{t('loading')}</p>;
  if (settings.isError) return <Alert>{userMessageOf(settings.error)}</Alert>;
  return (
    <CheckboxFieldset
      legend={t('kindsLegend')}
      choices={CHOICES.map(({ key, labelKey }): CheckboxChoice<keyof PushSettings> => ({
        key,
        label: t(labelKey),
      }))}
      value={ticked ?? settings.data}
      onChange={choose}
      namePrefix="push-"
      hint={t('kindsHint')}
    >
      {update.error && <Alert>{userMessageOf(update.error)}</Alert>}
      <p role="status" className="text-sm font-medium text-emerald-700 dark:text-emerald-400">
        {saved}
      </p>
    </CheckboxFieldset>
  );
}
