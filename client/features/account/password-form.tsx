import { useState } from 'react';
import { changePasswordRequestSchema } from '../../../common/contracts/auth';
import { useT } from '../../i18n';
import { Alert } from '../../ui/alert';
import { Button } from '../../ui/button';
import { CurrentPasswordField } from '../../ui/current-password-field';
import { TextField } from '../../ui/text-field';
import { useFieldErrorText } from '../auth';
import { accountMessages } from './account.messages';
import { useChangePassword } from './account.queries';
import { SavedNote } from './settings-section';
import { useSettingsForm } from './use-settings-form';

const EMPTY = { currentPassword: '', newPassword: '' };

export function PasswordForm() {
  const t = useT(accountMessages);
  const fieldErrorText = useFieldErrorText();
  const [isSaved, setIsSaved] = useState(false);
  const change = useChangePassword();
  const { values, fieldErrors, formError, update, submit, formRef } = useSettingsForm(
    EMPTY,
    changePasswordRequestSchema,
    change,
    () => setIsSaved(true),
    ['currentPassword', 'newPassword'],
  );
  return (
    <form ref={formRef} noValidate onSubmit={submit} className="flex flex-col gap-4">
      {formError && <Alert>{formError}</Alert>}
      <CurrentPasswordField
        value={values.currentPassword}
        onChange={(event) => {
          setIsSaved(false);
          update('currentPassword')(event);
        }}
        error={fieldErrorText(fieldErrors.currentPassword)}
      />
      <TextField
        label={t('newPasswordLabel')}
        type="password"
        name="newPassword"
        autoComplete="new-password"
        value={values.newPassword}
        onChange={update('newPassword')}
        error={fieldErrorText(fieldErrors.newPassword)}
        hint={t('newPasswordHint')}
      />
      <div className="flex items-center gap-4">
        <Button type="submit" isBusy={change.isPending}>
          {t('changePassword')}
        </Button>
        <SavedNote message={isSaved ? t('passwordChanged') : null} />
      </div>
    </form>
  );
}
