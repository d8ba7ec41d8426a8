import { useEffect, useRef, useState } from 'react';
import type { CurrentUser } from '../../../common/contracts/auth';
import { useT } from '../../i18n';
import { Alert } from '../../ui/alert';
import { Avatar } from '../../ui/avatar';
import { Button } from '../../ui/button';
import { CropDialog, preloadCropEditor, triageFiles, uploadErrorMessage } from '../media';
import { accountMessages } from './account.messages';
import { useRemoveAvatar, useSetAvatar } from './account.queries';
import { SavedNote } from './settings-section';

interface Picked {
  file: File;
  url: string;
  key: string;
}

/** The object URL lives exactly as long as the dialog that shows it. */
function usePickedFile() {
  const [picked, setPicked] = useState<Picked | null>(null);
  useEffect(() => () => (picked ? URL.revokeObjectURL(picked.url) : undefined), [picked]);
  return [picked, setPicked] as const;
}

/** Pick a picture, crop it square under a round mask, upload; or go back to the initials. */
export function AvatarSettings({ user }: { user: CurrentUser }) {
  const t = useT(accountMessages);
  const input = useRef<HTMLInputElement>(null);
  const [picked, setPicked] = usePickedFile();
  const [problem, setProblem] = useState<string | null>(null);
  const [saved, setSaved] = useState<'pictureSaved' | 'pictureRemoved' | null>(null);
  const setAvatar = useSetAvatar();
  const removeAvatar = useRemoveAvatar();

  const choose = (files: FileList | null) => {
    setSaved(null);
    const { accepted, problems } = triageFiles([...(files ?? [])], 1);
    setProblem(problems[0] ?? null);
    const file = accepted[0];
    if (file) setPicked({ file, url: URL.createObjectURL(file), key: `${file.name}-${Date.now()}` });
    if (input.current) input.current.value = '';
  };

  const error = problem ?? (setAvatar.error ? uploadErrorMessage(setAvatar.error) : null);
  return (
    <div className="flex flex-col gap-4">
      <div className="flex flex-wrap items-center gap-4">
        <Avatar name={user.displayName} handle={user.handle} avatar={user.avatar} size="xl" />
        <input
          ref={input}
          type="file"
          accept="image/*"
          className="sr-only"
          tabIndex={-1}
          aria-label={t('pictureFileLabel')}
          onChange={(event) => choose(event.target.files)}
        />
        <Button
          variant="secondary"
          isBusy={setAvatar.isPending}
          onPointerEnter={() => void preloadCropEditor().catch(() => undefined)}
          onFocus={() => void preloadCropEditor().catch(() => undefined)}
          onClick={() => input.current?.click()}
        >
          {user.avatar ? t('replacePicture') : t('uploadPicture')}
        </Button>
        {user.avatar && (
          <Button
            variant="ghost"
            isBusy={removeAvatar.isPending}
            onClick={() => removeAvatar.mutate(undefined, { onSuccess: () => setSaved('pictureRemoved') })}
          >
            {t('removePicture')}
          </Button>
        )}
        <SavedNote message={saved && t(saved)} />
      </div>
      {error && <Alert>{error}</Alert>}
      {picked && (
        <CropDialog
          title={t('cropTitle')}
          fileKey={picked.key}
          file={picked.file}
          imageUrl={picked.url}
          shape="round"
          onApply={(edit) => {
            const { file } = picked;
            setPicked(null);
            setAvatar.mutate({ file, edit }, { onSuccess: () => setSaved('pictureSaved') });
          }}
          onCancel={() => setPicked(null)}
        />
      )}
    </div>
  );
}
