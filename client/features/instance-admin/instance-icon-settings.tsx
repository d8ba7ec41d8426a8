import { useRef, useState } from 'react';
import { useT } from '../../i18n';
import { useClientConfig } from '../../lib/instance';
import { Alert } from '../../ui/alert';
import { Button } from '../../ui/button';
import { InstanceMark } from '../../ui/logo';
import { triageFiles, uploadErrorMessage } from '../media';
import { useRemoveInstanceIcon, useSetInstanceIcon } from './instance-admin.queries';
import { instanceAdminMessages } from './instance-admin.messages';

/**
 * The instance's icon: shown beside its name in every header. The server cuts the upload to a
 * square from its centre and makes every size, as for profile pictures.
 */
export function InstanceIconSettings() {
  const t = useT(instanceAdminMessages);
  const icon = useClientConfig().data?.instanceIcon ?? null;
  const input = useRef<HTMLInputElement>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [saved, setSaved] = useState<'iconSaved' | 'iconRemoved' | null>(null);
  const setIcon = useSetInstanceIcon();
  const removeIcon = useRemoveInstanceIcon();

  const choose = (files: FileList | null) => {
    setSaved(null);
    const { accepted, problems } = triageFiles([...(files ?? [])], 1);
    setProblem(problems[0] ?? null);
    const file = accepted[0];
    if (file) setIcon.mutate(file, { onSuccess: () => setSaved('iconSaved') });
    if (input.current) input.current.value = '';
  };

  const error = problem ?? (setIcon.error ? uploadErrorMessage(setIcon.error) : null);
  return (
    <div className="flex flex-col gap-4">
      <div className="flex flex-wrap items-center gap-4">
        <InstanceMark icon={icon} className="size-16" />
        <input
          ref={input}
          type="file"
          accept="image/*"
          className="sr-only"
          tabIndex={-1}
          aria-label={t('iconFileLabel')}
          onChange={(event) => choose(event.target.files)}
        />
        <Button variant="secondary" isBusy={setIcon.isPending} onClick={() => input.current?.click()}>
          {icon ? t('replaceIconButton') : t('uploadIconButton')}
        </Button>
        {icon && (
          <Button
            variant="ghost"
            isBusy={removeIcon.isPending}
            onClick={() => removeIcon.mutate(undefined, { onSuccess: () => setSaved('iconRemoved') })}
          >
            {t('removeIconButton')}
          </Button>
        )}
        <p role="status" className="text-sm font-medium text-emerald-700 dark:text-emerald-400">
          {saved && t(saved)}
        </p>
      </div>
      {error && <Alert>{error}</Alert>}
    </div>
  );
}
