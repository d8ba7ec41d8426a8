import { useState } from 'react';
import { changePasswordRequestSchema } from '../../../common/contracts/auth';
import { Alert } from '../../ui/alert';
import { Button } from '../../ui/button';
import { CurrentPasswordField } from '../../ui/current-password-field';
import { TextField } from '../../ui/text-field';
import { useChangePassword } from './account.queries';
import { SavedNote } from './settings-section';
import { useSettingsForm } from './use-settings-form';

const EMPTY = { currentPassword: '', newPassword: '' };

export function PasswordForm() {
  const [saved, setSaved] = useState<string | null>(null);
  const change = useChangePassword();
  const { values, fieldErrors, formError, update, submit, formRef } = useSettingsForm(
    EMPTY,
    changePasswordRequestSchema,
    change,
    () => setSaved('Password changed. Every other device was logged out.'),
    ['currentPassword', 'newPassword'],
  );
  return (
    <form ref={formRef} noValidate onSubmit={submit} className="flex flex-col gap-4">
      {formError && <Alert>{formError}</Alert>}
      <CurrentPasswordField
        value={values.currentPassword}
        onChange={(event) => {
          setSaved(null);
          update('currentPassword')(event);
        }}
        error={fieldErrors.currentPassword}
      />
      <TextField
        label="New password"
        type="password"
        name="newPassword"
        autoComplete="new-password"
        value={values.newPassword}
        onChange={update('newPassword')}
        error={fieldErrors.newPassword}
        hint="At least 8 characters. Changing it logs out every other device."
      />
      <div className="flex items-center gap-4">
        <Button type="submit" isBusy={change.isPending}>
          Change password
        </Button>
        <SavedNote message={saved} />
      </div>
    </form>
  );
}
