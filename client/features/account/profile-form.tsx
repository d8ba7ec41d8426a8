import { useState } from 'react';
import type { CurrentUser } from '../../../common/contracts/auth';
import { BIO_MAX_LENGTH, updateProfileRequestSchema } from '../../../common/contracts/users';
import { Alert } from '../../ui/alert';
import { Button } from '../../ui/button';
import { TextArea } from '../../ui/text-area';
import { TextField } from '../../ui/text-field';
import { useUpdateProfile } from './account.queries';
import { SavedNote } from './settings-section';
import { useSettingsForm } from './use-settings-form';

export function ProfileForm({ user }: { user: CurrentUser }) {
  const [saved, setSaved] = useState<string | null>(null);
  const save = useUpdateProfile();
  const { values, fieldErrors, formError, update, submit, formRef } = useSettingsForm(
    { displayName: user.displayName, bio: user.bio },
    updateProfileRequestSchema,
    save,
    () => setSaved('Profile saved.'),
  );
  const bioLength = [...values.bio].length;
  return (
    <form ref={formRef} noValidate onSubmit={submit} className="flex flex-col gap-4">
      {formError && <Alert>{formError}</Alert>}
      <TextField
        label="Display name"
        name="displayName"
        autoComplete="name"
        value={values.displayName}
        onChange={(event) => {
          setSaved(null);
          update('displayName')(event);
        }}
        error={fieldErrors.displayName}
      />
      <TextArea
        label="Bio"
        name="bio"
        rows={3}
        value={values.bio}
        onChange={(event) => {
          setSaved(null);
          update('bio')(event);
        }}
        error={fieldErrors.bio}
        hint={`${bioLength} of ${BIO_MAX_LENGTH} characters. Shown on your profile as plain text.`}
      />
      <div className="flex items-center gap-4">
        <Button type="submit" isBusy={save.isPending}>
          Save profile
        </Button>
        <SavedNote message={saved} />
      </div>
    </form>
  );
}
