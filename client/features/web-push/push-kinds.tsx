import type { PushSettings } from '../../../common/contracts/web-push';
import { userMessageOf } from '../../lib/api-client';
import { useSaveAsTicked } from '../../lib/use-save-as-ticked';
import { Alert } from '../../ui/alert';
import { type CheckboxChoice, CheckboxFieldset } from '../../ui/checkbox-fieldset';
import { usePushSettings, useUpdatePushSettings } from './web-push.queries';

const CHOICES: readonly CheckboxChoice<keyof PushSettings>[] = [
  { key: 'mention', label: 'Someone mentions me' },
  { key: 'reply', label: 'Someone replies to my posts' },
  { key: 'like', label: 'Someone likes my posts' },
  { key: 'repost', label: 'Someone reposts or quotes my posts' },
  { key: 'follow', label: 'Someone follows me or asks to' },
];

/** Which kinds of notification reach the account's devices: each choice saved as it is ticked. */
export function PushKinds() {
  const settings = usePushSettings();
  const update = useUpdatePushSettings();
  const { ticked, saved, choose } = useSaveAsTicked(update);
  if (settings.isPending) return <p className="min-h-24 text-slate-600 dark:text-slate-400">Loading…</p>;
  if (settings.isError) return <Alert>{userMessageOf(settings.error)}</Alert>;
  return (
    <CheckboxFieldset
      legend="Notify my devices when"
      choices={CHOICES}
      value={ticked ?? settings.data}
      onChange={choose}
      namePrefix="push-"
      hint="At most a few an hour; more likes on a post update its notification rather than add one."
    >
      {update.error && <Alert>{userMessageOf(update.error)}</Alert>}
      <p role="status" className="text-sm font-medium text-emerald-700 dark:text-emerald-400">
        {saved}
      </p>
    </CheckboxFieldset>
  );
}
