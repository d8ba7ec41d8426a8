import { useState } from 'react';
import { changeEmailRequestSchema, type CurrentUser } from '../../../common/contracts/auth';
import { Alert } from '../../ui/alert';
import { Button } from '../../ui/button';
import { TextField } from '../../ui/text-field';
import { EmailSuggestion, useEmailSuggestion } from '../auth';
import { useChangeEmail } from './account.queries';
import { SavedNote } from './settings-section';
import { useSettingsForm } from './use-settings-form';

export function EmailForm({ user }: { user: CurrentUser }) {
  const [saved, setSaved] = useState<string | null>(null);
  const [hasLeftEmail, setHasLeftEmail] = useState(false);
  const change = useChangeEmail();
  const { values, setValues, fieldErrors, formError, update, submit, formRef } = useSettingsForm(
    { email: user.email, currentPassword: '' },
    changeEmailRequestSchema,
    change,
    () => setSaved('E-mail address changed.'),
    ['currentPassword'],
  );
  const suggestion = useEmailSuggestion(values.email, hasLeftEmail, null);
  return (
    <form ref={formRef} noValidate onSubmit={submit} className="flex flex-col gap-4">
      {formError && <Alert>{formError}</Alert>}
      <TextField
        label="E-mail"
        type="email"
        name="email"
        autoComplete="email"
        inputMode="email"
        spellCheck={false}
        value={values.email}
        onChange={(event) => {
          setSaved(null);
          update('email')(event);
        }}
        onBlur={() => setHasLeftEmail(true)}
        error={fieldErrors.email}
        extra={
          <EmailSuggestion
            suggestion={suggestion}
            onApply={(full) => setValues((current) => ({ ...current, email: full }))}
          />
        }
      />
      <TextField
        label="Current password"
        type="password"
        name="currentPassword"
        autoComplete="current-password"
        value={values.currentPassword}
        onChange={update('currentPassword')}
        error={fieldErrors.currentPassword}
      />
      <div className="flex items-center gap-4">
        <Button type="submit" isBusy={change.isPending}>
          Change e-mail
        </Button>
        <SavedNote message={saved} />
      </div>
    </form>
  );
}
