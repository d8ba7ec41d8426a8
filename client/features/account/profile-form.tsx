import { useState } from 'react';
import type { CurrentUser } from '../../../common/contracts/auth';
import { BIO_MAX_LENGTH, updateProfileRequestSchema } from '../../../common/contracts/users';
import { useT } from '../../i18n';
import { Alert } from '../../ui/alert';
import { Button } from '../../ui/button';
import { TextArea } from '../../ui/text-area';
import { TextField } from '../../ui/text-field';
import { useFieldErrorText } from '../auth';
import { accountMessages } from './account.messages';
import { useUpdateProfile } from './account.queries';
import { SavedNote } from './settings-section';
import { useSettingsForm } from './use-settings-form';

export function ProfileForm({ user }: { user: CurrentUser }) {
  const t = useT(accountMessages);
  const fieldErrorText = useFieldErrorText();
  const [isSaved, setIsSaved] = useState(false);
  const save = useUpdateProfile();
  const { values, fieldErrors, formError, update, submit, formRef } = useSettingsForm(
    { displayName: user.displayName, bio: user.bio },
    updateProfileRequestSchema,
    save,
    () => setIsSaved(true),
  );
  const bioLength = [...values.bio].length;
  return (
    <form ref={formRef} noValidate onSubmit={submit} className="flex flex-col gap-4">
      {formError && <Alert>{formError}</Alert>}
      <TextField
        label={t('displayNameLabel')}
        name="displayName"
        autoComplete="name"
        value={values.displayName}
        onChange={(event) => {
          setIsSaved(false);
          update('displayName')(event);
        }}
        error={fieldErrorText(fieldErrors.displayName)}
      />
      <TextArea
        label={t('bioLabel')}
        name="bio"
        rows={3}
        value={values.bio}
        onChange={(event) => {
          setIsSaved(false);
          update('bio')(event);
        }}
        error={fieldErrorText(fieldErrors.bio)}
        hint={t('bioHint', { count: bioLength, max: BIO_MAX_LENGTH })}
      />
      <div className="flex items-center gap-4">
        <Button type="submit" isBusy={save.isPending}>
          {t('saveProfile')}
        </Button>
        <SavedNote message={isSaved ? t('profileSaved') : null} />
      </div>
    </form>
  );
}
