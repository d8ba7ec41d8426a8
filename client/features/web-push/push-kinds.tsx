import { useId, useState } from 'react';
import type { PushSettings } from '../../../common/contracts/web-push';
import { userMessageOf } from '../../lib/api-client';
import { Alert } from '../../ui/alert';
import { usePushSettings, useUpdatePushSettings } from './web-push.queries';

const CHOICES: { key: keyof PushSettings; label: string }[] = [
  { key: 'mention', label: 'Someone mentions me' },
  { key: 'reply', label: 'Someone replies to my posts' },
  { key: 'like', label: 'Someone likes my posts' },
  { key: 'repost', label: 'Someone reposts or quotes my posts' },
  { key: 'follow', label: 'Someone follows me or asks to' },
];

/** Which kinds of notification reach the devices above: each choice saved as it is ticked. */
export function PushKinds() {
  const settings = usePushSettings();
  const update = useUpdatePushSettings();
  const [saved, setSaved] = useState('');
  // The choice as ticked, until the server answers (a refusal shows the saved value again).
  const [ticked, setTicked] = useState<PushSettings | null>(null);
  const hintId = useId();
  if (settings.isPending) return <p className="min-h-24 text-slate-600 dark:text-slate-400">Loading…</p>;
  if (settings.isError) return <Alert>{userMessageOf(settings.error)}</Alert>;
  const current = ticked ?? settings.data;
  return (
    <fieldset className="flex flex-col gap-1" aria-describedby={hintId}>
      <legend className="mb-1 text-sm font-medium text-slate-800 dark:text-slate-200">
        Notify my devices when
      </legend>
      {CHOICES.map(({ key, label }) => (
        <label
          key={key}
          className="flex min-h-11 items-center gap-3 text-sm text-slate-800 dark:text-slate-200"
        >
          <input
            type="checkbox"
            name={`push-${key}`}
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
        At most a few an hour; more likes on a post update its notification rather than add one.
      </p>
      {update.error && <Alert>{userMessageOf(update.error)}</Alert>}
      <p role="status" className="text-sm font-medium text-emerald-700 dark:text-emerald-400">
        {saved}
      </p>
    </fieldset>
  );
}
